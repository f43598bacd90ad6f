// undici parses HTTP with llhttp, compiled to WebAssembly when the first connection opens. V8 runs
// it with its baseline compiler (Liftoff) and re-compiles the functions that get hot with TurboFan
// on a background thread; a process cannot exit while such a compile runs, and a CLI call that
// makes a few requests ended up waiting about 90 ms for optimised code it would never use.
// Modules compiled here get a tier-up budget 100 times V8's default (a long log download still
// tiers up; a short call never does). The flag is set only around the compile and then restored:
// V8 checks code caches (node's own for its built-in modules, and the CLI's) against a hash of its
// flags, and a flag left changed would make both useless, which costs more than it saves.
import { setFlagsFromString } from "node:v8"

// V8 11.3 (Node 20): its default budget, which the restore must give back exactly.
const DEFAULT_BUDGET = 1_800_000
const KNOWN_V8 = /^11\.3\./

// The lib settings of this package do not declare WebAssembly; only its Module constructor is used.
const wasm = (globalThis as unknown as { WebAssembly: { Module: new (...args: unknown[]) => object } }).WebAssembly

/** Installs the budget for WebAssembly modules compiled from now on in this process, when it is safe to. */
export const deferWasmTierUp = (
  v8Version: string = process.versions.v8,
  nodeFlags: string = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`,
): boolean => {
  // Another V8 may have another default; a budget the user set is theirs.
  if (!KNOWN_V8.test(v8Version) || /wasm/.test(nodeFlags)) return false
  wasm.Module = new Proxy(wasm.Module, {
    construct(target, args, newTarget) {
      setFlagsFromString(`--wasm-tiering-budget=${DEFAULT_BUDGET * 100}`)
      try {
        return Reflect.construct(target, args, newTarget)
      } finally {
        setFlagsFromString(`--wasm-tiering-budget=${DEFAULT_BUDGET}`)
      }
    },
  })
  return true
}
