import type { AddressInfo } from "node:net"
import { type Control, makeControl } from "./admin.js"
import { type AuthOptions, AuthService } from "./auth/service.js"
import { Clock } from "./clock.js"
import type { Emu } from "./context.js"
import { Faults, type LimiterOptions } from "./faults.js"
import { DEMO_HARBOR, DEMO_USER } from "./fixtures/platform.js"
import { BackedHarbor, type HarborBackendOptions } from "./harbor-backend.js"
import { JupyterHost } from "./jupyter/host.js"
import { RequestLog } from "./requests.js"
import { defaultRules, type PlatformRules, patchRules } from "./rules.js"
import { createEmulatorServer } from "./server.js"
import { Engine } from "./sim/engine.js"
import { Store } from "./state/store.js"
import { type Certificate, makeCertificate } from "./tls.js"

export type { Control } from "./admin.js"
export { CAS_MODULUS_HEX, encryptPassword } from "./auth/rsa.js"
export type { AuthOptions } from "./auth/service.js"
export { type FaultConfig, type LimiterOptions, type SurfaceMode, seeded } from "./faults.js"
export { DEMO_HARBOR, DEMO_USER } from "./fixtures/platform.js"
export { type HarborBackend, type HarborBackendOptions, readHarborBackends } from "./harbor-backend.js"
export type { RunningNotebook, RunningNotebookOptions } from "./jupyter/control.js"
export type { RequestRecord, RequestSnapshot } from "./requests.js"
export { isWriteSurface } from "./requests.js"
export type { PlatformRules } from "./rules.js"

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number
  host?: string
  /** How many times faster than real time lifecycle phases pass; default 60. */
  speed?: number
  /** Persist platform state to this file across restarts. */
  state?: string
  /** Turns on the platform's rate limiter (≈ 3 req/s, burst 3, per account, on the API gateway's paths). */
  realistic?: boolean
  /** The limiter's refill rate and burst (defaults 3 and 3); it is on with `realistic` or `control.faults.set`. */
  limiter?: LimiterOptions
  /** Start with the clock paused (tests drive it with `control.clock.advance`). */
  paused?: boolean
  auth?: Partial<AuthOptions>
  /** Behaviours on which the evidence splits (see PlatformRules); defaults suit everyday clients. */
  rules?: Partial<PlatformRules>
  /**
   * Answer a registry's Harbor REST from a real registry (catalog, tags, manifests) instead of the
   * fixture: only that registry's account is accepted, and pushes made with a real engine show up.
   */
  harborBackends?: HarborBackendOptions
  /**
   * How notebook terminals run `/bin/sh`: on a pseudo-terminal through `script` when it is installed
   * (`pty`, the default), or on plain pipes (`pipes`, the fallback without `script`).
   */
  jupyterShell?: "pty" | "pipes"
  /**
   * Serve HTTPS (and WSS) with a self-signed certificate for 127.0.0.1/localhost made at start by the
   * `openssl` program (refused with a clear error without it); `ca` names the file for clients to trust.
   */
  tls?: boolean
  log?: (line: string) => void
}

export interface RunningEmulator {
  url: string
  /** With `tls`: the certificate's PEM file, the one CA a client needs (removed by `close`). */
  ca?: string
  close: () => Promise<void>
  control: Control
  demo: { username: string; password: string; harbor: typeof DEMO_HARBOR }
  /** Where each registry's Harbor REST answers (qb's also at the root: `${url}/api/v2.0/…`). */
  harborUrls: { qb: string; sj: string }
}

export const startEmulator = async (options: EmulatorOptions = {}): Promise<RunningEmulator> => {
  const store = new Store(options.state)
  const clock = new Clock(options.speed ?? 60)
  if (options.paused) clock.pause()
  const auth = new AuthService(store)
  Object.assign(auth.options, options.auth ?? {})
  const engine = new Engine(store, clock)
  const faults = new Faults(options.realistic ?? false, options.limiter ?? {})
  const emu: Emu = {
    store,
    clock,
    engine,
    auth,
    faults,
    jupyter: new JupyterHost(store, engine, faults, options.jupyterShell),
    rules: patchRules(defaultRules(), options.rules ?? {}),
    requests: new RequestLog(),
    harborBackends: {},
    log: options.log ?? (() => {}),
  }
  for (const registry of ["qb", "sj"] as const) {
    const backend = options.harborBackends?.[registry]
    if (backend !== undefined) emu.harborBackends[registry] = new BackedHarbor(backend, () => clock.now())
  }
  const control = makeControl(emu)
  const bind = options.host ?? "127.0.0.1"
  const tls: Certificate | undefined = options.tls ? await makeCertificate(bind) : undefined
  const server = createEmulatorServer(emu, control, tls)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(options.port ?? 0, bind, () => resolve())
    })
  } catch (e) {
    tls?.remove()
    throw e
  }
  const address = server.address() as AddressInfo
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address
  const url = `${tls === undefined ? "http" : "https"}://${host}:${address.port}`
  emu.jupyter.base = url
  return {
    url,
    ...(tls === undefined ? {} : { ca: tls.caPath }),
    control,
    demo: { ...DEMO_USER, harbor: DEMO_HARBOR },
    harborUrls: { qb: `${url}/harbor/qb`, sj: `${url}/harbor/sj` },
    close: async () => {
      store.flush()
      await emu.jupyter.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      tls?.remove()
    },
  }
}
