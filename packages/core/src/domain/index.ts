export * from "./status.js"
