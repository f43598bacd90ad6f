import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { createTrainingJob } from "../../../src/api/jobs/index.js"
import { connectPod, type PtyAccess, ptyAccess } from "../../../src/api/jobs/pty.js"
import { InspireError } from "../../../src/errors.js"
import { useEmulator } from "../../emulator.js"
import { profileFor } from "../../harness.js"
import { trainingInput } from "./fixture.js"

// The worker PTY socket against the emulator: cookie renewal when the handshake is refused, how the
// socket ends, and what a refusal says.

const emu = useEmulator()

/** Runs `use` with the real access to the only pod of a fresh running job (its renewal needs the run's services). */
const withPod = async <A>(use: (access: PtyAccess, job: string) => Promise<A>): Promise<A> => {
  const profile = profileFor(emu.current)
  const made = await profile.run(createTrainingJob(trainingInput(emu.current, "pty-1", "python x.py #emu:idle")))
  if (made._tag !== "Success") throw new Error("create failed")
  emu.current.control.clock.advance(20)
  const job = made.value.jobId
  const exit = await profile.run(
    Effect.flatMap(ptyAccess({ kind: "train", job, pod: `${job}-worker-0` }), (access) =>
      Effect.promise(() => use(access, job)),
    ),
  )
  if (exit._tag !== "Success") throw new Error(`failed: ${JSON.stringify(exit.cause)}`)
  return exit.value
}

describe("the worker PTY socket", () => {
  it("renews a refused cookie once, and says the shell ended when it exits", async () => {
    const { renewed, end, out } = await withPod(async (access) => {
      let renewed = 0
      let out = ""
      const stale: PtyAccess = {
        ...access,
        cookie: "inspire-session=0000",
        renew: () => {
          renewed++
          return access.renew()
        },
      }
      const socket = await connectPod(stale, (t) => {
        out += t
      })
      socket.send("echo hi-$((4+5)); exit 4\r")
      return { renewed, end: await socket.closed, out }
    })
    expect(renewed).toBe(1)
    expect(end).toBe("ended")
    expect(out).toContain("hi-9")
  }, 30_000)

  it("refuses a pod that is not there with the pod's name, and never the cookie", async () => {
    const { error, cookie, job } = await withPod(async (access, job) => {
      const wrong: PtyAccess = { ...access, target: { ...access.target, pod: `${job}-worker-9` } }
      const error = await connectPod(wrong, () => undefined).catch((e: unknown) => e)
      return { error, cookie: access.cookie, job }
    })
    expect(error).toBeInstanceOf(InspireError)
    const message = (error as InspireError).message
    expect(message).toContain(`${job}-worker-9`)
    expect(message).not.toContain(cookie.split("=")[1] ?? "-")
  }, 30_000)
})
