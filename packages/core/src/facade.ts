import { Cause, Effect, Exit, Layer, ManagedRuntime } from "effect"
import { type CreateTrainingJobInput, createTrainingJob } from "./api/jobs/create.js"
import { tailLogs } from "./api/jobs/logs.js"
import { getJobMetrics } from "./api/jobs/metrics.js"
import { getTrainingJob, listTrainingJobs, stopTrainingJob } from "./api/jobs/training.js"
import { discover } from "./api/resources/discover.js"
import { resolveComputeGroup, resolveProject, resolveWorkspace } from "./api/resources/resolve.js"
import { type LoginResult, saveHarborLogin, saveInspireLogin } from "./auth/save.js"
import type { Session } from "./auth/session.js"
import type { RegistryId } from "./domain/workspaces.js"
import { InspireError, type SurfaceUnavailable } from "./errors.js"
import { type CallOptions, Platform } from "./platform/client.js"
import { Harbor } from "./platform/harbor.js"
import type { Transport } from "./platform/transport.js"
import { ActiveProfile, type ActiveProfileShape, inspireLayer, type ProfileOptions } from "./profile.js"
import type { Store } from "./store/store.js"

/** The services a facade call runs with. */
export type ClientServices = Store | Transport | Session | Platform | ActiveProfile | Harbor

/** Turns an unavailable surface with no fallback into the user-facing error. */
export const unavailableToError = (e: SurfaceUnavailable): InspireError =>
  new InspireError({
    reason: e.why === "AccessForbidden" ? "Forbidden" : "PlatformError",
    message: e.message,
    hint:
      e.why === "TokenUnavailable"
        ? "This account can only use the session login, which this call does not support."
        : e.why === "AccessForbidden"
          ? "Your account lacks permission for this, or the workspace is disabled."
          : "The platform does not offer this call here; it may have changed. Please report it.",
  })

/** How one call of a client runs: `signal` interrupts it (the promise then rejects with an interruption). */
export interface RunOptions {
  readonly signal?: AbortSignal
}

/**
 * The Promise API for other lab tooling: one profile, typed results, and failures rejected as
 * `InspireError` (with `reason`, `message`, `hint`). Call `close()` when done.
 */
export const createInspireClient = (options: ProfileOptions = {}) => {
  const runtime = ManagedRuntime.make(Layer.provideMerge(Harbor.layer, inspireLayer(options)))
  const run = async <A>(
    program: Effect.Effect<A, InspireError | SurfaceUnavailable, ClientServices>,
    runOptions: RunOptions = {},
  ): Promise<A> => {
    const exit = await runtime.runPromiseExit(
      Effect.catchTag(program, "SurfaceUnavailable", (e) => Effect.fail(unavailableToError(e))),
      { signal: runOptions.signal },
    )
    if (Exit.isSuccess(exit)) return exit.value
    const failure = Cause.failureOption(exit.cause)
    if (failure._tag === "Some") throw failure.value
    throw Cause.squash(exit.cause)
  }
  return {
    /** Runs any core Effect with this client's services (for Effect users mixing both styles). */
    run,
    profile: (): Promise<ActiveProfileShape> => run(ActiveProfile),
    /** Saves and checks the platform account (best effort, as the manual describes). */
    login: (username: string, password: string): Promise<LoginResult> => run(saveInspireLogin(username, password)),
    /** Saves and checks a Harbor robot account for one registry. */
    harborLogin: (registry: RegistryId, username: string, password: string): Promise<LoginResult> =>
      run(saveHarborLogin(registry, username, password)),
    /** Raw calls of the three API families, envelopes unwrapped. */
    openapi: (path: string, body: unknown, callOptions: CallOptions = { idempotent: true }) =>
      run(Effect.flatMap(Platform, (p) => p.openapi(path, body, callOptions))),
    v1: (
      method: "GET" | "POST" | "DELETE",
      path: string,
      body?: unknown,
      callOptions: CallOptions = { idempotent: true },
    ) => run(Effect.flatMap(Platform, (p) => p.v1(method, path, body, callOptions))),
    v2: (service: string, action: string, body: unknown, callOptions: CallOptions = { idempotent: true }) =>
      run(Effect.flatMap(Platform, (p) => p.v2(service, action, body, callOptions))),
    /** Projects, workspaces, compute groups with free GPUs, and specs per schedule type (cached 5 min). */
    discover: (refresh = false) => run(discover({ refresh })),
    resolveProject: (nameOrId: string) => run(resolveProject(nameOrId)),
    resolveWorkspace: (nameOrId: string, project?: string) => run(resolveWorkspace(nameOrId, project)),
    resolveComputeGroup: (nameOrId: string, workspaceId: string) => run(resolveComputeGroup(nameOrId, workspaceId)),
    /** Training jobs: create (never duplicated), read, list, stop, logs and metrics. */
    createTrainingJob: (input: CreateTrainingJobInput) => run(createTrainingJob(input)),
    getTrainingJob: (jobId: string) => run(getTrainingJob(jobId)),
    listTrainingJobs: (filter: Parameters<typeof listTrainingJobs>[0]) => run(listTrainingJobs(filter)),
    stopTrainingJob: (jobId: string) => run(stopTrainingJob(jobId)),
    tailLogs: (jobId: string, lines = 100) => run(tailLogs(jobId, lines)),
    getJobMetrics: (jobId: string, timeRangeSeconds = 1800) => run(getJobMetrics(jobId, { timeRangeSeconds })),
    close: (): Promise<void> => runtime.dispose(),
  }
}

/** A client made by `createInspireClient`. */
export type InspireClient = ReturnType<typeof createInspireClient>
