// Types of synergy-home.mjs (plain JavaScript, shared with bench/synergy-overhead.mjs).
import type { ChildProcess } from "node:child_process"

/** The Synergy binary from the devDependency @ericsanchezok/synergy-linux-x64. */
export declare const SYNERGY: string

/** The built plugin package (dist/ of this app). */
export declare const PLUGIN_DIR: string

/** One isolated Synergy installation in a temporary folder. */
export interface SynergyHome {
  readonly root: string
  /** The launch directory of the server and CLI runs. */
  readonly cwd: string
  readonly synergyHome: string
  readonly inspireHome: string
  readonly env: NodeJS.ProcessEnv
  /** `$SYNERGY_HOME/.synergy` */
  readonly dataRoot: string
}

/** A free loopback port. */
export declare const freePort: () => Promise<number>

/** Creates the folders and the environment; `plugins` are the config's plugin specs. */
export declare const makeHome: (options: {
  readonly plugins: ReadonlyArray<string>
  readonly emulatorUrl: string
  readonly modelUrl?: string
}) => SynergyHome

/** What one CLI run printed. */
export interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Everything the binary printed in this process, for the secret scan. */
export declare const transcript: string[]

/** Runs `synergy args…` to completion (killed after `timeoutMs`). */
export declare const synergy: (home: SynergyHome, args: ReadonlyArray<string>, timeoutMs?: number) => Promise<Run>

/** A running `synergy server`. */
export interface Server {
  readonly url: string
  readonly child: ChildProcess
  readonly log: () => string
}

/** Spawns the server on a free loopback port without waiting for it. */
export declare const spawnServer: (home: SynergyHome) => Promise<Server>

/** Polls /global/health every `pollMs` until it says healthy; throws when the server exits or time runs out. */
export declare const waitHealthy: (server: Server, timeoutMs?: number, pollMs?: number) => Promise<void>

/** Starts the server on a free loopback port and waits until /global/health answers. */
export declare const startServer: (home: SynergyHome, timeoutMs?: number) => Promise<Server>

/** GET/POST JSON against the server. */
export declare const api: <T = unknown>(server: Server, path: string, body?: unknown) => Promise<T>

/** The headless approval: the review token, then the approval of the configured plugin. */
export declare const approve: (server: Server, pluginId: string) => Promise<Record<string, unknown>>

/** The PIDs of every live process this home started (the server, its workers, plugin runners, orphans). */
export declare const livePids: (home: SynergyHome) => ReadonlyArray<number>

/** Ends every process of this home: SIGTERM, then SIGKILL for what is left. */
export declare const endAll: (home: SynergyHome) => Promise<void>
