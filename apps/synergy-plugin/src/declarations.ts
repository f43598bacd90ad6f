// Built and run by scripts/build.mjs only: the tools as the manifest and the runtime entry declare
// them (id, description, JSON Schema input), computed once from the catalogue at build time.
import { SETTINGS_SCHEMA } from "./choice.js"
import { catalogueTools } from "./tools.js"

/** Every tool's declaration, in order. */
export default catalogueTools().map(({ id, description, input, requires, enabledWhen }) => ({
  id,
  description,
  input,
  ...(requires !== undefined ? { requires } : {}),
  ...(enabledWhen !== undefined ? { enabledWhen } : {}),
}))

/** The settings' JSON Schema (toolsets, readOnly). */
export const settingsSchema = SETTINGS_SCHEMA
