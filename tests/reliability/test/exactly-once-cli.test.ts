// Exactly-once creates through the CLI: `inspire job submit … --json`, the real binary, several processes
// of one account at once, under the fault mix of support/exactly-once.ts (the platform's clock ±10 min off,
// every name shared by two submits). 0 duplicates, 0 jobs lost, 0 wrong ids (the id a process printed is a
// job of its name with its own marker), and every failure says, by its exit code and its JSON error, whether
// the job exists and what to do. 20 creates in npm test, 100 at full size.
import { fileURLToPath } from "node:url"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FULL, report, size } from "./suite.js"
import * as once from "./support/exactly-once.js"
import { createTargets, homeFor, loggedInClient, runNode } from "./support/platform.js"

const CREATES = size(20, 100)
const PROCESSES = size(4, 6)
const BIN = fileURLToPath(new URL("../node_modules/@holos-inspire/cli/dist/inspire.mjs", import.meta.url))

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let place: ReadonlyArray<string>
beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  const logged = await loggedInClient(emu, homeFor(emu.url, "inspire-once-"))
  await logged.client.close()
  env = { ...process.env, ...logged.env, NO_COLOR: "1" }
  const t = createTargets(emu.control.state()).submit("warm", "python train.py")
  place = [
    ...["--workspace", t.workspace, "--project", t.project, "--compute-group", t.compute_group],
    ...["--spec", t.spec, "--image", t.image],
  ]
  // One submit first, no faults, so the store holds the session (a login is not what is tested).
  const warm = await runNode(
    BIN,
    ["job", "submit", "--name", "warm", "--command", "python train.py", ...place, "--json"],
    env,
  )
  if (warm.code !== 0) throw new Error(`the first submit failed: ${warm.err}`)
}, 60_000)
afterAll(async () => {
  await emu?.close()
})

/** One `inspire job submit` process: the id it printed, or its exit code and JSON error. */
const submit = async (i: number): Promise<once.Outcome> => {
  const args = ["job", "submit", "--name", once.pairName(i), "--command", "python train.py", ...place]
  const r = await runNode(BIN, [...args, "--envs", `${once.TAG}=${i}`, "--json"], env)
  if (r.code === 0) return { i, jobId: (JSON.parse(r.out) as { jobId: string }).jobId }
  try {
    const { error } = JSON.parse(r.err.trim().split("\n").at(-1) ?? "") as {
      error: { created?: string; message: string; hint?: string }
    }
    return { i, error: { ...error, hint: error.hint ?? "", exit: r.code ?? -1 } }
  } catch {
    return {
      i,
      error: { message: `exit ${r.code}, unreadable error: ${r.err.slice(0, 300)}`, hint: "", exit: r.code ?? -1 },
    }
  }
}

describe("exactly-once creates through the CLI", () => {
  it(
    `${CREATES} \`inspire job submit\` processes under faults, skew and shared names: 0 duplicates, 0 lost, 0 wrong ids`,
    async () => {
      const outcomes = await once.runSkewed(emu, CREATES, PROCESSES, submit)
      const t = once.tally(emu, outcomes)
      console.log(once.summary("exactly-once (CLI)", t))
      const exits = [...new Set(t.failures.map((o) => o.error?.exit))].sort()
      report({
        id: "exactly-once-cli",
        title: "Exactly-once creates through the CLI",
        method:
          `${CREATES} real \`inspire job submit … --envs ${once.TAG}=<i> --json\` processes of one account, ${PROCESSES} at a ` +
          `time. ${once.FAULT_METHOD} A failure is read from the exit code and the JSON error on stderr (created, hint).`,
        rows: [...once.tallyRows(t), { name: "exit codes of the failures", value: exits.join(", ") || "none" }],
      })
      expect(outcomes).toHaveLength(CREATES)
      once.expectExactlyOnce(t)
    },
    FULL ? 1_200_000 : 300_000,
  )
})
