import { chooseToolsets, type Operation, TOOLSET_NAMES, type ToolsetName, toolsetOf } from "@holos-inspire/core"
import { modelToolName } from "./ids.js"
import type { InvocationContext } from "./sdk.js"

/** Where a user sets the plugin's settings. */
const WHERE = "pluginConfig.inspire in $SYNERGY_HOME/.synergy/config/synergy.d/50-plugins.jsonc"

/** The plugin's settings as JSON Schema: the host shows and checks them, and fills in the defaults. */
export const SETTINGS_SCHEMA = {
  type: "object",
  properties: {
    toolsets: {
      type: "array",
      items: { type: "string" },
      default: ["all"],
      description: `The tool sets whose tools may run: ${TOOLSET_NAMES.join(", ")}, or all (the default)`,
    },
    readOnly: {
      type: "boolean",
      default: false,
      description: "Offer and run only the tools that change nothing on the platform",
    },
  },
} as const

/** The toolsets and read-only mode the settings choose, or what is wrong with them. */
const choiceOf = (
  values: Readonly<Record<string, unknown>>,
): { readonly toolsets: ReadonlyArray<ToolsetName>; readonly readOnly: boolean } | string => {
  const raw = values.toolsets ?? ["all"]
  const names = typeof raw === "string" ? raw.split(",") : Array.isArray(raw) ? raw.map(String) : undefined
  const chosen = names === undefined ? { unknown: [] } : chooseToolsets(names)
  if (!("toolsets" in chosen))
    return `The setting toolsets (${WHERE}) names ${chosen.unknown.length > 0 ? `an unknown toolset "${chosen.unknown.join('", "')}"` : "no toolset"}; the toolsets are ${TOOLSET_NAMES.join(", ")}, or all. Correct it and call again.`
  if (values.readOnly !== undefined && typeof values.readOnly !== "boolean")
    return `The setting readOnly (${WHERE}) must be true or false, not ${JSON.stringify(values.readOnly)}.`
  return { toolsets: chosen.toolsets, readOnly: values.readOnly === true }
}

/**
 * Why the settings do not let `op` run (as the MCP server's --toolsets and --read-only decide what it
 * lists), or with `notifying`, run with notify or recover; undefined when they do. Without the host's settings service the defaults hold: every set.
 */
export const refusalOf = async (
  op: Operation,
  context: InvocationContext,
  notifying = false,
): Promise<string | undefined> => {
  const choice = choiceOf((await context.settings?.get()) ?? {})
  if (typeof choice === "string") return choice
  const name = modelToolName(op.name)
  if (choice.readOnly && !op.annotations.readOnly)
    return `${name} changes the platform, and the plugin runs read-only (readOnly: true in ${WHERE}): only tools that change nothing can be called. Set readOnly to false to use it.`
  // As the MCP server's --read-only offers no notify: a waiter sends and resubmits, so none is left.
  if (choice.readOnly && notifying)
    return `notify and recover leave a waiter that sends and resubmits, and the plugin runs read-only (readOnly: true in ${WHERE}). Call ${name} without them, or set readOnly to false.`
  const set = toolsetOf(op)
  if (!choice.toolsets.includes(set))
    return `${name} is in the toolset "${set}", which the plugin's settings leave out (toolsets: ${choice.toolsets.join(", ")}). Add "${set}" to toolsets in ${WHERE} (or set ["all"]) to use it.`
  return undefined
}
