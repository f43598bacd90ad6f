// Why each API request of an everyday call is made: which piece of the answer needs it. Keyed by the
// emulator's surface (bench/requests.mjs shortens `v1:POST /api/v1/x` to `v1:/api/v1/x`); a few
// depend on the call. A surface not listed here is printed as "?" so that a new request is noticed.

const KEPT_5 = "kept 5 min"
const KEPT_10 = "kept 10 min"

const isCreate = (call) => /submit|create/.test(call)

/** @type {Record<string, (call: string) => string>} */
const REASONS = {
  "v1:/api/v1/project/list": () =>
    `the projects, which carry the workspaces: the workspace and project names resolve against them, ${KEPT_5}`,
  "v2:user.GetUserDetail": (call) =>
    call.startsWith("job list")
      ? `your user id: only your own tasks are listed, ${KEPT_5}`
      : call.startsWith("status")
        ? `who you are: your storage paths, ${KEPT_5}`
        : `who you are, ${KEPT_5}`,
  "v2:workspace.GetBasicInfo": (call) =>
    `the workspace's compute groups${isCreate(call) ? ": the group name resolves against them" : ""}, ${KEPT_10}`,
  "v2:workspace.GetScheduleConfig": (call) =>
    `the workspace's TRAIN, DSW and SERVING specs${isCreate(call) ? ": the spec is checked against them" : ""}, ${KEPT_10}`,
  "v2:workspace.GetWorkspaceNodeSpecs": () =>
    `which groups run HPC, so that only those are asked for HPC specs, ${KEPT_10}`,
  "v1:/api/v1/resource_prices/logic_compute_groups/": (call) =>
    `one group's HPC specs${call.startsWith("hpc") ? ": the spec is checked against them" : ""}, ${KEPT_10}`,
  "v2:workspace.ListNodeDimension": (call) =>
    isCreate(call)
      ? "the placement check: the group's nodes, whether it can start now"
      : "one workspace's nodes: the free GPUs of each group",
  "v2:workspace.ListTaskDimension": (call) =>
    call.startsWith("usage")
      ? "the workspace's tasks: the GPUs each user and project holds"
      : "the tasks on a node where pre-emptible work shares GPUs with other work",
  "v2:train.ListJobs": (call) =>
    !isCreate(call)
      ? "your training jobs"
      : call.startsWith("notebook")
        ? "the placement check: the training jobs queued ahead"
        : "the placement check: the training jobs queued ahead and those running, which give the new job's queue place and start estimate",
  "v2:hpc.ListJobs": () => "your HPC jobs",
  "v1:/api/v1/ray_job/list": () => "your Ray jobs",
  "v1:/api/v1/inference_servings/list": () => "the servings",
  "v2:notebook.ListNotebooks": (call) =>
    isCreate(call)
      ? "exactly once: the notebooks of that name before the create (a notebook carries no marker)"
      : "the notebooks",
  "v1:/api/v1/image/list": () =>
    `a check before the create: the image is registered for the workspace, and its source, ${KEPT_10} (a name not kept is asked again)`,
  "oa:/openapi/v1/train_job/create": () => "the create, carrying its marker",
  "oa:/openapi/v1/hpc_jobs/create": () => "the create, carrying its marker",
  "v2:notebook.CreateNotebook": () => "the create",
  "oa:/openapi/v1/train_job/detail": () => "the job's detail",
  "oa:/openapi/v1/hpc_jobs/detail": () => "the job's detail",
  "v2:notebook.GetNotebook": () => "the notebook's detail",
  "v2:train.ListJobInstances": () => "the job's pods: their nodes, states and start times",
  "v2:project.GetProjectBudgetUsageOverview": () => "one project's budget: total, used, remaining, by kind",
  "v2:project.GetProjectMemberBudgetUsage": () => "one project's members' budgets",
}

/** Why a request to `surface` is made by `call` (the call's label, without `inspire`); "?" when unknown. */
export const why = (surface, call) => REASONS[surface]?.(call) ?? "?"
