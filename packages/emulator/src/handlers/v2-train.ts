import type { Call, Handler } from "../context.js"
import { createTrain, getTrain, instanceItems, listTrain, trainView, workdir } from "../domain/train.js"
import { forbidden } from "../errors.js"
import { queryMetrics } from "../sim/metrics.js"
import { num, page, type Shape, str } from "../validate.js"
import { jobEvents, logsFor } from "./jobs-common.js"
import { TRAIN_CONSOLE } from "./shapes.js"
import { checkNodeGates } from "./v1-train.js"

export interface V2Action {
  shape?: Shape
  handler: Handler
}

export type V2Service = Record<string, V2Action>

export const act = (handler: Handler, shape?: Shape): V2Action => (shape ? { handler, shape } : { handler })

const stopJob = (c: Call) => {
  // The gateway hides whether a job exists: an unknown id is "forbidden", not "not found" (§1.6).
  const t = c.emu.store.state.tasks.find((x) => x.id === str(c.body, "job_id") && x.kind === "train")
  if (!t) throw forbidden("Access denied")
  c.emu.engine.refuseWhileCreating(t)
  c.emu.engine.stop(t)
  return undefined
}

export const v2Train: V2Service = {
  CreateJob: act((c) => ({ job_id: createTrain(c, "simplified").id })),
  CreateJobConsole: act((c) => {
    checkNodeGates(c)
    const t = createTrain(c, "console")
    return { job_id: t.id, workspace_id: t.workspaceId }
  }, TRAIN_CONSOLE),
  GetJob: act((c) => trainView(c.emu, getTrain(c))),
  StopJob: act(stopJob),
  ListJobs: act(listTrain),
  ListJobInstances: act((c) => {
    const items = instanceItems(c.emu, getTrain(c))
    return { items: page(items, num(c.body, "page_num", 1), num(c.body, "page_size", -1)), total: items.length }
  }),
  // Serving pods (named by inference_serving.ListServingInstances) are read here too: an assumption, as
  // no client is known to read a serving's logs (INSPIRE-API §4.12).
  GetJobLog: act((c) => logsFor(c, ["train", "serving"])),
  GetTaskMetric: act((c) => queryMetrics(c.emu, c.body)),
  ListJobEvents: act(jobEvents),
  GetJobWorkdir: act((c) => ({ workdir: workdir(c) })),
}
