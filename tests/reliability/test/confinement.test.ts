// Copies between this machine and a notebook stay where they were sent (core's notebook_files, as the CLI's
// `notebook cp` calls it, run in the CLI's current directory). Two soaks: listings that name files above
// the destination, as any code in a notebook can serve them in place of its Jupyter server, with and
// without overwrite; and sources that are no regular files (pipes, devices, links to them). 0 files written
// outside the destination, 0 bytes sent for a refused source.
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { type InspireClient, InspireError, invoke, notebookFilesOperation, type Operation } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { report, size } from "./suite.js"
import { homeFor, loggedInClient } from "./support/platform.js"

const LISTINGS = size(40, 400)
const ROUNDS = size(2, 20)
const SEED = 20261205

let emu: RunningEmulator
let client: InspireClient
let nb: { id: string; name: string }
let sandbox: string
let cwd: string
let canary: string

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  const env = { ...homeFor(emu.url, "inspire-confine-"), INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" }
  client = (await loggedInClient(emu, env)).client
  nb = emu.control.jupyter.runningNotebook({ name: "confine-nb" })
  sandbox = emu.control.jupyter.sandbox(nb.id)
  cwd = mkdtempSync(join(tmpdir(), "inspire-confine-cwd-"))
  canary = mkdtempSync(join(tmpdir(), "inspire-confine-home-"))
  writeFileSync(join(canary, ".bashrc"), "mine\n")
})
afterAll(async () => {
  await client?.close()
  await emu?.close()
  for (const dir of [cwd, canary]) if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

/** One copy as `inspire notebook cp` makes it in `workingDir`: its result, or the refusal. */
const copy = async (input: Record<string, unknown>, workingDir = cwd) => {
  try {
    const { result } = await client.run(
      invoke(
        notebookFilesOperation as unknown as Operation,
        { notebook: nb.name, ...input },
        { workingDir, progress: () => {} },
      ),
    )
    return { result: result as { count: number; notes: ReadonlyArray<unknown> } }
  } catch (e) {
    if (e instanceof InspireError) return { error: e }
    throw e
  }
}

const writes = () => emu.control.requests().log.filter((q) => q.write).length

// A small deterministic generator, so a failing name can be replayed.
const lcg = (seed: number) => {
  let s = seed >>> 0
  return (n: number): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    // The high bits: an LCG's low ones repeat after a few steps.
    return Math.floor((s / 2 ** 32) * n)
  }
}

/** A name that points above the folder it is listed in, at the canary folder (or is no name at all). */
const hostileName = (pick: (n: number) => number): string => {
  const target = `${relative("/", canary)}/${[".bashrc", ".bash_login", ".profile"][pick(3)]}`
  const sep = ["/", "\\"][pick(2)] ?? "/"
  switch (pick(6)) {
    case 0:
      return `${`..${sep}`.repeat(1 + pick(12))}${target}`
    case 1:
      return `/${target}`
    case 2:
      return `sub${sep}..${sep}${`..${sep}`.repeat(pick(12))}${target}`
    case 3:
      return ["", ".", "..", "../", "./..", "..\\.."][pick(6)] ?? ".."
    case 4:
      return `.bashrc\0${"../".repeat(pick(4))}`
    default:
      return `${canary}${sep}.bashrc`
  }
}

describe("a notebook copy stays where it was sent", () => {
  it(`${LISTINGS} hostile listings and ${ROUNDS} rounds of sources that are no regular files: 0 escapes, 0 reads`, async () => {
    // Soak 1: listings naming files above the destination, every other one copied with overwrite.
    mkdirSync(join(sandbox, "served", "sub"), { recursive: true })
    writeFileSync(join(sandbox, "served", "sub", "ok.txt"), "ok\n")
    const pick = lcg(SEED)
    const names = new Set<string>()
    let refused = 0
    let wrongReason = 0
    const before = writes()
    for (let i = 0; i < LISTINGS; i++) {
      const name = hostileName(pick)
      names.add(name)
      emu.control.jupyter.craftListing(nb.id, i % 3 === 0 ? "served" : "served/sub", [
        { name, type: i % 4 === 0 ? "directory" : "file", size: 5 },
      ])
      const got = await copy({ action: "download", path: "served", local: `dest-${i}`, overwrite: i % 2 === 0 })
      if (got.error !== undefined) refused++
      if (got.error?.reason !== "PlatformError") wrongReason++
    }
    emu.control.jupyter.craftListing(nb.id, "served/sub", [])
    const escaped = readdirSync(canary).filter((f) => f !== ".bashrc").length
    const changed = readFileSync(join(canary, ".bashrc"), "utf8") === "mine\n" ? 0 : 1
    const made = readdirSync(cwd).filter((f) => f.startsWith("dest-")).length
    const sent = writes() - before

    // Soak 2: sources that are no regular files, from the current directory or /dev.
    mkdirSync(join(cwd, "piped", "deep"), { recursive: true })
    writeFileSync(join(cwd, "piped", "a.txt"), "a\n")
    execFileSync("mkfifo", [join(cwd, "piped", "deep", "fifo")])
    execFileSync("mkfifo", [join(cwd, "pipe")])
    symlinkSync("/dev/zero", join(cwd, "zero-link"))
    const sources: ReadonlyArray<readonly [string, string, string?]> = [
      ["a named pipe", "pipe"],
      ["a folder holding a named pipe", "piped"],
      ["/dev/zero, from /dev", "zero", "/dev"],
      ["/dev/urandom, from /dev", "urandom", "/dev"],
      ["/dev/zero, named from elsewhere", "/dev/zero"],
      ["a link to /dev/zero", "zero-link"],
    ]
    const rssBefore = process.resourceUsage().maxRSS
    const sourceWrites = writes()
    let sourceRefused = 0
    const accepted: string[] = []
    for (let round = 0; round < ROUNDS; round++)
      for (const [what, local, dir] of sources) {
        const got = await copy({ action: "upload", local, path: `in-${round}/`, overwrite: true }, dir)
        if (got.error?.reason === "InvalidInput") sourceRefused++
        else accepted.push(what)
      }
    const rssGrowth = (process.resourceUsage().maxRSS - rssBefore) / 1024
    const sourceSent = writes() - sourceWrites
    const tries = ROUNDS * sources.length

    report({
      id: "confinement",
      title: "Notebook copies stay where they were sent",
      method:
        `Core's notebook_files, as \`inspire notebook cp\` calls it in the CLI's current directory, against the emulator's Jupyter server. ` +
        `Soak 1: ${LISTINGS} downloads of a notebook folder whose listing (as any code in the notebook can serve one in place of its Jupyter server) ` +
        "names an entry above the destination: `../` climbs of 1–12 levels with slashes or backslashes, absolute paths, `sub/../..`, " +
        "empty, `.` and `..`, names holding NUL, all aimed at a folder standing for the home folder; files and folders, at the top or " +
        "one level down, every other copy with overwrite. " +
        `Soak 2: ${ROUNDS} rounds of uploads, with overwrite, of sources that are no regular files: ` +
        `${sources.map(([what]) => what).join("; ")}. The emulator's request log gives what was written in the notebook; ` +
        "the process's peak resident memory is read before and after soak 2.",
      rows: [
        { name: "hostile listings served (distinct names)", value: `${LISTINGS} (${names.size})` },
        {
          name: "downloads refused, naming the entry",
          value: `${refused} of ${LISTINGS}`,
          target: "all",
          met: refused === LISTINGS,
        },
        {
          name: "refused as something else than a listing fault",
          value: String(wrongReason),
          target: "0",
          met: wrongReason === 0,
        },
        {
          name: "files written or changed outside the destination",
          value: String(escaped + changed),
          target: "0",
          met: escaped + changed === 0,
        },
        { name: "destination folders made for a refused copy", value: String(made), target: "0", met: made === 0 },
        { name: "writes sent to the notebook by downloads", value: String(sent), target: "0", met: sent === 0 },
        {
          name: "uploads of a pipe or device refused",
          value: `${sourceRefused} of ${tries}`,
          target: "all",
          met: sourceRefused === tries,
        },
        { name: "writes sent to the notebook for them", value: String(sourceSent), target: "0", met: sourceSent === 0 },
        {
          name: "growth of peak resident memory over soak 2",
          value: `${rssGrowth.toFixed(1)} MiB`,
          target: "< 64 MiB",
          met: rssGrowth < 64,
        },
      ],
      notes: [`Seed ${SEED}.`],
    })
    expect({ refused, wrongReason, escaped, changed, made, sent }).toEqual({
      refused: LISTINGS,
      wrongReason: 0,
      escaped: 0,
      changed: 0,
      made: 0,
      sent: 0,
    })
    expect(accepted).toEqual([])
    expect(sourceSent).toBe(0)
    expect(rssGrowth).toBeLessThan(64)
  })
})
