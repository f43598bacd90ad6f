import { z } from "zod"
import { keptValue } from "../api/resources/cache.js"
import { listWorkspaces } from "../api/resources/workspaces.js"
import { didYouMean, matchName } from "../domain/names.js"
import type { Project } from "../domain/projects.js"
import { workspacePolicy } from "../domain/workspaces.js"
import { Effect, Either } from "../effect.js"
import { invalidInput } from "../errors.js"
import { maskTarget } from "../notify/target.js"
import { ActiveProfile, registryTable } from "../profile.js"
import { entryOf } from "../store/schema.js"
import {
  parseSettingKey,
  parseSettingValue,
  SETTING_ENV,
  SETTING_KEYS,
  type SettingValue,
  settingHelp,
} from "../store/settings.js"
import { Store } from "../store/store.js"
import { msg } from "../words/message.js"
import { callWord, joinText, type Text, text } from "../words/text.js"
import { defineOperation, type OutputOf } from "./catalogue/operation.js"
import { textOutput } from "./catalogue/schema.js"
import { resolvedDefaults, savedDefaults } from "./common/defaults.js"
import { PlanOutput, planned, renderPlan } from "./common/plan.js"
import { asides, renderTable } from "./common/render.js"

const Input = z.object({
  action: z.enum(["get", "set", "unset"]).default("get").describe("get shows the defaults; set or unset changes one"),
  key: z.enum(SETTING_KEYS).optional().describe("The setting (required for set and unset)"),
  value: z
    .union([z.string(), z.number()])
    .optional()
    .describe("The new value for set, e.g. 分布式训练空间, 9, 65536 (MB), or a display-domain image address"),
  dry_run: z
    .boolean()
    .default(false)
    .describe("For set and unset: check the value and return the change, writing nothing"),
})

const Value = z.union([z.string(), z.number()])

const ConfigOutput = () =>
  z.object({
    action: z.enum(["get", "set", "unset"]).describe("What was done"),
    profile: z.string().describe("The profile whose defaults these are"),
    settings: z
      .array(
        z.object({
          key: z.enum(SETTING_KEYS).describe("The setting"),
          value: Value.optional().describe("Its value in force; absent when unset"),
          source: z
            .enum(["argument", "environment", "profile", "default", "unset"])
            .describe("Where the value comes from"),
          from: z.string().optional().describe("The environment variable or profile it came from"),
          help: textOutput().describe("What the setting means"),
        }),
      )
      .describe("Every setting with its value and source"),
    changed: z
      .object({
        key: z.enum(SETTING_KEYS).describe("The setting changed"),
        before: Value.optional().describe("The saved value before; absent when unset"),
        after: Value.optional().describe("The saved value now; absent when unset"),
      })
      .optional()
      .describe("For set and unset: the change made"),
    notes: z.array(textOutput()).describe("Notes, e.g. an environment variable overriding the saved value"),
    warnings: z
      .array(textOutput())
      .optional()
      .describe("For set: doubts about the value, e.g. a workspace none of your kept workspaces is named"),
    dryRun: z.boolean().optional().describe("For set and unset: true when nothing was written"),
    plan: PlanOutput().optional(),
  })

/** What `config` returns: its output schema's type. */
export interface ConfigResult extends OutputOf<ReturnType<typeof ConfigOutput>> {}

/** One setting as `config get` shows it. */
export type SettingView = ConfigResult["settings"][number]

// A workspace name checked against the workspaces kept from the last discovery (no request is made;
// with nothing kept there is nothing to check against). It is saved anyway: the list may be stale.
const unknownWorkspace = (value: string) =>
  Effect.map(keptValue<ReadonlyArray<Project>>("projects"), (projects): ReadonlyArray<Text> => {
    if (projects === undefined) return []
    const known = listWorkspaces(projects)
    const alias = workspacePolicy(value)
    const found = value.startsWith("ws-")
      ? known.some((w) => w.id === value)
      : matchName(
          known,
          (w) => w.name,
          value,
          alias.known ? (w) => workspacePolicy(w.name).name === alias.name : undefined,
        ).kind === "one"
    if (found) return []
    return [
      text`${msg("config-unknown-workspace", { value })}${didYouMean(
        known.map((w) => w.name),
        value,
      )}`,
    ]
  })

// The notify target may hold a webhook's secret: it is shown masked, in results, changes and plans alike.
const shown = (key: string, v: SettingValue | undefined): SettingValue | undefined =>
  key === "notify" && v !== undefined ? maskTarget(String(v)) : v

const views = Effect.map(resolvedDefaults(), (all) =>
  SETTING_KEYS.map(
    (key): SettingView => ({
      key,
      value: shown(key, all[key].value),
      source: all[key].source,
      ...(all[key].from !== undefined ? { from: all[key].from } : {}),
      help: settingHelp(key),
    }),
  ),
)

export const configOperation = defineOperation({
  name: "config",
  title: "Read or change defaults",
  description: text`Reads (get) or sets the defaults other tools fall back to (key lists them). Spec and compute_group are not stored (they depend on the workspace and task type): take them from ${callWord("status")}.`,
  input: Input,
  output: ConfigOutput,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  effects: { by: "action", writes: ["set", "unset"] },
  examples: [
    { action: "set", key: "defaultPriority", value: 5 },
    { action: "unset", key: "defaultShm" },
  ],
  actions: {
    get: {
      summary: "Show every default, or one value",
      fields: ["key"],
      cli: { path: ["config", "get"], positional: ["key"], lastOptional: true },
    },
    set: {
      summary: "Set a default",
      fields: ["key", "value"],
      cli: { path: ["config", "set"], positional: ["key", "value"] },
    },
    unset: { summary: "Remove a default", fields: ["key"], cli: { path: ["config", "unset"], positional: ["key"] } },
  },
  run: (input) =>
    Effect.gen(function* () {
      const profile = yield* ActiveProfile
      const name = profile.name.value ?? "default"
      if (input.action === "get")
        return { action: "get", profile: name, settings: yield* views, notes: [] } satisfies ConfigResult
      if (input.key === undefined)
        return yield* Effect.fail(
          invalidInput(
            msg("config-needs-key", { action: input.action }),
            msg("config-use-one-of", { keys: SETTING_KEYS.join(", ") }),
            {
              candidates: SETTING_KEYS,
            },
          ),
        )
      const key = yield* parseSettingKey(input.key)
      let after: SettingValue | undefined
      if (input.action === "set") {
        if (input.value === undefined)
          return yield* Effect.fail(invalidInput(msg("config-needs-value", { key }), settingHelp(key)))
        const parsed = parseSettingValue(key, input.value, registryTable(profile))
        if (Either.isLeft(parsed)) return yield* Effect.fail(parsed.left)
        after = parsed.right
      }
      const store = yield* Store
      const before = shown(key, (yield* savedDefaults())[key])
      const show = (v: SettingValue | undefined): Text | string => (v === undefined ? msg("config-unset") : String(v))
      if (input.dry_run)
        return {
          action: input.action,
          profile: name,
          settings: yield* views,
          changed: { key, before, after: shown(key, after) },
          notes: [],
          dryRun: true,
          plan: {
            summary: msg("config-plan-summary", { action: input.action, key, profile: name }),
            targets: [{ kind: "setting", id: key, change: text`${show(before)} → ${show(shown(key, after))}` }],
            requests: [planned("LOCAL", store.paths.configFile)],
          },
        } satisfies ConfigResult
      yield* store.updateConfig((c) => {
        const mine = entryOf(c.profiles, name) ?? { defaults: {}, endpoints: {} }
        const { [key]: _old, ...rest } = mine.defaults
        const defaults = after === undefined ? rest : { ...rest, [key]: after }
        return Effect.succeed({ ...c, profiles: { ...c.profiles, [name]: { ...mine, defaults } } })
      })
      const settings = (yield* views).map((v) =>
        v.key === key && v.source !== "environment"
          ? {
              ...v,
              value: shown(key, after),
              source: after === undefined ? ("unset" as const) : ("profile" as const),
              from: `profile ${name}`,
            }
          : v,
      )
      const env = profile.env[SETTING_ENV[key]]
      const notes =
        env !== undefined && env.trim() !== "" ? [msg("config-env-overrides", { env: SETTING_ENV[key] })] : []
      const warnings = key === "defaultWorkspace" && after !== undefined ? yield* unknownWorkspace(String(after)) : []
      return {
        action: input.action,
        profile: name,
        settings,
        changed: { key, before, after: shown(key, after) },
        notes,
        ...(warnings.length > 0 ? { warnings } : {}),
      } satisfies ConfigResult
    }),
  render: (r: ConfigResult) => {
    if (r.plan !== undefined) return renderPlan(r.plan)
    const c = r.changed
    // A change that changes nothing says so, rather than "(unset) → (unset)".
    const head =
      c === undefined
        ? msg("config-head", { profile: r.profile })
        : c.before === undefined && c.after === undefined
          ? msg("config-was-unset", { key: c.key, profile: r.profile })
          : c.before !== undefined && String(c.before) === String(c.after)
            ? msg("config-unchanged", { key: c.key, value: String(c.after), profile: r.profile })
            : msg("config-changed", {
                key: c.key,
                before: c.before !== undefined ? String(c.before) : msg("config-unset"),
                after: c.after !== undefined ? String(c.after) : msg("config-unset"),
                profile: r.profile,
              })
    const table = renderTable(r.settings, [
      { header: msg("config-col-key"), cell: (s) => s.key },
      { header: msg("config-col-value"), cell: (s) => s.value },
      { header: msg("config-col-source"), cell: (s) => (s.from !== undefined ? `${s.source} (${s.from})` : s.source) },
    ])
    return joinText([head, table, ...asides("note", r.notes), ...asides("warning", r.warnings ?? [])], "\n")
  },
})
