export * from "./contents.js"
export * from "./exec.js"
export * from "./lab.js"
export * from "./terminal.js"
