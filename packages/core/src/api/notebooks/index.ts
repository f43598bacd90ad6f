export * from "./create.js"
export * from "./lifecycle.js"
export * from "./read.js"
export * from "./schema.js"
