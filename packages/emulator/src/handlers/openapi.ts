import { createHpc, getHpc, hpcFromSimplified, hpcView } from "../domain/hpc.js"
import { nodeDimension, placementNow } from "../domain/nodes.js"
import { createServing, getServing, servingView } from "../domain/serving.js"
import { createTrain, getTrain, trainView } from "../domain/train.js"
import { ApiError } from "../errors.js"
import { type Route, route } from "../router.js"
import { num, obj, page, str } from "../validate.js"

const stopped = () => undefined

/** OpenAPI ("Alpha"): create, detail and stop per task kind, plus the node list; no job lists exist here. */
export const openapiRoutes: Route[] = [
  route("POST", "/openapi/v1/train_job/create", undefined, (c) => {
    const t = createTrain(c, "simplified")
    return {
      job_id: t.id,
      status: "job_queuing",
      created_at: String(t.createdAt),
      priority: t.priority,
      node_count: t.instances,
      command: t.command,
      framework: "pytorch",
    }
  }),
  route("POST", "/openapi/v1/train_job/detail", undefined, (c) => trainView(c.emu, getTrain(c))),
  route("POST", "/openapi/v1/train_job/stop", undefined, (c) => {
    c.emu.engine.stop(getTrain(c))
    return stopped()
  }),
  route("POST", "/openapi/v1/hpc_jobs/create", undefined, (c) => ({
    job_id: createHpc(c, hpcFromSimplified(c.body)).id,
  })),
  route("POST", "/openapi/v1/hpc_jobs/detail", undefined, (c) => hpcView(c.emu, getHpc(c.emu, str(c.body, "job_id")))),
  route("POST", "/openapi/v1/hpc_jobs/stop", undefined, (c) => {
    c.emu.engine.stop(getHpc(c.emu, str(c.body, "job_id")))
    return stopped()
  }),
  route("POST", "/openapi/v1/inference_servings/create", undefined, (c) => ({
    inference_serving_id: createServing(c).id,
  })),
  route("POST", "/openapi/v1/inference_servings/detail", undefined, (c) =>
    servingView(c.emu, getServing(c.emu, str(c.body, "inference_serving_id")), c.base),
  ),
  route("POST", "/openapi/v1/inference_servings/stop", undefined, (c) => {
    c.emu.engine.stop(getServing(c.emu, str(c.body, "inference_serving_id")))
    return stopped()
  }),
  route("POST", "/openapi/v1/cluster_nodes/list", undefined, (c) => {
    const size = num(c.body, "page_size", 100)
    if (size < 1 || size > 1000) throw new ApiError("invalid", "page_size must be between 1 and 1000", -100000)
    const pool = str(obj(c.body, "filter"), "resource_pool")
    const placement = placementNow(c.emu)
    const nodes = c.emu.store.state.nodes.filter((n) => !pool || n.pool === pool)
    return {
      nodes: page(nodes, num(c.body, "page_num", 1), size).map((n) => nodeDimension(c.emu, n, placement)),
      total: nodes.length,
    }
  }),
]
