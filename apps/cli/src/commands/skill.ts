import { createHash } from "node:crypto"
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  type Stats,
  statfsSync,
  statSync,
} from "node:fs"
import { homedir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { InspireError } from "@holos-inspire/core"
import {
  isConfinedFile,
  isoInstant,
  placeUnder,
  type Root,
  removeConfinedFileSync,
  writeConfinedFileSync,
} from "@holos-inspire/core/internal"
import { type Command, Option } from "commander"
import { type CommandOptions, withJson } from "../command.js"
import { EXIT } from "../exit-codes.js"
import { msg, speak } from "../language.js"
import { CliError, printResult, usageError } from "../output.js"

const SKILL = "sii-inspire"
const MANIFEST = ".inspire-skill.json"
const AGENTS = ["claude", "codex", "gemini", "opencode", "synergy"] as const
type Agent = (typeof AGENTS)[number]

const home = (): string => process.env.HOME || homedir()
const envDir = (name: string): string | undefined => process.env[name] || undefined

// Each agent's own root folder: its presence means the agent is installed for this user.
const agentRoot = (agent: Agent): string => {
  if (agent === "codex") return envDir("CODEX_HOME") ?? join(home(), ".codex")
  if (agent === "opencode") return join(envDir("XDG_CONFIG_HOME") ?? join(home(), ".config"), "opencode")
  // Synergy: SYNERGY_HOME replaces the home folder (PLUGIN-API §4).
  if (agent === "synergy") return join(envDir("SYNERGY_HOME") ?? home(), ".synergy")
  return join(home(), `.${agent}`)
}

/** The folder that holds an agent's user-level skills, one sub-folder per skill. */
const skillsFolder = (agent: Agent): string =>
  // Synergy 3.0.22 writes global skills to config/skill (and still reads config/skills).
  agent === "synergy" ? join(agentRoot(agent), "config", "skill") : join(agentRoot(agent), "skills")

/** Where the skill shipped with this CLI lives: next to the bundle, else in the repository. */
const shippedSkillDir = (): string | undefined => {
  const here = dirname(fileURLToPath(import.meta.url))
  const nextTo = join(here, "skills", SKILL)
  if (existsSync(join(nextTo, "SKILL.md"))) return nextTo
  for (let dir = here; dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, "skills", SKILL)
    if (existsSync(join(candidate, "SKILL.md"))) return candidate
  }
  return undefined
}

const requireShipped = (): string => {
  const dir = shippedSkillDir()
  if (dir !== undefined) return dir
  throw new CliError(
    msg("cli-skill-not-shipped", { skill: SKILL, folder: join(dirname(fileURLToPath(import.meta.url)), "skills") }),
    EXIT.error,
    msg("cli-skill-not-shipped-hint"),
  )
}

const hash = (file: string): string => createHash("sha256").update(readFileSync(file)).digest("hex")

/** Every regular file under a folder, as relative paths with `/`, sorted; the manifest is left out. */
const filesUnder = (root: string, prefix = ""): string[] => {
  const out: string[] = []
  for (const entry of readdirSync(join(root, prefix), { withFileTypes: true })) {
    const rel = prefix === "" ? entry.name : `${prefix}/${entry.name}`
    if (entry.isDirectory()) out.push(...filesUnder(root, rel))
    else if (entry.isFile() && rel !== MANIFEST) out.push(rel)
  }
  return out.sort()
}

const hashes = (root: string): Map<string, string> => new Map(filesUnder(root).map((f) => [f, hash(join(root, f))]))

// The skill folder is the only place an install writes or deletes (besides the backup beside the skills
// folder): every path below it goes through core's confined files, which refuse `..`, absolute paths and
// symbolic links below the folder.
const rootOf = (dir: string): Root => ({ path: dir, label: msg("cli-skill-root") })

/** A manifest entry naming a plain relative path inside the skill folder: `a/b.md`, never `../x` or `/x`. */
const plainEntry = (file: string): boolean =>
  file !== "" &&
  !file.includes("\0") &&
  !file.includes("\\") &&
  !file.startsWith("/") &&
  file.split("/").every((part) => part !== "" && part !== "." && part !== "..")

// Read only when it is a regular file of the folder: a link there could point anywhere.
const readManifest = (target: string): ReadonlyMap<string, string> | undefined => {
  try {
    if (!lstatSync(join(target, MANIFEST)).isFile()) return undefined
    const parsed = JSON.parse(readFileSync(join(target, MANIFEST), "utf8")) as { files?: Record<string, string> }
    return parsed.files !== undefined ? new Map(Object.entries(parsed.files)) : undefined
  } catch {
    return undefined
  }
}

/** Whether a path below the folder is a symbolic link or passes through one. */
const throughLink = (dir: string, file: string): boolean => {
  const parts = file.split("/")
  return parts.some((_, i) => {
    try {
      return lstatSync(join(dir, ...parts.slice(0, i + 1))).isSymbolicLink()
    } catch {
      return false
    }
  })
}

/** The shipped paths (and the manifest) that are, or pass through, a symbolic link in the installed copy. */
const linksIn = (dir: string, files: Iterable<string>): string[] =>
  [...files, MANIFEST].filter((file) => throughLink(dir, file))

/**
 * Entries of the manifest an install may act on: plain paths to regular files reached without links.
 * Entries outside the folder (`..`, absolute) or through a link are ignored, and reported.
 */
const ownEntries = (dir: string, recorded: ReadonlyMap<string, string>) => {
  const kept: string[] = []
  const ignored: string[] = []
  for (const file of recorded.keys()) {
    if (!plainEntry(file) || throughLink(dir, file)) ignored.push(file)
    else if (isConfinedFile(placeUnder(file, [rootOf(dir)]))) kept.push(file)
  }
  return { kept, ignored }
}

/** What installing into one folder would do. */
interface Plan {
  readonly agent: Agent | "custom"
  readonly dir: string
  /** Files of the installed copy the user changed, which an install would overwrite or delete. */
  readonly edited: ReadonlyArray<string>
  /** Paths an install would write that are symbolic links (or pass through one): never written, even with --force. */
  readonly links: ReadonlyArray<string>
  readonly upToDate: boolean
}

const plan = (agent: Agent | "custom", dir: string, shipped: ReadonlyMap<string, string>): Plan => {
  if (!existsSync(dir)) return { agent, dir, edited: [], links: [], upToDate: false }
  if (!statSync(dir).isDirectory())
    return { agent, dir, edited: [msg("cli-skill-not-folder")], links: [], upToDate: false }
  const current = hashes(dir)
  const recorded = readManifest(dir)
  // A file counts as the user's edit when it differs from what we wrote last time (or, with no record
  // of that, from what we would write); files we never shipped are left alone and never block.
  const edited = [...current].filter(([file, sum]) => {
    const ours = recorded?.get(file)
    if (ours !== undefined) return sum !== ours && sum !== shipped.get(file)
    return shipped.has(file) && sum !== shipped.get(file)
  })
  const upToDate =
    recorded !== undefined &&
    [...shipped].every(([file, sum]) => current.get(file) === sum) &&
    [...recorded.keys()].every((file) => shipped.has(file) || !current.has(file))
  return { agent, dir, edited: edited.map(([file]) => file), links: linksIn(dir, shipped.keys()), upToDate }
}

/** One folder's install, as `--json` reports it. */
interface Installed {
  readonly agent: Agent | "custom"
  readonly dir: string
  readonly status: "installed" | "updated" | "unchanged"
  readonly files: ReadonlyArray<string>
  readonly removed: ReadonlyArray<string>
  /** Manifest entries outside the skill folder (`..`, absolute) or through a link: never acted on. */
  readonly ignored?: ReadonlyArray<string>
  readonly backup?: string
}

// Beside the skills folder, not in it: an agent would load a backup inside it as a second sii-inspire skill.
const backupName = (dir: string): string => {
  const stamp = isoInstant(Date.now()).replace(/[:.+]/g, "-")
  return join(dirname(dirname(dir)), `${SKILL}.backup-${stamp}`)
}

const install = (p: Plan, source: string, shipped: ReadonlyMap<string, string>): Installed => {
  if (p.upToDate && p.edited.length === 0)
    return { agent: p.agent, dir: p.dir, status: "unchanged", files: [], removed: [] }
  const existed = existsSync(p.dir)
  let backup: string | undefined
  if (p.edited.length > 0) {
    backup = backupName(p.dir)
    cpSync(p.dir, backup, { recursive: true })
    if (!statSync(p.dir).isDirectory()) rmSync(p.dir)
  }
  // Files we shipped before and no longer ship go; anything the user added stays. Only plain entries
  // naming regular files inside the folder are acted on, whatever the manifest says.
  const previous = existsSync(p.dir) ? (readManifest(p.dir) ?? new Map<string, string>()) : new Map<string, string>()
  const { kept, ignored } = ownEntries(p.dir, previous)
  const removed = kept.filter((f) => !shipped.has(f) && removeConfinedFileSync(placeUnder(f, [rootOf(p.dir)])))
  // An ordinary folder of the user's (0777 less the umask), as before.
  mkdirSync(p.dir, { recursive: true })
  const files: string[] = []
  const write = (file: string, data: string | Uint8Array) =>
    writeConfinedFileSync(placeUnder(file, [rootOf(p.dir)]), data, { overwrite: true }).path
  for (const file of shipped.keys()) files.push(write(file, readFileSync(join(source, file))))
  const manifest = { skill: SKILL, note: "Written by `inspire skill install`.", files: Object.fromEntries(shipped) }
  write(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`)
  return {
    agent: p.agent,
    dir: p.dir,
    status: existed ? "updated" : "installed",
    files,
    removed: removed.map((f) => join(p.dir, f)),
    ...(ignored.length > 0 ? { ignored } : {}),
    ...(backup !== undefined ? { backup } : {}),
  }
}

const chooseTargets = (options: CommandOptions): ReadonlyArray<{ agent: Agent | "custom"; dir: string }> => {
  const agents = (options.agent as Agent[] | undefined) ?? []
  if (typeof options.dir === "string") return [{ agent: agents[0] ?? "custom", dir: join(resolve(options.dir), SKILL) }]
  if (agents.length > 0) return [...new Set(agents)].map((agent) => ({ agent, dir: join(skillsFolder(agent), SKILL) }))
  const found = AGENTS.filter((agent) => existsSync(agentRoot(agent)))
  if (found.length === 0)
    throw usageError(
      msg("cli-skill-no-agent", { folders: AGENTS.map(agentRoot).join(", ") }),
      msg("cli-skill-no-agent-hint", { agents: AGENTS.join("|"), skill: SKILL }),
    )
  return found.map((agent) => ({ agent, dir: join(skillsFolder(agent), SKILL) }))
}

// Linux's kernel file systems (statfs magic numbers): proc, sysfs, devpts, cgroup, cgroup2, debugfs,
// tracefs, securityfs, bpf, pstore, configfs, efivarfs. Nothing can be installed there, and a
// recursive mkdir below /proc never returns.
const KERNEL_FS = new Set([
  0x9fa0, 0x62656572, 0x1cd1, 0x27e0eb, 0x63677270, 0x64626720, 0x74726163, 0x73636673, 0xcafe4a11, 0x6165676c,
  0x62656570, 0xde5e81e4,
])

/** Refuses a destination whose nearest existing path is not a folder (a file, a device) or is the kernel's. */
const checkDestination = (dir: string): void => {
  let path = dir
  let found: Stats | undefined
  while (found === undefined) {
    try {
      found = statSync(path)
    } catch {
      if (dirname(path) === path) return
      path = dirname(path)
    }
  }
  const kernel = () => process.platform === "linux" && KERNEL_FS.has(Number(statfsSync(path).type))
  const why = !found.isDirectory() ? "not-folder" : kernel() ? "kernel" : undefined
  if (why !== undefined)
    throw usageError(msg("cli-skill-dir-unusable", { dir, path, why }), msg("cli-skill-dir-unusable-hint"))
}

const renderInstalled = (all: ReadonlyArray<Installed>): string =>
  all
    .map((r) => {
      const where = {
        skill: SKILL,
        who: r.agent === "custom" ? "" : msg("cli-skill-for", { agent: r.agent }),
        dir: r.dir,
      }
      if (r.status === "unchanged") return msg("cli-skill-unchanged", where)
      const lines = [r.status === "installed" ? msg("cli-skill-installed", where) : msg("cli-skill-updated", where)]
      if (r.backup !== undefined) lines.push(`  ${msg("cli-skill-backup", { backup: r.backup })}`)
      for (const f of r.files) lines.push(`  ${msg("cli-skill-wrote", { file: f })}`)
      for (const f of r.removed) lines.push(`  ${msg("cli-skill-removed", { file: f })}`)
      for (const f of r.ignored ?? []) lines.push(`  ${msg("cli-skill-ignored", { file: f })}`)
      return lines.join("\n")
    })
    .join("\n")

const collect = (value: string, previous: ReadonlyArray<string> | undefined): string[] => [...(previous ?? []), value]

const agentOption = (description: string): Option =>
  new Option("--agent <agent>", description).choices([...AGENTS]).argParser((value: string, previous?: string[]) => {
    if (!(AGENTS as ReadonlyArray<string>).includes(value))
      throw usageError(
        msg("cli-skill-agent-choice", { agents: AGENTS.join(", "), value }),
        msg("cli-skill-agent-choice-hint", { agent: AGENTS[0] }),
      )
    return collect(value, previous)
  })

/** `inspire skill install|path`: put the sii-inspire agent skill where an agent finds it. */
export const addSkillCommands = (program: Command): void => {
  const skill = program.command("skill").description(msg("cli-help-skill", { skill: SKILL }))
  withJson(
    skill
      .command("install")
      .description(msg("cli-help-skill-install", { skill: SKILL }))
      .addOption(agentOption(msg("cli-help-skill-agent")))
      .option("--dir <dir>", msg("cli-help-skill-dir", { skill: SKILL }))
      .option("--force", msg("cli-help-skill-force")),
  ).action((options: CommandOptions) => {
    const source = requireShipped()
    const shipped = hashes(source)
    const targets = chooseTargets(options)
    for (const t of targets) checkDestination(t.dir)
    const plans = targets.map((t) => plan(t.agent, t.dir, shipped))
    const linked = plans.filter((p) => p.links.length > 0)
    if (linked.length > 0)
      throw new CliError(
        msg("cli-skill-links", { where: linked.map((p) => `${p.dir} (${p.links.join(", ")})`).join("; ") }),
        EXIT.error,
        msg("cli-skill-links-hint"),
      )
    const blocked = plans.filter((p) => p.edited.length > 0)
    if (blocked.length > 0 && options.force !== true) {
      const what = blocked.map((p) => `${p.dir} (${p.edited.join(", ")})`).join("; ")
      throw new CliError(msg("cli-skill-edited", { where: what }), EXIT.error, msg("cli-skill-edited-hint"))
    }
    const installs = plans.map((p) => {
      try {
        return install(p, source, shipped)
      } catch (e) {
        // A refusal of the confined writer (a link, `..`) says what to do; a file system error is named.
        if (e instanceof InspireError && e.reason === "InvalidInput")
          throw new CliError(msg("cli-skill-failed", { dir: p.dir, reason: speak(e.text) }), EXIT.error, speak(e.hint))
        const code = ((e instanceof InspireError ? e.cause : e) as NodeJS.ErrnoException | undefined)?.code
        if (code === undefined) throw e
        const why = code === "ENOTDIR" || code === "EEXIST" ? msg("cli-skill-file-in-the-way") : (e as Error).message
        throw new CliError(
          msg("cli-skill-failed-fs", { dir: p.dir, reason: why }),
          EXIT.error,
          msg("cli-skill-failed-fs-hint"),
        )
      }
    })
    printResult(options.json === true, { skill: SKILL, source, installs }, renderInstalled(installs))
  })
  withJson(
    skill
      .command("path")
      .description(msg("cli-help-skill-path", { skill: SKILL }))
      .addOption(agentOption(msg("cli-help-skill-path-agent"))),
  ).action((options: CommandOptions) => {
    const agents = (options.agent as Agent[] | undefined) ?? []
    const paths = agents.length > 0 ? agents.map((a) => join(skillsFolder(a), SKILL)) : [requireShipped()]
    const result = agents.length > 0 ? { paths } : { path: paths[0] }
    printResult(options.json === true, result, paths.join("\n"))
  })
}
