import { msg } from "../../words/message.js"
import type { Text } from "../../words/text.js"
import { type Finding, finding } from "./finding.js"
import type { SimpleCommand } from "./shell.js"
import { basename, unwrapCommand } from "./wrappers.js"

/** What a network command fetches, which decides the advice given. */
export type NetworkKind = "python-package" | "conda-package" | "download" | "git" | "system-package" | "node-package"

/** A command that needs the internet. */
export interface NetworkUse {
  readonly kind: NetworkKind
  /** The tool as the user would name it, e.g. `pip install` or `wget`. */
  readonly tool: string
  /** The command's source text. */
  readonly match: string
}

/** The mirror INSPIRE-API.md §6 rule 6 recommends; an install that only uses it does not need the internet. */
const NEXUS_HOST = "nexus.sii.shaipower.online"

const PYTHON = /^python(\d+(\.\d+)*)?$/
const PIP = /^pip(\d+(\.\d+)*)?$/

/** The first word that is not an option, skipping the values of `valued` options. */
const subcommand = (args: ReadonlyArray<string>, valued: ReadonlyArray<string> = []) => {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? ""
    if (!a.startsWith("-")) return { name: a, rest: args.slice(i + 1) }
    if (valued.includes(a)) i++
  }
  return { name: "", rest: [] as ReadonlyArray<string> }
}

const PIP_GLOBAL_VALUES = ["--proxy", "--log", "--cache-dir", "--timeout", "--retries", "--cert", "--python"]
const PIP_INSTALL_VALUES = new Set(
  "-i --index-url --extra-index-url -f --find-links -t --target --prefix --root --src --upgrade-strategy --platform --python-version --implementation --abi --no-binary --only-binary --progress-bar -C --config-settings --global-option --report --trusted-host --proxy --cache-dir --timeout".split(
    " ",
  ),
)

/** A path or archive on disk, which pip installs without the network. */
const isLocalTarget = (target: string): boolean =>
  /^(\.|\.\.|\/|~\/|\.\/|\.\.\/|file:)/.test(target) ||
  (/\.(whl|tar\.gz|tgz|zip)$/.test(target) && !target.includes("://"))

/** Whether `pip install <args>` reaches the internet; local, `--no-index` and Nexus-only installs do not. */
const pipNeedsNetwork = (args: ReadonlyArray<string>, assignments: ReadonlyArray<string>): boolean => {
  if (args.includes("--no-index")) return false
  const indexes = assignments.filter((a) => a.startsWith("PIP_INDEX_URL=")).map((a) => a.slice(14))
  const extras: Array<string> = []
  let remote = false
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? ""
    const [option = "", inline] = a.startsWith("--") ? a.split(/=(.*)/s) : [a.slice(0, 2), a.slice(2) || undefined]
    const takesValue = ["-r", "--requirement", "-c", "--constraint", "-e", "--editable"].includes(option)
    if (!a.startsWith("-")) {
      remote ||= !isLocalTarget(a)
      continue
    }
    if (!takesValue && !PIP_INSTALL_VALUES.has(option)) continue
    const value = inline ?? args[i + 1] ?? ""
    if (inline === undefined) i++
    if (option === "-e" || option === "--editable") remote ||= !isLocalTarget(value)
    // A requirements file may name anything, so it counts as remote.
    if (option === "-r" || option === "--requirement") remote = true
    if (option === "-i" || option === "--index-url") indexes.push(value)
    if (option === "--extra-index-url") extras.push(value)
  }
  const nexusOnly = indexes.length > 0 && [...indexes, ...extras].every((url) => url.includes(NEXUS_HOST))
  return remote && !nexusOnly
}

const LOCALHOST = /^([a-z]+:\/\/)?(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\])([:/]|$)/i

/** `curl`/`wget` only talking to this machine, or only printing their version, do not need the internet. */
const fetchNeedsNetwork = (args: ReadonlyArray<string>): boolean => {
  if (args.length > 0 && args.every((a) => ["--version", "-V", "--help", "-h"].includes(a))) return false
  const urls = args.filter((a) => a.includes("://") || LOCALHOST.test(a))
  return urls.length === 0 || !urls.every((u) => LOCALHOST.test(u))
}

const use = (kind: NetworkKind, tool: string, cmd: SimpleCommand): NetworkUse => ({ kind, tool, match: cmd.text })

const pythonPackages = (tool: string, args: ReadonlyArray<string>, cmd: SimpleCommand): NetworkUse | undefined => {
  const sub = subcommand(args, PIP_GLOBAL_VALUES)
  if (sub.name !== "install" && sub.name !== "download") return undefined
  return pipNeedsNetwork(sub.rest, cmd.assignments) ? use("python-package", `${tool} ${sub.name}`, cmd) : undefined
}

/** The module a `python -m module` run starts, and the arguments after it. */
export const pythonModule = (args: ReadonlyArray<string>) => {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? ""
    if (a === "-m") return { module: args[i + 1] ?? "", rest: args.slice(i + 2) }
    if (a.startsWith("-m")) return { module: a.slice(2), rest: args.slice(i + 1) }
    if (!a.startsWith("-") || a === "-c") return undefined
    if (a === "-W" || a === "-X") i++
  }
  return undefined
}

const SUBCOMMANDS: ReadonlyArray<readonly [RegExp, NetworkKind, ReadonlyArray<string>]> = [
  [
    /^(conda|mamba|micromamba)$/,
    "conda-package",
    ["install", "create", "update", "upgrade", "env create", "env update"],
  ],
  [/^uv$/, "python-package", ["add", "sync", "lock", "pip sync"]],
  [/^git$/, "git", ["clone", "pull", "fetch", "push", "ls-remote", "submodule update", "lfs pull", "lfs fetch"]],
  [/^(huggingface-cli|hf)$/, "download", ["download", "upload"]],
  [/^modelscope$/, "download", ["download"]],
  [/^(apt|apt-get|yum|dnf)$/, "system-package", ["install", "update", "upgrade"]],
  [/^npm$/, "node-package", ["install", "i", "ci", "add", "update"]],
]

const GIT_VALUES = ["-C", "-c", "--git-dir", "--work-tree", "--namespace"]

/** The network use of one simple command, judged by the program that really runs, never by substrings. */
export const networkUseOf = (cmd: SimpleCommand): NetworkUse | undefined => {
  const words = unwrapCommand(cmd.words).words
  const name = basename(words[0] ?? "")
  const args = words.slice(1)
  if (PIP.test(name)) return pythonPackages(name, args, cmd)
  if (PYTHON.test(name)) {
    const run = pythonModule(args)
    return run?.module === "pip" ? pythonPackages(`${name} -m pip`, run.rest, cmd) : undefined
  }
  if (name === "uv" && subcommand(args).name === "pip") {
    const rest = subcommand(args).rest
    if (subcommand(rest).name === "install") return pythonPackages("uv pip", rest, cmd)
  }
  if (name === "wget" || name === "curl" || name === "aria2c") {
    return fetchNeedsNetwork(args) ? use("download", name, cmd) : undefined
  }
  if (args.includes("--offline")) return undefined
  for (const [pattern, kind, subs] of SUBCOMMANDS) {
    if (!pattern.test(name)) continue
    const first = subcommand(args, name === "git" ? GIT_VALUES : [])
    const second = subcommand(first.rest).name
    const hit = subs.find((s) => s === first.name || s === `${first.name} ${second}`)
    return hit === undefined ? undefined : use(kind, `${name} ${hit}`, cmd)
  }
  return undefined
}

// What to do instead of each kind of download, said when a finding is made.
const FIXES: Readonly<Record<NetworkKind, () => Text>> = {
  "python-package": () => msg("lint-fix-python-package", { mirror: NEXUS_HOST }),
  "conda-package": () => msg("lint-fix-conda-package"),
  download: () => msg("lint-fix-download", { shared: msg("lint-fix-shared") }),
  git: () => msg("lint-fix-git", { shared: msg("lint-fix-shared") }),
  "system-package": () => msg("lint-fix-system-package", { shared: msg("lint-fix-shared") }),
  "node-package": () => msg("lint-fix-node-package"),
}

/** Where the command runs, for the wording: a workspace known offline, one of unknown policy, or an HPC space. */
export type NetworkContext = "offline" | "unknown" | "hpc"

/** One offline-network finding per command that needs the internet (errors when offline, warnings when unknown). */
export const offlineNetworkFindings = (
  commands: ReadonlyArray<SimpleCommand>,
  context: NetworkContext,
): ReadonlyArray<Finding> =>
  commands.flatMap((cmd) => {
    const hit = networkUseOf(cmd)
    if (hit === undefined) return []
    const message = msg("lint-network", { tool: hit.tool, context })
    return [
      finding(context === "unknown" ? "warning" : "error", "offline-network", message, FIXES[hit.kind](), hit.match),
    ]
  })
