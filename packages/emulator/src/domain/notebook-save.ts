import type { Emu } from "../context.js"
import { invalid } from "../errors.js"

/** Nominal seconds a save-as-image takes (scaled by the clock's speed like every lifecycle phase). */
const SAVE_SECONDS = 120

/**
 * Starts a save: the notebook's `save_mirror_status.status` reads RUNNING and the new image is listed as
 * BUILDING until the save has taken its time, then SUCCESS and READY (§4.9: progress in the notebook).
 */
export const beginSave = (emu: Emu, extra: Record<string, unknown>, imageId: string): void => {
  if (extra.save_mirror_status === "RUNNING") {
    settleSaves(emu)
    if (extra.save_mirror_status === "RUNNING") throw invalid("镜像保存中，请稍后再试")
  }
  extra.save_mirror_status = "RUNNING"
  extra.save_mirror_image = imageId
  extra.save_mirror_done_at = emu.clock.now() + emu.clock.scaled(SAVE_SECONDS)
}

/** Finishes every save whose time has come (lazily, like the engine: no timers). */
export const settleSaves = (emu: Emu): void => {
  const now = emu.clock.now()
  const s = emu.store.state
  for (const t of s.tasks) {
    const x = t.extra
    if (t.kind !== "notebook" || x.save_mirror_status !== "RUNNING") continue
    if (typeof x.save_mirror_done_at === "number" && x.save_mirror_done_at > now) continue
    x.save_mirror_status = "SUCCESS"
    const image = s.images.find((i) => i.id === x.save_mirror_image)
    if (image !== undefined && image.status === "BUILDING") image.status = "READY"
    emu.store.changed()
  }
}
