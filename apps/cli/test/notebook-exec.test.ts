import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, homeFor, inspire, json, type Run, transcript } from "./harness.js"
import { appears, stepsOnTerminal } from "./terminal.js"

// `inspire notebook exec | cp | shell` as a child process against the emulator's real Jupyter server:
// commands really run in the notebook's sandbox folder. The notebook's token must never be printed.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let nb: { id: string; name: string; token: string; labUrl: string }

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = { ...homeFor(emu.url), INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" }
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  nb = emu.control.jupyter.runningNotebook({ name: "cli-nb" }) as typeof nb
}, 30_000)
afterAll(async () => {
  await emu.close()
})

/** Runs the CLI and calls `when` with the child once its output contains `marker`. */
const runUntil = (
  args: ReadonlyArray<string>,
  marker: string,
  when: (child: ReturnType<typeof spawn>) => void,
  command = process.execPath,
  argv: ReadonlyArray<string> = [BIN, ...args],
): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, argv, { env, stdio: ["pipe", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    let fired = false
    const check = () => {
      if (!fired && (stdout + stderr).includes(marker)) {
        fired = true
        when(child)
      }
    }
    child.stdout?.on("data", (d: Buffer) => {
      stdout += d.toString("utf8")
      check()
    })
    child.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString("utf8")
      check()
    })
    child.on("error", reject)
    child.on("close", (code) => {
      transcript.push(stdout, stderr)
      resolve({ code: code ?? -1, stdout, stderr })
    })
  })

describe("inspire notebook exec", () => {
  it("prints the output and exits with the command's code", async () => {
    const ok = await inspire(env, ["notebook", "exec", "cli-nb", "--", "echo", "hello;", "echo", "err", ">&2"])
    expect(ok.code, ok.stderr).toBe(0)
    expect(ok.stdout).toBe("hello\nerr\n")
    const failing = await inspire(env, ["notebook", "exec", nb.id.slice(0, 8), "--", "exit 1"])
    expect(failing.code).toBe(1)
    const three = await inspire(env, ["notebook", "exec", nb.labUrl, "--json", "--", "printf x; exit 3"])
    expect(three.code).toBe(3)
    expect(JSON.parse(three.stdout)).toMatchObject({ mode: "run", output: "x", exitCode: 3, ended: "exited" })
  }, 60_000)

  it("passes --env and --cwd, and reports 124 after --timeout", async () => {
    const run = await inspire(env, [
      "notebook",
      "exec",
      "cli-nb",
      "--env",
      "A=a b",
      "--env",
      "B=$x",
      "--cwd",
      "/tmp",
      "--",
      'echo "$A|$B"; pwd',
    ])
    expect(run.stdout).toBe("a b|$x\n/tmp\n")
    const slow = await inspire(env, ["notebook", "exec", "cli-nb", "--timeout", "1", "--", "sleep 20"])
    expect(slow.code).toBe(124)
    expect(slow.stderr).toMatch(/124/)
  }, 60_000)

  it("passes Ctrl-C (SIGINT) to the command and exits 130", async () => {
    const run = await runUntil(
      ["notebook", "exec", "cli-nb", "--", "echo started; sleep 30; echo never"],
      "started",
      (c) => c.kill("SIGINT"),
    )
    expect(run.code).toBe(130)
    expect(run.stdout).toBe("started\n")
    expect(run.stderr).toMatch(/Interrupted/)
  }, 60_000)

  it("ends a command that ignores Ctrl-C with Ctrl-\\, keeping the shell's report of the kill out of the output", async () => {
    const run = await runUntil(
      ["notebook", "exec", "cli-nb", "--", "trap '' INT; echo started; sleep 30; echo never"],
      "started",
      (c) => c.kill("SIGINT"),
    )
    expect(run.code).toBe(130)
    expect(run.stdout).toBe("started\n")
  }, 60_000)

  it("runs long work detached through a dropped socket; --attach reads it all, --status reports it", async () => {
    // The work goes on only once the attached reader's socket has been dropped: the test writes the flag file
    // it waits for on a timer set after the reader's first line, which the emulator (in this process, on the
    // same timers) fires after the drop it set 2 s after the connection. So the drop falls inside the work
    // however slowly the machine starts the CLI.
    const flag = join(mkdtempSync(join(tmpdir(), "inspire-attach-")), "go")
    const started = json<{ execId: string }>(
      await inspire(env, [
        "notebook",
        "exec",
        "cli-nb",
        "--detach",
        "--json",
        "--",
        `echo n1; while [ ! -e ${flag} ]; do sleep 0.1; done; for i in 2 3 4 5; do echo n$i; done; exit 4`,
      ]),
    )
    emu.control.faults.set({ terminalSocketDropMs: 2000 })
    try {
      const attached = await runUntil(["notebook", "exec", "cli-nb", "--attach", started.execId], "n1", () =>
        setTimeout(() => writeFileSync(flag, ""), 3000),
      )
      expect(attached.code).toBe(4)
      expect(attached.stdout).toBe("n1\nn2\nn3\nn4\nn5\n")
      expect(attached.stderr).toMatch(/dropped/)
    } finally {
      emu.control.faults.reset()
    }
    const status = await inspire(env, ["notebook", "exec", "cli-nb", "--status", started.execId])
    expect(status.stdout).toMatch(/exited with 4/)
    // A timeout on --attach stops the reading, not the command.
    const long = json<{ execId: string }>(
      await inspire(env, ["notebook", "exec", "cli-nb", "--detach", "--json", "--", "echo begun; sleep 8; echo ended"]),
    )
    const cut = await inspire(env, ["notebook", "exec", "cli-nb", "--attach", long.execId, "--timeout", "2"])
    expect(cut.code).toBe(124)
    expect(cut.stdout).toBe("begun\n")
    expect(cut.stderr).toMatch(/keeps running/)
    const rest = await inspire(env, ["notebook", "exec", "cli-nb", "--attach", long.execId])
    expect(rest.code).toBe(0)
    expect(rest.stdout).toBe("begun\nended\n")
    const both = await inspire(env, ["notebook", "exec", "cli-nb", "--detach", "--status", "x1", "--", "ls"])
    expect(both.code).toBe(2)
  }, 90_000)

  it("shows a dry run without opening a terminal", async () => {
    emu.control.clearRequests()
    const run = await inspire(env, ["notebook", "exec", "cli-nb", "--dry-run", "--", "rm -rf data"])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/Dry run: Run `rm -rf data` in notebook cli-nb/)
    expect(emu.control.requests().log.filter((q) => q.surface.startsWith("jup:") && q.write)).toEqual([])
  }, 30_000)

  it("explains an unknown and a stopped notebook with hints", async () => {
    const unknown = await inspire(env, ["notebook", "exec", "nope-nb", "--", "true"])
    // No such task: 12, as for every unknown task id (`inspire help exit-codes`).
    expect(unknown.code).toBe(12)
    expect(unknown.stderr).toMatch(/No notebook is named "nope-nb"/)
    expect(unknown.stderr).toMatch(/hint: inspire notebook list/)
    const other = emu.control.jupyter.runningNotebook({ name: "cli-stopped" }) as typeof nb
    expect((await inspire(env, ["notebook", "stop", other.id, "--yes"])).code).toBe(0)
    emu.control.clock.advance(60)
    const stopped = await inspire(env, ["notebook", "exec", "cli-stopped", "--", "true"])
    expect(stopped.code).toBe(1)
    expect(stopped.stderr).toMatch(/commands and files need it RUNNING/)
    expect(stopped.stderr).toMatch(/hint: Start it with inspire notebook start/)
  }, 60_000)
})

describe("inspire notebook cp", () => {
  const local = mkdtempSync(join(tmpdir(), "inspire-cp-"))
  // Run in the folder the files are in: the CLI reads and writes files only below its current directory.
  const cp = (args: ReadonlyArray<string>) => inspire(env, args, undefined, local)

  it("copies a binary file there and back, checked by sha256, and never overwrites without --force", async () => {
    const bytes = randomBytes(300_000)
    writeFileSync(join(local, "blob.bin"), bytes)
    const up = await cp(["notebook", "cp", join(local, "blob.bin"), "cli-nb:blob.bin"])
    expect(up.code, up.stderr).toBe(0)
    expect(up.stdout).toMatch(/sha256 verified/)
    expect(readFileSync(join(emu.control.jupyter.sandbox(nb.id), "blob.bin")).equals(bytes)).toBe(true)
    const down = await cp(["notebook", "cp", "cli-nb:blob.bin", join(local, "back.bin")])
    expect(down.code, down.stderr).toBe(0)
    expect(readFileSync(join(local, "back.bin")).equals(bytes)).toBe(true)
    const again = await cp(["notebook", "cp", join(local, "blob.bin"), "cli-nb:blob.bin"])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/already exist.*nothing was copied/)
    expect(again.stderr).toMatch(/--force/)
    const back = await cp(["notebook", "cp", "cli-nb:blob.bin", join(local, "back.bin")])
    expect(back.code).toBe(1)
    const forced = await cp(["notebook", "cp", "--force", "cli-nb:blob.bin", join(local, "back.bin")])
    expect(forced.code).toBe(0)
  }, 60_000)

  it("copies a folder whole in both directions", async () => {
    const tree = join(local, "tree")
    mkdirSync(join(tree, "sub", "deeper"), { recursive: true })
    writeFileSync(join(tree, "a.txt"), "alpha\n")
    writeFileSync(join(tree, "sub", "b.bin"), randomBytes(5000))
    writeFileSync(join(tree, "sub", "deeper", "c.txt"), "gamma\n")
    const up = await cp(["notebook", "cp", tree, "cli-nb:"])
    expect(up.code, up.stderr).toBe(0)
    expect(up.stdout).toMatch(/Copied 3 file/)
    const remote = join(emu.control.jupyter.sandbox(nb.id), "tree")
    expect(readFileSync(join(remote, "sub", "deeper", "c.txt"), "utf8")).toBe("gamma\n")
    const restored = join(local, "restored")
    const down = await cp(["notebook", "cp", "cli-nb:tree", restored])
    expect(down.code, down.stderr).toBe(0)
    for (const f of ["a.txt", "sub/b.bin", "sub/deeper/c.txt"])
      expect(readFileSync(join(restored, f)).equals(readFileSync(join(tree, f))), f).toBe(true)
    const neither = await cp(["notebook", "cp", tree, join(local, "x")])
    expect(neither.code).toBe(2)
  }, 60_000)

  it("plans with --dry-run, makes missing folders, and keeps to the current directory", async () => {
    const sandbox = emu.control.jupyter.sandbox(nb.id)
    writeFileSync(join(local, "note.txt"), "note\n")
    const plan = await cp(["notebook", "cp", "--dry-run", "note.txt", "cli-nb:brand/new/"])
    expect(plan.code, plan.stderr).toBe(0)
    expect(plan.stdout).toContain("Dry run")
    expect(existsSync(join(sandbox, "brand"))).toBe(false)
    const made = await cp(["notebook", "cp", "note.txt", "cli-nb:brand/new/"])
    expect(made.code, made.stderr).toBe(0)
    expect(readFileSync(join(sandbox, "brand", "new", "note.txt"), "utf8")).toBe("note\n")
    const outside = await cp(["notebook", "cp", "cli-nb:brand/new/note.txt", join(tmpdir(), "inspire-cp-out.txt")])
    expect(outside.code).toBe(2)
    expect(outside.stderr).toMatch(/outside/)
    expect(existsSync(join(tmpdir(), "inspire-cp-out.txt"))).toBe(false)
  }, 60_000)
})

describe("inspire notebook shell", () => {
  it("refuses without a terminal", async () => {
    const run = await inspire(env, ["notebook", "shell", "cli-nb"])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/needs a terminal/)
  }, 30_000)

  it("runs an interactive shell on a pseudo-terminal, follows its size, and exits cleanly", async () => {
    // `script` gives the CLI a pseudo-terminal of 30x100; a background job resizes it to 40x120 (SIGWINCH
    // to the CLI) once the test writes a flag file.
    const flag = join(mkdtempSync(join(tmpdir(), "inspire-shell-")), "resize")
    const resizer = `(while [ ! -e ${flag} ]; do sleep 0.05; done; stty rows 40 cols 120 < /dev/tty; touch ${flag}.done) &`
    const line = `stty rows 30 cols 100; ${resizer} exec ${process.execPath} ${BIN} notebook shell cli-nb`
    const run = await stepsOnTerminal(
      env,
      line,
      [
        { after: "type exit to leave", act: (type) => type("echo shell-$((6*7)); stty size\r") },
        {
          after: /\b30 100\b/,
          act: async (type) => {
            writeFileSync(flag, "")
            await appears(`${flag}.done`)
            type("stty size\r")
          },
        },
        { after: /\b40 120\b/, act: (type) => type("exit\r") },
      ],
      55_000,
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toContain("shell-42")
    expect(run.stdout).toMatch(/\b30 100\b/)
    expect(run.stdout).toMatch(/\b40 120\b/)
    expect(run.stdout).toContain("Disconnected.")
  }, 60_000)

  it("exits with the shell's own status, and shows nothing of how it learns it", async () => {
    const line = `exec ${process.execPath} ${BIN} notebook shell cli-nb`
    const run = await runUntil(
      [],
      "type exit to leave",
      (c) => c.stdin?.write("echo before-$((2+3)); exit 5\r"),
      "script",
      ["-qfec", line, "/dev/null"],
    )
    expect(run.code).toBe(5)
    expect(run.stdout).toContain("before-5")
    expect(run.stdout).not.toMatch(/inspire-(ready|exit)|trap /)
  }, 60_000)
})

describe("the notebook's token", () => {
  it("is never printed", () => {
    const all = transcript.join("\n")
    expect(all).toContain("cli-nb")
    expect(all).not.toContain(nb.token)
  })
})
