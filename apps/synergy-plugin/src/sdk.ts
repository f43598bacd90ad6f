// Our own small helpers with the object shape of Synergy's plugin SDK (Plugin API 4). The SDK packages
// are not on the registry reachable here, and the host only needs the shape: it finds the definition by
// `id`, `version`, `contributions` and `handlerIds`, and calls `contribution.handler(input, context)`.

/** A JSON Schema object as the manifest carries it. */
export type JsonSchema = Readonly<Record<string, unknown>>

/** The host's per-call logger (details must never hold secrets). */
export interface PluginLog {
  readonly debug: (message: string, details?: unknown) => void
  readonly info: (message: string, details?: unknown) => void
  readonly warn: (message: string, details?: unknown) => void
  readonly error: (message: string, details?: unknown) => void
}

/** What the host hands to every handler call; a fresh object each time. */
export interface InvocationContext {
  readonly requestId?: string
  readonly sessionId?: string
  readonly actor?: { readonly type: string }
  /** Aborted when the session is cancelled or the host's time limit passes. */
  readonly signal?: AbortSignal
  readonly log?: PluginLog
  /** The plugin's settings (`pluginConfig.<id>`, with the settings' defaults): where `settings.read` is granted. */
  readonly settings?: { readonly get: () => Promise<Readonly<Record<string, unknown>>> }
}

/** What a tool returns; the model reads `output`, `metadata` carries the structured result. */
export interface ToolResult {
  readonly title?: string
  readonly output: string
  readonly metadata?: Readonly<Record<string, unknown>>
}

/** What a `synergy <plugin> <command>` handler returns: printed by the CLI, which exits with `exitCode`. */
export interface CliResult {
  readonly stdout?: string
  readonly stderr?: string
  readonly exitCode: number
}

/** A capability the plugin asks the user to grant. */
export interface Capability {
  readonly id: string
  readonly constraints?: Readonly<Record<string, unknown>>
}

/** A tool the model can call as `plugin__<pluginId>__<id>`. */
export interface ToolContribution {
  readonly kind: "tool"
  readonly id: string
  readonly description: string
  readonly input: JsonSchema
  readonly requires?: ReadonlyArray<string>
  readonly exposure?: Readonly<Record<string, unknown>>
  /** Offered to the model only while this setting has this value (the host compares one setting). */
  readonly enabledWhen?: { readonly setting: string; readonly equals: string | number | boolean }
  readonly handler: (input: unknown, context: InvocationContext) => Promise<ToolResult>
}

/** The plugin's settings: their JSON Schema (defaults included), which the host checks and shows. */
export interface SettingsContribution {
  readonly kind: "ui.settings"
  readonly id: string
  readonly label: string
  readonly order: number
  readonly group: string
  readonly formSchema: JsonSchema
}

/** An option of a CLI command: no positionals, no required flags, no aliases. */
export interface CliOption {
  readonly type: "string" | "boolean" | "number"
  readonly description: string
}

/** A subcommand `synergy <pluginId> <id>`. */
export interface CliCommandContribution {
  readonly kind: "cli.command"
  readonly id: string
  readonly description: string
  readonly options: Readonly<Record<string, CliOption>>
  readonly timeoutMs?: number
  readonly requires?: ReadonlyArray<string>
  readonly handler: (args: Readonly<Record<string, unknown>>, context: InvocationContext) => Promise<CliResult>
}

/** A skill shipped in the package (a folder with SKILL.md, copied by the build). */
export interface SkillContribution {
  readonly kind: "skill"
  readonly id: string
  readonly skill: {
    readonly name: string
    readonly description: string
    readonly dir?: string
    readonly content?: string
    readonly references?: ReadonlyArray<string>
  }
}

/** Every contribution kind this plugin uses. */
export type Contribution = ToolContribution | CliCommandContribution | SkillContribution | SettingsContribution

/** What a plugin module declares. */
export interface PluginSpec {
  readonly id: string
  readonly name: string
  readonly version: string
  readonly description: string
  readonly repository?: string
  readonly keywords?: ReadonlyArray<string>
  readonly compatibility?: { readonly synergy: string }
  readonly capabilities?: ReadonlyArray<Capability>
  readonly contributions: ReadonlyArray<Contribution>
}

/** The definition object the runtime bundle exports. */
export interface PluginDefinition extends PluginSpec {
  readonly compatibility: { readonly synergy: string }
  readonly capabilities: ReadonlyArray<Capability>
  readonly assets: ReadonlyArray<{ readonly source: string; readonly target: string }>
  readonly handlerIds: ReadonlyArray<string>
}

const PLUGIN_ID = /^[a-z][a-z0-9.-]*$/
const CONTRIBUTION_ID = /^[a-z][A-Za-z0-9._-]*$/
const SEMVER = /^\d+\.\d+\.\d+(?:-[a-zA-Z0-9.]+)?(?:\+[a-zA-Z0-9.]+)?$/

/** A tool contribution. */
export const tool = (spec: Omit<ToolContribution, "kind">): ToolContribution => ({ kind: "tool", ...spec })

/** A CLI command contribution. */
export const cliCommand = (spec: Omit<CliCommandContribution, "kind">): CliCommandContribution => ({
  kind: "cli.command",
  ...spec,
})

/** The settings contribution. */
export const settings = (spec: Omit<SettingsContribution, "kind">): SettingsContribution => ({
  kind: "ui.settings",
  ...spec,
})

/** A capability the plugin asks for. */
export const capability = (id: string): Capability => ({ id })

/** A skill contribution. */
export const skill = (spec: Omit<SkillContribution, "kind">): SkillContribution => ({ kind: "skill", ...spec })

/**
 * Checks what the host's manifest validation would refuse (ids, version, duplicates, undeclared
 * capabilities) and adds the defaults and `handlerIds`, as the SDK's definePlugin does.
 */
export const definePlugin = (spec: PluginSpec): PluginDefinition => {
  const problems: string[] = []
  if (!PLUGIN_ID.test(spec.id)) problems.push(`plugin id "${spec.id}" must match ${PLUGIN_ID}`)
  if (!SEMVER.test(spec.version)) problems.push(`version "${spec.version}" is not semver`)
  if (spec.description.length < 1 || spec.description.length > 1024) problems.push("description must be 1–1024 chars")
  const capabilities = spec.capabilities ?? []
  const granted = new Set(capabilities.map((c) => c.id))
  const seen = new Set<string>()
  const form = spec.contributions.find((c) => c.kind === "ui.settings")?.formSchema.properties
  const declaredSettings = new Set(Object.keys(typeof form === "object" && form !== null ? form : {}))
  for (const c of spec.contributions) {
    const key = `${c.kind}:${c.id}`
    if (!CONTRIBUTION_ID.test(c.id)) problems.push(`contribution id "${c.id}" must match ${CONTRIBUTION_ID}`)
    if (seen.has(key)) problems.push(`duplicate contribution ${key}`)
    seen.add(key)
    for (const r of "requires" in c ? (c.requires ?? []) : [])
      if (!granted.has(r)) problems.push(`${key} requires undeclared capability ${r}`)
    if (c.kind === "tool" && c.input.type !== "object") problems.push(`${key}: input must be a JSON Schema object`)
    if (c.kind === "tool" && c.enabledWhen !== undefined && !declaredSettings.has(c.enabledWhen.setting))
      problems.push(`${key}: enabledWhen names the undeclared setting ${c.enabledWhen.setting}`)
  }
  if (problems.length > 0) throw new Error(`Invalid plugin definition: ${problems.join("; ")}`)
  return {
    ...spec,
    compatibility: spec.compatibility ?? { synergy: ">=3.0.11" },
    capabilities,
    assets: [],
    handlerIds: spec.contributions.filter((c) => "handler" in c).map((c) => `${c.kind}:${c.id}`),
  }
}
