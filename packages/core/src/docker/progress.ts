import type { Progress } from "../operations/catalogue/operation.js"
import { msg } from "../words/message.js"

/** One JSON line of the engine's push stream (`POST /images/{name}/push`). */
export interface PushEvent {
  readonly status?: string
  readonly id?: string
  readonly progressDetail?: { readonly current?: number; readonly total?: number }
  readonly aux?: { readonly Tag?: string; readonly Digest?: string; readonly Size?: number }
  readonly error?: string
  readonly errorDetail?: { readonly message?: string }
}

/** What happened to one layer. */
export type LayerState = "waiting" | "pushing" | "pushed" | "existing"

interface Layer {
  state: LayerState
  current: number
  total: number | undefined
}

/** The outcome the stream reported, once it has ended. */
export type PushOutcome =
  | { readonly kind: "pushed"; readonly digest: string; readonly manifestSize: number | undefined }
  | { readonly kind: "failed"; readonly message: string }
  | { readonly kind: "interrupted" }

/** Per-layer totals of a finished (or ongoing) push. */
export interface LayerSummary {
  readonly total: number
  readonly pushed: number
  readonly existing: number
  /** Bytes actually sent (compressed layer sizes as the engine reports them). */
  readonly bytesPushed: number
}

const short = (id: string) => id.slice(0, 12)

/** A byte count as people read it: `512 B`, `33.8 kB`, `1.98 MB` (decimal, as docker prints). */
export const formatBytes = (n: number): string => {
  if (n < 1000) return `${n} B`
  const units = ["kB", "MB", "GB", "TB"]
  let v = n / 1000
  let i = 0
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000
    i++
  }
  return `${v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)} ${units[i]}`
}

/**
 * Folds the engine's push events into per-layer state and progress reports. Byte updates of a layer
 * are reported at most every `intervalMs`; a layer changing state is always reported.
 */
export class PushTracker {
  private readonly layers = new Map<string, Layer>()
  private readonly lastReport = new Map<string, number>()
  private digest: string | undefined
  private manifestSize: number | undefined
  private failure: string | undefined

  constructor(
    private readonly report: (p: Progress) => void,
    private readonly now: () => number = () => performance.now(),
    private readonly intervalMs = 100,
  ) {}

  /** Takes one event of the stream. */
  feed(event: PushEvent): void {
    const error = event.errorDetail?.message ?? event.error
    if (error !== undefined && error !== "") {
      this.failure ??= error
      return
    }
    if (event.aux?.Digest !== undefined) {
      this.digest = event.aux.Digest
      this.manifestSize = event.aux.Size
      return
    }
    if (event.id === undefined || event.status === undefined) return
    const layer = this.layers.get(event.id) ?? { state: "waiting" as LayerState, current: 0, total: undefined }
    this.layers.set(event.id, layer)
    const before = layer.state
    const status = event.status
    if (status === "Pushing") {
      layer.state = "pushing"
      const { current, total } = event.progressDetail ?? {}
      if (total !== undefined && total > 0) layer.total = total
      if (current !== undefined) layer.current = layer.total !== undefined ? Math.min(current, layer.total) : current
    } else if (status === "Pushed") {
      layer.state = "pushed"
      layer.total ??= layer.current
      layer.current = layer.total
    } else if (status === "Layer already exists" || status.startsWith("Mounted from")) {
      layer.state = "existing"
    } else if (status === "Preparing" || status === "Waiting") {
      layer.state = "waiting"
    } else return
    const t = this.now()
    const changed = before !== layer.state || !this.lastReport.has(event.id)
    if (!changed && t - (this.lastReport.get(event.id) ?? 0) < this.intervalMs) return
    this.lastReport.set(event.id, t)
    this.report(this.describe(event.id, layer))
  }

  private describe(id: string, layer: Layer): Progress {
    const bytes = this.bytes()
    const current = formatBytes(layer.current)
    const what =
      layer.state === "pushing"
        ? layer.total !== undefined
          ? msg("docker-layer-pushing-of", { current, total: formatBytes(layer.total) })
          : msg("docker-layer-pushing", { current })
        : layer.state === "pushed"
          ? msg("docker-layer-pushed", { current })
          : layer.state === "existing"
            ? msg("docker-layer-existing")
            : msg("docker-layer-waiting")
    return {
      message: msg("docker-layer", { id: short(id), what }),
      current: bytes.current,
      ...(bytes.total > 0 ? { total: bytes.total } : {}),
    }
  }

  /** Bytes sent so far and the bytes known to be needed, over every layer that is uploaded. */
  bytes(): { readonly current: number; readonly total: number } {
    let current = 0
    let total = 0
    for (const layer of this.layers.values()) {
      if (layer.state === "existing") continue
      current += layer.current
      total += layer.total ?? layer.current
    }
    return { current, total }
  }

  /** Layer counts and bytes sent. */
  summary(): LayerSummary {
    const all = [...this.layers.values()]
    return {
      total: all.length,
      pushed: all.filter((l) => l.state === "pushed").length,
      existing: all.filter((l) => l.state === "existing").length,
      bytesPushed: all.filter((l) => l.state === "pushed").reduce((n, l) => n + l.current, 0),
    }
  }

  /** How the push ended: a digest, the engine's error, or neither (the stream was cut). */
  outcome(): PushOutcome {
    if (this.failure !== undefined) return { kind: "failed", message: this.failure }
    if (this.digest !== undefined) return { kind: "pushed", digest: this.digest, manifestSize: this.manifestSize }
    return { kind: "interrupted" }
  }
}
