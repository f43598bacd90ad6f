import { fileURLToPath } from "node:url"
import type { WaiterCommand } from "@holos-inspire/core/internal"

// This code runs from the built runtime's chunks/ folder; the waiter's entry is runtime/waiter.js.
const script = (): string => fileURLToPath(new URL("../waiter.js", import.meta.url))

/**
 * How a call with `notify` or `recover` starts its waiter: the runtime's waiter.js, run by the program
 * that runs the plugin. Inside Synergy that is the Synergy binary, a Bun that runs a script only as
 * `BUN_BE_BUN=1 <binary> run <script>`; under Node (the runtime's tests) it is `node <script>`.
 */
export const waiterCommand: WaiterCommand = (id, profile) => {
  const args = [script(), id, ...(profile !== undefined ? ["--profile", profile] : [])]
  return process.versions.bun !== undefined
    ? { file: process.execPath, args: ["run", ...args], env: { ...process.env, BUN_BE_BUN: "1" } }
    : { file: process.execPath, args }
}
