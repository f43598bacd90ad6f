export * from "./harbor.js"
export * from "./platform.js"
export * from "./schema.js"
