import type { AuthService } from "./auth/service.js"
import type { Clock } from "./clock.js"
import type { Faults } from "./faults.js"
import type { BackedHarbor } from "./harbor-backend.js"
import type { JupyterHost } from "./jupyter/host.js"
import type { RequestLog } from "./requests.js"
import type { PlatformRules } from "./rules.js"
import type { Engine } from "./sim/engine.js"
import type { Store } from "./state/store.js"
import type { User } from "./state/types.js"
import type { Body } from "./validate.js"

/** Everything a handler may touch. */
export interface Emu {
  store: Store
  clock: Clock
  engine: Engine
  auth: AuthService
  faults: Faults
  /** Behaviours on which the evidence splits (rules.ts). */
  rules: PlatformRules
  /** Every non-admin request served, for counting (control.requests()). */
  requests: RequestLog
  /** Registries whose Harbor REST answers from a real registry (EmulatorOptions.harborBackends). */
  harborBackends: Partial<Record<"qb" | "sj", BackedHarbor>>
  /** The Jupyter servers of running notebooks (terminals, contents) behind the gateway paths. */
  jupyter: JupyterHost
  log: (line: string) => void
}

export interface Call {
  emu: Emu
  /** The API family the call came in on; undefined for page routes. */
  family?: "oa" | "v1" | "v2"
  user: User
  body: Body
  raw: string
  params: Record<string, string>
  query: URLSearchParams
  /** The origin clients reach us at, e.g. http://127.0.0.1:4010. */
  base: string
}

export type Handler = (call: Call) => unknown
