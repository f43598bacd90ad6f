/** The plugin id: the model sees its tools as `plugin__inspire__<name>`. */
export const PLUGIN_ID = "inspire"

/** The name the model calls a tool by. */
export const modelToolName = (id: string): string => `plugin__${PLUGIN_ID}__${id}`

/** The capability that hands a handler the plugin's settings (toolsets, readOnly). */
export const SETTINGS_READ = "settings.read"
