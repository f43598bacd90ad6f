import { readFileSync, renameSync, writeFileSync } from "node:fs"
import { buildFixture } from "../fixtures/platform.js"
import type { PlatformState } from "./types.js"

/** Platform state in memory; with a file it survives restarts (written atomically, debounced). */
export class Store {
  state: PlatformState
  private timer: NodeJS.Timeout | undefined

  constructor(private readonly file: string | undefined) {
    this.state = file ? (load(file) ?? buildFixture()) : buildFixture()
  }

  reset(): void {
    this.state = buildFixture()
    this.changed()
  }

  /** Call after every mutation; the write happens shortly after, off the request path. */
  changed(): void {
    if (!this.file || this.timer) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.flush()
    }, 100)
    this.timer.unref()
  }

  flush(): void {
    if (!this.file) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    const tmp = `${this.file}.${process.pid}.tmp`
    writeFileSync(tmp, JSON.stringify(this.state))
    renameSync(tmp, this.file)
  }
}

const load = (file: string): PlatformState | undefined => {
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch {
    return undefined
  }
  const parsed = JSON.parse(text) as PlatformState
  if (parsed.version !== 1) throw new Error(`${file}: unsupported state version ${String(parsed.version)}`)
  return upgrade(parsed)
}

/** A state file written before nodes had a type, or before datasets and other tenants' work existed. */
const upgrade = (s: PlatformState): PlatformState => {
  const seed = buildFixture()
  const seedNodes = new Map(seed.nodes.map((n) => [n.name, n]))
  for (const n of s.nodes) {
    const legacy = n as typeof n & { gpuBusy?: number }
    delete legacy.gpuBusy
    if (!n.nodeType) n.nodeType = seedNodes.get(n.name)?.nodeType ?? (n.gpuTotal > 0 ? "gpu" : "cpu")
  }
  s.datasets ??= seed.datasets
  s.foreign ??= seed.foreign.filter((f) => f.slots.every((x) => s.nodes.some((n) => n.name === x.node)))
  return s
}
