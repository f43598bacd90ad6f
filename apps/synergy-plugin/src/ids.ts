/** The plugin id: the model sees its tools as `plugin__inspire__<name>`. */
export const PLUGIN_ID = "inspire"

/** The name the model calls a tool by. */
export const modelToolName = (id: string): string => `plugin__${PLUGIN_ID}__${id}`
