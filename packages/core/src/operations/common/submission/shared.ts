import { currentUser } from "../../../api/resources/user.js"
import { composeCommand } from "../../../domain/command-prefix.js"
import { type Finding, hasErrors } from "../../../domain/lint/index.js"
import type { Project } from "../../../domain/projects.js"
import { parseShm } from "../../../domain/resources.js"
import { type Spec, toCandidate } from "../../../domain/specs.js"
import { Effect, Either } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import type { Platform } from "../../../platform/client.js"
import type { ActiveProfile } from "../../../profile.js"
import { msg } from "../../../words/message.js"
import { fieldWord, joinText, type Text, text } from "../../../words/text.js"
import type { OutputOf } from "../../catalogue/operation.js"
import { defaultOf, type Target } from "../defaults.js"
import { type NextStep, nextStep } from "../output.js"
import type { SubmitOutput } from "./output.js"

/** What submit, submit_hpc and resubmit return: their output schema's type. */
export interface SubmitResult extends OutputOf<ReturnType<typeof SubmitOutput>> {}

/** The request a dry run would have sent. */
export type DryRunRequest = NonNullable<SubmitResult["request"]>

/** Shared memory in GiB from the argument (bare numbers are GiB) or defaultShm (MB), else `fallback`. */
export const resolveShm = (
  given: string | number | undefined,
  fallback: number,
): Effect.Effect<{ readonly shmGi: number; readonly note?: Text }, InspireError, ActiveProfile> =>
  Effect.gen(function* () {
    if (given !== undefined) return { shmGi: yield* fromEither(parseShm(given, "GiB")) }
    const mb = yield* defaultOf("defaultShm")
    if (mb !== undefined) {
      const shmGi = yield* fromEither(parseShm(mb, "MB"))
      return { shmGi, note: msg("submission-shm-from-default", { mb, gi: shmGi }) }
    }
    return { shmGi: fallback, note: msg("submission-shm-fallback", { field: fieldWord("shm"), gi: fallback }) }
  })

const fromEither = <A>(e: Either.Either<A, InspireError>): Effect.Effect<A, InspireError> =>
  Either.isRight(e) ? Effect.succeed(e.right) : Effect.fail(e.left)

/** The command as the platform will run it: commandPrefix (when applied) and the placeholders filled in. */
export const composeFor = (
  command: string,
  project: Project,
  applyPrefix: boolean,
): Effect.Effect<{ readonly command: string; readonly prefix?: string }, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const prefix = applyPrefix ? yield* defaultOf("commandPrefix") : undefined
    const text = `${prefix ?? ""} ${command}`
    const user = text.includes("{username}") ? yield* Effect.either(currentUser()) : undefined
    const username = user !== undefined && Either.isRight(user) ? user.right.loginName : undefined
    const composed = yield* fromEither(
      composeCommand({
        command,
        ...(prefix !== undefined ? { prefix } : {}),
        vars: { en_name: project.enName, ...(username !== undefined ? { username } : {}) },
      }),
    )
    return { command: composed, ...(prefix !== undefined ? { prefix } : {}) }
  })

/**
 * Applies `allow_network_commands` to lint findings: network errors become warnings when allowed; any
 * error left refuses the submit, naming each problem and its fix.
 */
export const gateFindings = (
  findings: ReadonlyArray<Finding>,
  allowNetwork: boolean,
  what: string,
): Effect.Effect<ReadonlyArray<Finding>, InspireError> => {
  const kept = findings.map((f) =>
    allowNetwork && f.level === "error" && f.rule === "offline-network" ? { ...f, level: "warning" as const } : f,
  )
  if (!hasErrors(kept)) return Effect.succeed(kept)
  const errors = kept.filter((f) => f.level === "error")
  const network = errors.some((f) => f.rule === "offline-network")
  return Effect.fail(
    invalidInput(
      msg("submission-lint-refused", {
        what,
        problems: joinText(
          errors.map((f) => f.message),
          " ",
        ),
      }),
      text`${joinText(
        errors.map((f) => f.fix),
        " ",
      )}${network ? text` ${msg("submission-allow-network-hint", { field: fieldWord("allow_network_commands", true) })}` : ""}`,
      { candidates: errors },
    ),
  )
}

/** The calls that follow a submit: watch the job, read its logs and metrics, wait for it. */
export const nextCalls = (jobId: string, kind: SubmitResult["kind"]): ReadonlyArray<NextStep> => [
  nextStep("jobs", { type: kind === "training" ? "train" : kind, status: "all" }),
  nextStep("job_detail", { job_id: jobId }),
  nextStep("logs", { job_id: jobId, lines: 50 }),
  ...(kind !== "hpc" ? [nextStep("metrics", { job_id: jobId, time_range: "30m" })] : []),
  nextStep("wait", { job_id: jobId }),
]

/** The parts of a result that say where a task runs. */
export const placeOf = (target: Target, spec: Spec) => ({
  project: { id: target.project.id, name: target.project.name, enName: target.project.enName },
  workspace: { id: target.workspace.id, name: target.workspace.name, network: target.workspace.policy.network },
  computeGroup: { id: target.group?.id ?? "", name: target.group?.name ?? "" },
  spec: toCandidate(spec),
})

/** Whether a workspace has internet access, as the lint wants it (undefined when unknown). */
export const onlineOf = (target: Target): boolean | undefined =>
  target.workspace.policy.network === "online"
    ? true
    : target.workspace.policy.network === "offline"
      ? false
      : undefined
