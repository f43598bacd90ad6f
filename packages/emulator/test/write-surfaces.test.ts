import { describe, expect, it } from "vitest"
import { isWriteSurface } from "../src/index.js"

// The dry-run contract test of the client reads `write` off the request log: these are the platform's
// own verbs, by surface, as the emulator's routes name them.
describe("write surfaces", () => {
  it("counts creates, stops, deletes, starts and pushes as writes", () => {
    for (const surface of [
      "oa:/openapi/v1/train_job/create",
      "oa:/openapi/v1/train_job/stop",
      "oa:/openapi/v1/hpc_jobs/stop",
      "oa:/openapi/v1/inference_servings/create",
      "oa:/openapi/v1/inference_servings/stop",
      "v1:POST /api/v1/hpc_jobs",
      "v1:POST /api/v1/notebook/operate",
      "v1:POST /api/v1/notebook/create",
      "v1:DELETE /api/v1/notebook/nb-1",
      "v1:POST /api/v1/model/create",
      "v1:POST /api/v1/model/delete",
      "v1:POST /api/v1/mirror/save",
      "v1:POST /api/v1/image/create",
      "v1:POST /api/v1/ray_job/create",
      "v2:notebook.StartNotebook",
      "v2:notebook.DeleteNotebook",
      "v2:train.CreateJob",
      "v2:inference_serving.StopServing",
      "http:PUT /harbor/qb/api/v2.0/projects/inspire-studio/repositories/x",
      "http:POST /v2/some/new/endpoint",
    ])
      expect(isWriteSurface(surface), surface).toBe(true)
  })

  it("counts lists, details, logs, metrics and logins as reads", () => {
    for (const surface of [
      "oa:/openapi/v1/train_job/detail",
      "oa:/openapi/v1/cluster_nodes/list",
      "v1:GET /api/v1/notebook/nb-1",
      "v1:POST /api/v1/train_job/list",
      "v1:POST /api/v1/logs/train",
      "v1:POST /api/v1/model/list",
      "v1:POST /api/v1/project/list",
      "v1:POST /api/v1/resource_prices/logic_compute_groups/",
      "v1:POST /api/v1/hpc_jobs/list",
      "v1:POST /api/v1/cluster_metric/resource_metric_by_time",
      "v2:notebook.GetNotebook",
      "v2:train.ListJobs",
      "v2:train.GetTaskMetric",
      "http:POST /auth/token",
      "http:POST /cas/login",
      "http:GET /harbor/qb/api/v2.0/projects",
    ])
      expect(isWriteSurface(surface), surface).toBe(false)
  })
})
