export * from "./domain/index.js"
export * from "./errors.js"
export * from "./store/index.js"
