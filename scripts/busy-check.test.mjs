import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const script = fileURLToPath(new URL("busy-check.mjs", import.meta.url))

const run = (args) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => {
      stdout += d.toString("utf8")
    })
    child.stderr.on("data", (d) => {
      stderr += d.toString("utf8")
    })
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })

const alive = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

// A killed process may linger a moment before it is reaped.
const survivors = async (ids) => {
  for (let i = 0; i < 50 && ids.some(alive); i++) await new Promise((resolve) => setTimeout(resolve, 100))
  return ids.filter(alive)
}

// Prints the burners it was given and whether each is running, then exits with `code`.
const probe = (code) =>
  `const ids = process.env.INSPIRE_BUSY_BURNERS.split(",").filter(Boolean).map(Number);
   const up = ids.map((pid) => { try { process.kill(pid, 0); return true } catch { return false } });
   console.log(JSON.stringify({ ids, up })); process.exit(${code})`

describe("busy-check", () => {
  it("runs the command beside running burners and ends them afterwards", async () => {
    const r = await run(["--burners", "2", "--", process.execPath, "-e", probe(0)])
    expect(r.code, r.stderr).toBe(0)
    const { ids, up } = JSON.parse(r.stdout)
    expect(ids).toHaveLength(2)
    expect(up).toEqual([true, true])
    expect(await survivors(ids)).toEqual([])
    expect(r.stderr).toContain("passed")
  })

  it("exits with the command's code, and still ends the burners", async () => {
    const r = await run(["--burners", "1", "--", process.execPath, "-e", probe(3)])
    expect(r.code).toBe(3)
    expect(await survivors(JSON.parse(r.stdout).ids)).toEqual([])
    expect(r.stderr).toContain("failed (exit 3)")
  })

  it("refuses arguments it does not know", async () => {
    expect((await run(["--burner", "2"])).code).toBe(2)
    expect((await run(["--burners", "two"])).code).toBe(2)
  })
})
