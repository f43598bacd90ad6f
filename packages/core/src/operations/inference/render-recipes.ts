import { nextLine } from "../common/output.js"
import { formatDuration, formatTime, renderFields, renderTable } from "../common/render.js"
import type { InferenceChatResult, InferenceHealthResult } from "./probe.js"
import type { InferenceRecipeResult, InferenceRecipesResult } from "./recipes/actions.js"

const lines = (...parts: ReadonlyArray<string | undefined>): string =>
  parts.filter((p): p is string => p !== undefined && p !== "").join("\n")

export const renderRecipes = (r: InferenceRecipesResult): string =>
  lines(
    renderTable(
      r.recipes,
      [
        { header: "NAME", cell: (x) => x.name },
        { header: "ENGINE", cell: (x) => x.engine },
        { header: "MODEL", cell: (x) => x.model },
        { header: "FILE", cell: (x) => x.file },
      ],
      "(no recipes)",
    ),
    `folders: ${r.folders.map((f) => `${f.dir} (${f.source})`).join(", ")}; a later folder wins a name clash`,
    r.clashes.map((c) => `warning: ${c}`).join("\n"),
  )

export const renderRecipe = (r: InferenceRecipeResult): string => {
  const x = r.resolved
  const size = (n: number | undefined, declared: number | "auto") =>
    n !== undefined ? `${n}${declared === "auto" ? " (auto)" : ""}` : "auto (the spec's GPUs; pass spec)"
  return lines(
    renderFields([
      ["recipe", `${r.recipe.name} (${r.recipe.engine})`],
      ["file", r.recipe.file],
      ["description", r.recipe.description],
      ["image", x.image],
      ["model", r.model !== undefined ? `${r.model.name} v${r.model.version} (${r.model.id})` : r.recipe.model],
      ["model path", x.modelPath],
      ["served as", x.servedName],
      [
        "spec",
        r.spec !== undefined ? `${r.spec.name} (${r.spec.gpuCount} GPU)` : "(none given: pass spec for exact sizes)",
      ],
      ["tensor parallel", size(x.tensorParallel, r.recipe.parallel.tensor)],
      ["pipeline parallel", size(x.pipelineParallel, r.recipe.parallel.pipeline)],
      ["replicas", `${x.replicas} × ${x.nodesPerReplica} node(s)`],
      ["port", x.port],
      ["health", `${x.healthPath} within ${x.healthTimeoutSeconds} s`],
    ]),
    `command${x.exact ? "" : " (with placeholders)"}:\n  ${x.command}`,
    [...x.warnings, ...r.clashes].map((w) => `warning: ${w}`).join("\n"),
    r.next.map((n) => `next: ${nextLine(n)}`).join("\n"),
  )
}

const FROM = { asked: "asked", recipe: "the recipe's health.timeout_seconds", default: "the default" } as const

const waitLine = (r: InferenceHealthResult): string | undefined => {
  const w = r.wait
  if (w === undefined) return undefined
  const verdict =
    r.outcome === "ready" ? "ready" : r.outcome === "failed" ? "stopped early: it will not answer" : "not ready in time"
  return lines(
    `waited ${formatDuration(w.waitedMs)} of ${w.timeoutSeconds} s (${FROM[w.timeoutFrom]}${w.recipe !== undefined ? `, recipe ${w.recipe}` : ""}), ${w.probes} probe(s) of ${w.path}: ${verdict}`,
    `stages: ${w.stages.map((s) => `${s.stage} (${formatDuration(s.afterMs)})`).join(" → ")}`,
  )
}

export const renderHealth = (r: InferenceHealthResult): string =>
  lines(
    `${r.name || r.servingId}: ${r.ready ? "ready" : `not ready (${r.stage})`} — ${r.reason}`,
    renderFields([
      ["serving", r.servingId],
      ["status", r.status.raw],
      ["access url", r.accessUrl || undefined],
      ["models", r.models.length > 0 ? r.models.join(", ") : undefined],
      [
        "latency",
        r.latencyMs.models !== undefined
          ? `models ${r.latencyMs.models} ms${r.latencyMs.chat !== undefined ? `, chat ${r.latencyMs.chat} ms` : ""}`
          : undefined,
      ],
      ["reply", r.reply],
    ]),
    waitLine(r),
    r.logs.length > 0
      ? `last log lines:\n${r.logs.map((l) => `  ${formatTime(l.time)} ${l.pod} ${l.message}`).join("\n")}`
      : undefined,
    r.next.map((n) => `next: ${nextLine(n)}`).join("\n"),
  )

export const renderChat = (r: InferenceChatResult): string =>
  lines(
    r.reply,
    `(${r.model}, ${r.latencyMs} ms${r.usage !== undefined ? `, ${r.usage.completionTokens} tokens` : ""})`,
  )
