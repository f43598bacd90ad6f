import { z } from "zod"
import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"

/** A workspace's internet access; the platform exposes no API for it (INSPIRE-API.md §3.3). */
export const NetworkPolicy = z.enum(["online", "offline", "unknown"])
export type NetworkPolicy = z.infer<typeof NetworkPolicy>

/** The two Harbor registries: 七宝 (qb, the default) and 松江 (sj, SJ spaces only). */
export const RegistryId = z.enum(["qb", "sj"])
export type RegistryId = z.infer<typeof RegistryId>

/** What is known of a workspace from its name alone. */
export interface WorkspacePolicy {
  readonly name: string
  readonly network: NetworkPolicy
  readonly registry: RegistryId
  /** False when the name is not in the table: the policy is then a guess and must be shown as such. */
  readonly known: boolean
  readonly note?: Text
}

interface KnownWorkspace {
  readonly name: string
  readonly aliases: ReadonlyArray<string>
  readonly network: NetworkPolicy
  readonly registry: RegistryId
  /** What to know about it, in the reader's words (made when asked: messages are not made at import). */
  readonly note: () => Text
}

// The manual's table, completed from INSPIRE-API.md §3.3. Kept static because no API reports it;
// it may drift, which is why an unmatched name is reported as unknown rather than guessed.
const KNOWN: ReadonlyArray<KnownWorkspace> = [
  {
    name: "分布式训练空间",
    aliases: [],
    network: "offline",
    registry: "qb",
    note: () => msg("domain-workspace-note-distributed"),
  },
  {
    name: "整节点任务空间",
    aliases: [],
    network: "offline",
    registry: "qb",
    note: () => msg("domain-workspace-note-whole-node"),
  },
  {
    name: "高性能计算",
    aliases: [],
    network: "offline",
    registry: "qb",
    note: () => msg("domain-workspace-note-hpc"),
  },
  {
    name: "可上网GPU资源",
    aliases: [],
    network: "online",
    registry: "qb",
    note: () => msg("domain-workspace-note-online-gpu"),
  },
  { name: "CPU资源空间", aliases: [], network: "online", registry: "qb", note: () => msg("domain-workspace-note-cpu") },
  {
    name: "国产卡资源空间",
    aliases: ["国产卡"],
    network: "online",
    registry: "qb",
    note: () => msg("domain-workspace-note-ascend"),
  },
  {
    name: "PPU资源空间",
    aliases: ["PPU"],
    network: "online",
    registry: "qb",
    note: () => msg("domain-workspace-note-ppu"),
  },
  {
    name: "专属资源开发空间",
    aliases: [],
    network: "online",
    registry: "qb",
    note: () => msg("domain-workspace-note-dedicated"),
  },
  { name: "SJ资源空间", aliases: [], network: "online", registry: "sj", note: () => msg("domain-workspace-note-sj") },
  {
    name: "公共项目空间",
    aliases: [],
    network: "online",
    registry: "qb",
    note: () => msg("domain-workspace-note-public"),
  },
  {
    name: "CPU临时测试空间",
    aliases: [],
    network: "online",
    registry: "qb",
    note: () => msg("domain-workspace-note-cpu-test"),
  },
  {
    name: "项目资源空间",
    aliases: [],
    network: "online",
    registry: "qb",
    note: () => msg("domain-workspace-note-project"),
  },
]

/** The workspace names whose policy is known, grouped for help texts. */
export const workspacesByNetwork = (network: "online" | "offline"): ReadonlyArray<string> =>
  KNOWN.filter((w) => w.network === network).map((w) => w.name)

// Names are matched exactly after removing whitespace and ASCII case, because the console writes
// both "CPU资源空间" and "CPU 资源空间".
const normalizeName = (name: string): string => name.replace(/\s+/g, "").toLowerCase()

const INDEX: ReadonlyMap<string, KnownWorkspace> = new Map(
  KNOWN.flatMap((w) => [w.name, ...w.aliases].map((n) => [normalizeName(n), w] as const)),
)

/** The registry a workspace pushes to and pulls from: SJ spaces use sj, all others qb. */
export const registryForWorkspace = (name: string): RegistryId => {
  const known = INDEX.get(normalizeName(name))
  if (known !== undefined) return known.registry
  return /^sj/i.test(name.trim()) ? "sj" : "qb"
}

/** Looks a workspace up by name; an unmatched name gets network `unknown`, never a guess. */
export const workspacePolicy = (name: string): WorkspacePolicy => {
  const known = INDEX.get(normalizeName(name))
  if (known === undefined) return { name, network: "unknown", registry: registryForWorkspace(name), known: false }
  return { name: known.name, network: known.network, registry: known.registry, known: true, note: known.note() }
}

/** Annotates a real workspace list with the policy of each, keeping every field it had. */
export const annotateWorkspaces = <W extends { readonly name: string }>(
  workspaces: ReadonlyArray<W>,
): ReadonlyArray<W & { readonly policy: WorkspacePolicy }> =>
  workspaces.map((w) => ({ ...w, policy: workspacePolicy(w.name) }))

/** Whether a workspace is online as far as the table knows: true, false, or undefined when unknown. */
export const isOnline = (name: string): boolean | undefined => {
  const network = workspacePolicy(name).network
  return network === "unknown" ? undefined : network === "online"
}
