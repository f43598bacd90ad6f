// Filled in by scripts/build.mjs (esbuild `define`); see there.

/** The plugin's version, from package.json. */
declare const __INSPIRE_PLUGIN_VERSION__: string

/** The skill folder the build found at skills/sii-inspire, or null when there is none. */
declare const __INSPIRE_SKILL__: {
  readonly name: string
  readonly description: string
  readonly dir: string
  readonly content?: string
} | null

/** The tools' declarations, computed by the build from the catalogue (src/declarations.ts). */
declare const __INSPIRE_TOOLS__: ReadonlyArray<{
  readonly id: string
  readonly description: string
  readonly input: Readonly<Record<string, unknown>>
  readonly requires?: ReadonlyArray<string>
  readonly enabledWhen?: { readonly setting: string; readonly equals: string | number | boolean }
}>

/** The settings' JSON Schema (toolsets, readOnly), from src/choice.ts. */
declare const __INSPIRE_SETTINGS__: Readonly<Record<string, unknown>>
