export * from "./schema.js"
export * from "./servings.js"
