import { type CreatedJob, type CreateTrainingJobInput, createTrainingJob } from "./api/jobs/create.js"
import { type LogLine, tailLogs } from "./api/jobs/logs.js"
import { getJobMetrics, type JobMetrics } from "./api/jobs/metrics.js"
import type { TrainingJob } from "./api/jobs/schema.js"
import {
  getTrainingJob,
  type JobList,
  listTrainingJobs,
  type StopResult,
  stopTrainingJob,
} from "./api/jobs/training.js"
import { type DiscoverOptions, type Discovery, discover } from "./api/resources/discover.js"
import type { ComputeGroupInfo } from "./api/resources/groups.js"
import { resolveComputeGroup, resolveProject, resolveWorkspace } from "./api/resources/resolve.js"
import type { Workspace } from "./api/resources/workspaces.js"
import type { Project } from "./domain/projects.js"
import { Cause, Effect, Exit, Layer, ManagedRuntime } from "./effect.js"
import { InspireError, type SurfaceUnavailable, surfaceError } from "./errors.js"
import {
  type CatalogueMethods,
  type ClientRunner,
  catalogueMethods,
  type OperationCall,
  operationCall,
} from "./facade-methods.js"
import { inspireLayer } from "./layer.js"
import type { ClientServices } from "./operations/catalogue/services.js"
import { type CallOptions, Platform } from "./platform/client.js"
import { Harbor } from "./platform/harbor.js"
import { ActiveProfile, type ActiveProfileShape, type ProfileOptions } from "./profile.js"
import type { Dialect } from "./words/dialect.js"
import { type Language, loadLanguage, pickLanguage } from "./words/message.js"
import { renderDeep, renderError, type Worded } from "./words/render.js"

/** How one call of a client runs: `signal` interrupts it (the promise then rejects with an interruption). */
export interface RunOptions {
  readonly signal?: AbortSignal
}

/** How a client is made: the profile, and how its texts word operations, fields and confirmation. */
export interface ClientOptions extends ProfileOptions {
  /**
   * How messages, hints and renders name a call: `"library"` (default) as this API's methods
   * (`client.jobs({ type: "train" })`, `confirm: true`), `"cli"` as inspire commands, `"mcp"` as MCP tool calls.
   */
  readonly words?: Dialect
  /**
   * The language of messages, hints and renders: `"en"` or `"zh-CN"`; default: INSPIRE_LANG, else the
   * profile's `lang` setting, else English (the locale is the CLI's business). The platform's own texts
   * pass through as they are; field names, ids and JSON keys are the same in every language.
   */
  readonly lang?: Language
  /**
   * The columns of the terminal the renders are shown on: a table that says which of its columns may go
   * (availability's) drops them, least needed first, to fit. Default: laid out however wide.
   */
  readonly width?: number
}

/**
 * The Promise API for other lab tooling: one profile, typed results, and failures rejected as
 * `InspireError` (with `reason`, `message`, `hint`). Call `close()` when done.
 */
export const createInspireClient = (options: ClientOptions = {}): InspireClient => {
  const dialect = options.words ?? "library"
  const runtime = ManagedRuntime.make(Layer.provideMerge(Harbor.layer, inspireLayer(options)))
  // Read once, on the first call: a profile that cannot be read fails that call itself, in English.
  let chosen: Language | undefined = options.lang
  const language = async (): Promise<Language> => {
    chosen ??= await runtime.runPromise(
      Effect.orElseSucceed(
        Effect.map(ActiveProfile, (p) =>
          pickLanguage({ env: p.env, configured: p.config.defaults.lang, locale: false }),
        ),
        () => "en" as const,
      ),
    )
    await loadLanguage(chosen)
    return chosen
  }
  const run = async <A>(
    program: Effect.Effect<A, InspireError | SurfaceUnavailable, ClientServices>,
    runOptions: RunOptions = {},
  ): Promise<Worded<A>> => {
    const lang = await language()
    const exit = await runtime.runPromiseExit(
      Effect.catchTag(program, "SurfaceUnavailable", (e) => Effect.fail(surfaceError(e))),
      { signal: runOptions.signal },
    )
    // Every text of the result is worded here, once, in this client's terms.
    if (Exit.isSuccess(exit)) return renderDeep(exit.value, dialect, lang, options.width)
    const failure = Cause.failureOption(exit.cause)
    if (failure._tag === "Some")
      throw failure.value instanceof InspireError ? renderError(failure.value, dialect, lang) : failure.value
    throw Cause.squash(exit.cause)
  }
  return {
    run,
    language,
    profile: (): Promise<ActiveProfileShape> => run(ActiveProfile),
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
    /** Projects, workspaces, compute groups with free GPUs, and specs per schedule type (kept: see `discover`). */
    discover: (options: DiscoverOptions = {}): Promise<Worded<Discovery>> => run(discover(options)),
    resolveProject: (nameOrId: string): Promise<Worded<Project>> => run(resolveProject(nameOrId)),
    resolveWorkspace: (nameOrId: string, project?: string): Promise<Worded<Workspace>> =>
      run(resolveWorkspace(nameOrId, project)),
    resolveComputeGroup: (nameOrId: string, workspaceId: string): Promise<Worded<ComputeGroupInfo>> =>
      run(resolveComputeGroup(nameOrId, workspaceId)),
    /** Training jobs: create (never duplicated), read, list, stop, logs and metrics. */
    createTrainingJob: (input: CreateTrainingJobInput): Promise<Worded<CreatedJob<TrainingJob>>> =>
      run(createTrainingJob(input)),
    getTrainingJob: (jobId: string): Promise<Worded<TrainingJob>> => run(getTrainingJob(jobId)),
    listTrainingJobs: (filter: Parameters<typeof listTrainingJobs>[0]): Promise<Worded<JobList<TrainingJob>>> =>
      run(listTrainingJobs(filter)),
    stopTrainingJob: (jobId: string): Promise<Worded<StopResult>> => run(stopTrainingJob(jobId)),
    tailLogs: (jobId: string, lines = 100): Promise<Worded<ReadonlyArray<LogLine>>> => run(tailLogs(jobId, lines)),
    getJobMetrics: (jobId: string, timeRangeSeconds = 1800): Promise<Worded<JobMetrics>> =>
      run(getJobMetrics(jobId, { timeRangeSeconds })),
    close: (): Promise<void> => runtime.dispose(),
    /** Any operation (one of the registry or your own), resolving with its result and its text for people. */
    call: operationCall(run),
    // Last, so that an operation named like a method above fails the build ("specified more than once").
    /** Every operation of the catalogue as a typed method: `submit(input)`, `jobDetail({ job_id })`, … */
    ...catalogueMethods(run),
  }
}

/**
 * A client made by `createInspireClient`: every operation of the catalogue as a typed method, and the
 * calls below. Every text it returns is worded in its language and terms (`Worded`).
 */
export interface InspireClient extends CatalogueMethods {
  /** Runs any core Effect with this client's services (for Effect users mixing both styles). */
  readonly run: ClientRunner
  /**
   * The language this client words its answers in (see `ClientOptions.lang`), for what a frontend says
   * outside a result, such as progress: `renderWords(p.message, "mcp", await client.language())`.
   */
  readonly language: () => Promise<Language>
  readonly profile: () => Promise<ActiveProfileShape>
  /** Raw calls of the three API families, envelopes unwrapped. */
  readonly openapi: (path: string, body: unknown, callOptions?: CallOptions) => Promise<unknown>
  readonly v1: (
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
    callOptions?: CallOptions,
  ) => Promise<unknown>
  readonly v2: (service: string, action: string, body: unknown, callOptions?: CallOptions) => Promise<unknown>
  /** Projects, workspaces, compute groups with free GPUs, and specs per schedule type (kept: see `discover`). */
  readonly discover: (options?: DiscoverOptions) => Promise<Worded<Discovery>>
  readonly resolveProject: (nameOrId: string) => Promise<Worded<Project>>
  readonly resolveWorkspace: (nameOrId: string, project?: string) => Promise<Worded<Workspace>>
  readonly resolveComputeGroup: (nameOrId: string, workspaceId: string) => Promise<Worded<ComputeGroupInfo>>
  /** Training jobs: create (never duplicated), read, list, stop, logs and metrics. */
  readonly createTrainingJob: (input: CreateTrainingJobInput) => Promise<Worded<CreatedJob<TrainingJob>>>
  readonly getTrainingJob: (jobId: string) => Promise<Worded<TrainingJob>>
  readonly listTrainingJobs: (filter: Parameters<typeof listTrainingJobs>[0]) => Promise<Worded<JobList<TrainingJob>>>
  readonly stopTrainingJob: (jobId: string) => Promise<Worded<StopResult>>
  readonly tailLogs: (jobId: string, lines?: number) => Promise<Worded<ReadonlyArray<LogLine>>>
  readonly getJobMetrics: (jobId: string, timeRangeSeconds?: number) => Promise<Worded<JobMetrics>>
  readonly close: () => Promise<void>
  /** Any operation (one of the registry or your own), resolving with its result and its text for people. */
  readonly call: OperationCall
}
