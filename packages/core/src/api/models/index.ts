export * from "./models.js"
export * from "./schema.js"
