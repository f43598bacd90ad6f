// Requests straight to the platform go through Node's http module (core's platform/node-http.ts); undici,
// which parses HTTP with llhttp compiled to WebAssembly when its first connection opens, carries only
// requests through a proxy and the WebSockets of terminals. V8 runs
// it with its baseline compiler (Liftoff) and re-compiles the functions that get hot with TurboFan
// on a background thread; a process cannot exit while such a compile runs, and a CLI call that
// makes a few requests ended up waiting for optimised code it would never use.
// Modules compiled here get a tier-up budget 100 times V8's default (a long log download still
// tiers up; a short call never does). The flag is set only around the compile and then restored:
// V8 checks code caches (node's own for its built-in modules, and the CLI's) against a hash of its
// flags, and a flag left changed would make both useless, which costs more than it saves.
//
// Measured gain (`inspire job list --json` against the emulator, warm, 20 interleaved rounds, medians,
// 2026-12-03, loaded 2-core machine): Node 20 690 -> 1217 ms and 77 -> 112 MB max RSS without it;
// Node 24 448 -> 340 ms and 110 -> 88 MB with it (V8 13.6 tiers up too, at its larger default budget).
// Exit plan: delete this file when undici stops using WebAssembly for HTTP/1 (its JS parser), or when
// a V8 that the CLI supports exits without waiting for background tier-up compiles; check with
// bench/cold-start.mjs on every Node line listed below before adding one.
import { setFlagsFromString } from "node:v8"

// V8's default budget per V8 line (checked with `node --v8-options`); the restore must give it back
// exactly. Node 20 has V8 11.3, Node 22 V8 12.4, Node 24 V8 13.6. Another V8 is left alone.
const DEFAULT_BUDGETS: Readonly<Record<string, number>> = {
  "11.3": 1_800_000,
  "12.4": 13_000_000,
  "13.6": 13_000_000,
}

// The lib settings of this package do not declare WebAssembly; only its Module constructor is used.
const wasm = (globalThis as unknown as { WebAssembly: { Module: new (...args: unknown[]) => object } }).WebAssembly

/** Installs the budget for WebAssembly modules compiled from now on in this process, when it is safe to. */
export const deferWasmTierUp = (
  v8Version: string = process.versions.v8,
  nodeFlags: string = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`,
): boolean => {
  const budget = DEFAULT_BUDGETS[v8Version.split(".").slice(0, 2).join(".")]
  // Another V8 may have another default; a budget the user set is theirs.
  if (budget === undefined || /wasm/.test(nodeFlags)) return false
  wasm.Module = new Proxy(wasm.Module, {
    construct(target, args, newTarget) {
      setFlagsFromString(`--wasm-tiering-budget=${budget * 100}`)
      try {
        return Reflect.construct(target, args, newTarget)
      } finally {
        setFlagsFromString(`--wasm-tiering-budget=${budget}`)
      }
    },
  })
  return true
}
