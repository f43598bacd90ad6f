export * from "./domain/index.js"
export * from "./errors.js"
