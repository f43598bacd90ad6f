import type { Serving } from "../../api/servings/schema.js"
import { getServing } from "../../api/servings/servings.js"
import { Clock, Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"
import type { OperationContext } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { sleepReporting } from "../common/heartbeat.js"
import { nextStep } from "../common/output.js"
import { formatDuration } from "../common/render.js"
import { withHint } from "../common/support.js"
import type { InferenceInput } from "./input.js"
import { servingIdOf } from "./manage.js"
import {
  DEFAULT_HEALTH_PATH,
  type HealthWait,
  type InferenceHealthResult,
  inferenceHealth,
  type ServingStage,
} from "./probe.js"
import { findRecipe, recipeBook } from "./recipes/deploy.js"
import type { Recipe } from "./recipes/schema.js"

/** How long `health` waits when neither wait_seconds nor the serving's recipe says. */
const HEALTH_WAIT_DEFAULT_SECONDS = 600

// The first pause between probes, backing off ×1.5 to the longest: each probe costs one platform read
// (two more for the logs while it is not ready), well within the shared rate limit.
const FIRST_PAUSE_S = 5
const LONGEST_PAUSE_S = 30

const servedNameOf = (r: Recipe): string =>
  r.served_name ?? r.model.repository ?? r.model.path?.split("/").filter(Boolean).at(-1) ?? "model"

/** The served name a command gives the engine (`--served-model-name X` or `=X`). */
const servedInCommand = (command: string): string | undefined =>
  command.match(/--served-model-name(?:=|\s+)['"]?([^\s'"]+)/)?.[1]

const engineOf = (command: string): Recipe["engine"] | undefined =>
  /sglang/.test(command) ? "sglang" : /vllm/.test(command) ? "vllm" : undefined

/**
 * The recipe a serving was made from: the one asked for, else the only recipe of the same engine and
 * served name as the serving's command. Undefined when none or several fit, or the recipes cannot be read.
 */
const recipeOf = (
  input: InferenceInput,
  s: Serving,
  workingDir: string | undefined,
): Effect.Effect<Recipe | undefined, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const book = yield* recipeBook(workingDir)
    if (input.recipe !== undefined && input.recipe.trim() !== "") return yield* findRecipe(book, input.recipe)
    const served = servedInCommand(s.command)
    const engine = engineOf(s.command)
    const fits = book.recipes.filter((r) => r.engine === engine && servedNameOf(r) === served)
    return fits.length === 1 ? fits[0] : undefined
  }).pipe(
    // An unknown recipe asked for is the caller's mistake; unreadable recipe files only lose the defaults.
    Effect.catchAll((e) =>
      e.reason === "InvalidInput" && input.recipe !== undefined ? Effect.fail(e) : Effect.succeed(undefined),
    ),
  )

const stopped = (stage: ServingStage): boolean => stage === "crashed" || stage === "stopped"

/**
 * `health` with wait: probes until the serving answers, crashes or stops, or the wait (wait_seconds, else
 * the recipe's health.timeout_seconds, else 600 s) runs out, with progress; the recipe's health.path is
 * probed. Without wait: one probe (of the named recipe's path, when one is given).
 */
export const inferenceHealthWait = (
  asked: InferenceInput,
  context: OperationContext,
): Effect.Effect<InferenceHealthResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    // A serving named by name or id prefix is looked up once; the calls below read it by id.
    const input =
      asked.serving_id === undefined || asked.serving_id.trim() === ""
        ? asked
        : { ...asked, serving_id: yield* servingIdOf(asked, "health") }
    const waiting = input.wait === true || input.wait_seconds !== undefined
    if (!waiting && (input.recipe === undefined || input.recipe.trim() === "")) return yield* inferenceHealth(input)
    const id = input.serving_id?.trim() ?? ""
    const recipe =
      id === ""
        ? undefined
        : yield* recipeOf(input, yield* withHint(getServing(id), msg("inference-id-short-hint")), context.workingDir)
    const path = recipe?.health.path ?? DEFAULT_HEALTH_PATH
    if (!waiting) return yield* inferenceHealth(input, true, path)
    const timeoutSeconds = input.wait_seconds ?? recipe?.health.timeout_seconds ?? HEALTH_WAIT_DEFAULT_SECONDS
    const timeoutFrom: HealthWait["timeoutFrom"] =
      input.wait_seconds !== undefined ? "asked" : recipe !== undefined ? "recipe" : "default"
    const start = yield* Clock.currentTimeMillis
    const deadline = start + timeoutSeconds * 1000
    const stages: Array<{ afterMs: number; stage: ServingStage }> = []
    let pause = FIRST_PAUSE_S
    let probes = 0
    for (;;) {
      const probe = yield* inferenceHealth(input, true, path)
      probes++
      const now = yield* Clock.currentTimeMillis
      if (stages.at(-1)?.stage !== probe.stage) stages.push({ afterMs: now - start, stage: probe.stage })
      const outcome = probe.ready
        ? "ready"
        : stopped(probe.stage)
          ? "failed"
          : now >= deadline
            ? "timed-out"
            : undefined
      if (outcome !== undefined) {
        const wait: HealthWait = {
          timeoutSeconds,
          timeoutFrom,
          ...(recipe !== undefined ? { recipe: recipe.name } : {}),
          path,
          probes,
          waitedMs: now - start,
          stages,
        }
        const again = nextStep(
          "inference",
          { action: "health", serving_id: probe.servingId, wait: true },
          msg("inference-why-keep-waiting"),
        )
        return { ...probe, outcome, wait, ...(outcome === "timed-out" ? { next: [again] } : {}) }
      }
      const report = (ms: number) => ({
        message: msg("inference-wait-progress", {
          serving: probe.name || probe.servingId,
          stage: probe.stage,
          after: formatDuration(ms),
          seconds: timeoutSeconds,
          reason: probe.reason,
        }),
        current: Math.round(ms / 1000),
        total: timeoutSeconds,
      })
      context.progress(report(now - start))
      yield* sleepReporting(Math.max(0, Math.min(pause * 1000, deadline - now)), context, (slept) =>
        report(now - start + slept),
      )
      pause = Math.min(LONGEST_PAUSE_S, pause * 1.5)
    }
  })
