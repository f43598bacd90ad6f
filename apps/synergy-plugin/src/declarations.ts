// Built and run by scripts/build.mjs only: the tools as the manifest and the runtime entry declare
// them (id, description, JSON Schema input), computed once from the catalogue at build time.
import { catalogueTools } from "./tools.js"

/** Every tool's declaration, in order. */
export default catalogueTools().map(({ id, description, input }) => ({ id, description, input }))
