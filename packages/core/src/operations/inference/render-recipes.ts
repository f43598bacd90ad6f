import { msg } from "../../words/message.js"
import { fieldWord, joinText, type Text, text } from "../../words/text.js"
import { asides, formatDuration, formatTime, lines, nextSteps, renderFields, renderTable } from "../common/render.js"
import type { InferenceChatResult, InferenceHealthResult } from "./probe.js"
import type { InferenceRecipeResult, InferenceRecipesResult } from "./recipes/actions.js"

export const renderRecipes = (r: InferenceRecipesResult): Text =>
  lines(
    renderTable(
      r.recipes,
      [
        { header: msg("recipes-col-name"), cell: (x) => x.name },
        { header: msg("recipes-col-engine"), cell: (x) => x.engine },
        { header: msg("recipes-col-model"), cell: (x) => x.model },
        { header: msg("recipes-col-file"), cell: (x) => x.file },
      ],
      msg("recipes-none"),
    ),
    msg("recipes-folders", { folders: r.folders.map((f) => `${f.dir} (${f.source})`).join(", ") }),
    joinText(asides("warning", [...r.clashes, ...r.warnings]), "\n"),
  )

export const renderRecipe = (r: InferenceRecipeResult): Text => {
  const x = r.resolved
  const size = (n: number | undefined, declared: number | "auto") =>
    n !== undefined
      ? declared === "auto"
        ? msg("recipes-size-auto", { size: n })
        : `${n}`
      : msg("recipes-size-spec", { field: fieldWord("spec") })
  return lines(
    renderFields([
      [msg("recipes-label-recipe"), `${r.recipe.name} (${r.recipe.engine})`],
      [msg("recipes-label-file"), r.recipe.file],
      [msg("recipes-label-description"), r.recipe.description],
      [msg("recipes-label-image"), x.image],
      [
        msg("recipes-label-model"),
        r.model !== undefined ? `${r.model.name} v${r.model.version} (${r.model.id})` : r.recipe.model,
      ],
      [msg("recipes-label-model-path"), x.modelPath],
      [msg("recipes-label-served-as"), x.servedName],
      [
        msg("recipes-label-spec"),
        r.spec !== undefined
          ? `${r.spec.name} (${r.spec.gpuCount} GPU)`
          : msg("recipes-spec-none", { field: fieldWord("spec") }),
      ],
      [msg("recipes-label-tensor"), size(x.tensorParallel, r.recipe.parallel.tensor)],
      [msg("recipes-label-pipeline"), size(x.pipelineParallel, r.recipe.parallel.pipeline)],
      [msg("recipes-label-replicas"), msg("inference-replicas", { replicas: x.replicas, nodes: x.nodesPerReplica })],
      [msg("recipes-label-port"), x.port],
      [msg("recipes-label-health"), msg("recipes-health", { path: x.healthPath, seconds: x.healthTimeoutSeconds })],
    ]),
    text`${x.exact ? msg("recipes-command") : msg("recipes-command-placeholders")}\n  ${x.command}`,
    joinText(asides("warning", [...x.warnings, ...r.clashes, ...r.warnings]), "\n"),
    nextSteps(r.next),
  )
}

const from = (w: NonNullable<InferenceHealthResult["wait"]>): Text =>
  w.timeoutFrom === "asked"
    ? msg("inference-wait-from-asked")
    : w.timeoutFrom === "recipe"
      ? msg("inference-wait-from-recipe")
      : msg("inference-wait-from-default")

const waitLine = (r: InferenceHealthResult): Text | undefined => {
  const w = r.wait
  if (w === undefined) return undefined
  const verdict =
    r.outcome === "ready"
      ? msg("inference-wait-ready")
      : r.outcome === "failed"
        ? msg("inference-wait-failed")
        : msg("inference-wait-timed-out")
  return lines(
    msg("inference-waited", {
      waited: formatDuration(w.waitedMs),
      seconds: w.timeoutSeconds,
      from: from(w),
      recipe: w.recipe !== undefined ? msg("inference-wait-recipe", { recipe: w.recipe }) : "",
      probes: w.probes,
      path: w.path,
      verdict,
    }),
    msg("inference-stages", {
      stages: joinText(
        w.stages.map((s) => text`${s.stage} (${formatDuration(s.afterMs)})`),
        " → ",
      ),
    }),
  )
}

export const renderHealth = (r: InferenceHealthResult): Text =>
  lines(
    r.ready
      ? msg("inference-health-ready", { serving: r.name || r.servingId, reason: r.reason })
      : msg("inference-health-not-ready", { serving: r.name || r.servingId, stage: r.stage, reason: r.reason }),
    renderFields([
      [msg("inference-label-serving"), r.servingId],
      [msg("inference-label-status"), r.status.raw],
      [msg("inference-label-access-url"), r.accessUrl || undefined],
      [msg("inference-label-models"), r.models.length > 0 ? r.models.join(", ") : undefined],
      [
        msg("inference-label-latency"),
        r.latencyMs.models !== undefined
          ? r.latencyMs.chat !== undefined
            ? msg("inference-latency-both", { models: r.latencyMs.models, chat: r.latencyMs.chat })
            : msg("inference-latency-models", { models: r.latencyMs.models })
          : undefined,
      ],
      [msg("inference-label-reply"), r.reply],
    ]),
    waitLine(r),
    r.logs.length > 0
      ? text`${msg("inference-last-logs")}\n${r.logs.map((l) => `  ${formatTime(l.time)} ${l.pod} ${l.message}`).join("\n")}`
      : undefined,
    nextSteps(r.next),
  )

export const renderChat = (r: InferenceChatResult): Text =>
  lines(
    r.reply,
    r.usage !== undefined
      ? msg("inference-chat-stats-tokens", { model: r.model, ms: r.latencyMs, tokens: r.usage.completionTokens })
      : msg("inference-chat-stats", { model: r.model, ms: r.latencyMs }),
  )
