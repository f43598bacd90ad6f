import {
  budgetOverview,
  createModel,
  imageById,
  imageView,
  listImages,
  listProjects,
  modelById,
  modelView,
  projectView,
  registerImage,
  userView,
  versionsView,
} from "../domain/catalog.js"
import { validateDatasets } from "../domain/datasets.js"
import { getServing, listServings, servingView } from "../domain/serving.js"
import { ApiError, invalid, notFound } from "../errors.js"
import { type Route, route } from "../router.js"
import { projectsOf, workspaceOf } from "../state/lookup.js"
import { arr, num, page, type Shape, str, strList } from "../validate.js"

const IMAGE_FILTER: Shape = {
  source: true,
  source_list: true,
  visibility: true,
  registry_hint: { workspace_id: true },
  name: true,
}

export const v1CatalogRoutes: Route[] = [
  route("GET", "/api/v1/user/detail", undefined, (c) => userView(c.user)),
  route("GET", "/api/v1/user/permissions/:ws", undefined, (c) => {
    if (!c.emu.store.state.workspaces.some((w) => w.id === c.params.ws)) throw invalid("参数错误")
    return { permissions: c.user.permissions }
  }),
  route("GET", "/api/v1/user/routes/:ws", undefined, (c) => {
    const ids = new Set(projectsOf(c.emu.store.state, c.user).flatMap((p) => p.spaceIds))
    // The console's workspace switcher: a disabled workspace (usage_status ≠ 0) is left out, since every
    // call into it is refused and these routes carry no usage_status to tell it apart.
    const routes = c.emu.store.state.workspaces
      .filter((w) => ids.has(w.id) && w.usageStatus === 0)
      .map((w) => ({ name: w.name, path: w.id }))
    return { routes: [{ name: "userWorkspaceList", routes }] }
  }),
  route("GET", "/api/v1/user/my-api-key/list", undefined, () => ({ items: [] })),
  route("GET", "/api/v1/user/quota", undefined, (c) => {
    if (c.user.globalRole !== "admin") throw new ApiError("internal", "用户不存在")
    return {}
  }),
  route(
    "POST",
    "/api/v1/project/list",
    { page: true, page_size: true, filter: { workspace_id: true, check_admin: true, name: true } },
    (c) => listProjects(c, false),
  ),
  route("POST", "/api/v1/project/list_for_page", { page: true, page_size: true, filter: true }, (c) => {
    const all = projectsOf(c.emu.store.state, c.user)
    return {
      list: page(all, num(c.body, "page", 0), num(c.body, "page_size", 200), 0).map((p) =>
        projectView(c.emu, p, c.user),
      ),
      total: all.length,
    }
  }),
  route("GET", "/api/v1/project/owners", undefined, (c) => ({
    items: c.emu.store.state.users.map((u) => ({ id: u.id, name: u.name, login_name: u.loginName })),
  })),
  route("GET", "/api/v1/project/:id", undefined, (c) => {
    const p = projectsOf(c.emu.store.state, c.user).find((x) => x.id === c.params.id)
    if (!p) throw notFound("项目不存在")
    return { ...projectView(c.emu, p, c.user), budget_overview: budgetOverview(c.emu, p.id) }
  }),
  // The SSH-key endpoints exist but fail on the platform with a database error (§4.18).
  ...["list", "keys", "my_keys", "public_keys", "create"].flatMap((p) =>
    ["GET", "POST"].map((m) =>
      route(m, `/api/v1/ssh/${p}`, undefined, () => {
        throw new ApiError("internal", "数据库错误")
      }),
    ),
  ),
  route("POST", "/api/v1/image/list", { page: true, page_size: true, filter: IMAGE_FILTER }, (c) => listImages(c, 0)),
  route("GET", "/api/v1/image/:id", undefined, (c) => imageView(imageById(c.emu, c.params.id ?? ""))),
  route(
    "POST",
    "/api/v1/image/create",
    {
      name: true,
      version: true,
      registry_hint: { workspace_id: true },
      visibility: true,
      add_method: true,
      description: true,
    },
    (c) => registerImage(c),
  ),
  route(
    "POST",
    "/api/v1/image/update",
    { id: true, visibility: true, description: true, support_brand_list: true },
    (c) => {
      const i = imageById(c.emu, str(c.body, "id"))
      if (i.ownerId !== c.user.id) throw new ApiError("forbidden", "Access denied")
      if (str(c.body, "visibility")) i.visibility = str(c.body, "visibility")
      if (typeof c.body.description === "string") i.description = c.body.description
      if (Array.isArray(c.body.support_brand_list)) i.brands = strList(c.body, "support_brand_list")
      c.emu.store.changed()
      return undefined
    },
  ),
  route("DELETE", "/api/v1/image/:id", undefined, (c) => {
    const i = imageById(c.emu, c.params.id ?? "")
    if (i.ownerId !== c.user.id) throw new ApiError("forbidden", "Access denied")
    c.emu.store.state.images = c.emu.store.state.images.filter((x) => x !== i)
    c.emu.store.changed()
    return undefined
  }),
  route("POST", "/api/v1/model/list", { workspace_id: true, page: true, page_size: true, filter_by: true }, (c) => {
    const ws = str(c.body, "workspace_id")
    const all = c.emu.store.state.models.filter((m) => !ws || m.workspaceId === ws)
    const list = page(all, num(c.body, "page", 1), num(c.body, "page_size", 10)).map((m) => ({
      model: modelView(m),
      latest_version: m.versions[m.versions.length - 1]?.version ?? 0,
      next_version: (m.versions[m.versions.length - 1]?.version ?? 0) + 1,
      project_id: m.projectId,
      project_name: c.emu.store.state.projects.find((p) => p.id === m.projectId)?.name ?? "",
    }))
    return { list, total: all.length }
  }),
  route("POST", "/api/v1/model/detail", { model_id: true }, (c) => {
    const m = modelById(c.emu, str(c.body, "model_id"))
    const owner = c.emu.store.state.users.find((u) => u.id === m.ownerId)
    const project = c.emu.store.state.projects.find((p) => p.id === m.projectId)
    return {
      model: modelView(m),
      ...modelView(m),
      project_name: project?.name ?? "",
      user_avatar: "",
      user_name: owner?.name ?? "",
    }
  }),
  route("GET", "/api/v1/model/:id/versions", undefined, (c) => versionsView(modelById(c.emu, c.params.id ?? ""))),
  route("GET", "/api/v1/model/:id", undefined, (c) => versionsView(modelById(c.emu, c.params.id ?? ""))),
  route(
    "POST",
    "/api/v1/model/create",
    {
      workspace_id: true,
      project_id: true,
      name: true,
      model_source_path: true,
      model_type: true,
      description: true,
      tags: true,
    },
    (c) => ({ model_id: createModel(c).id }),
  ),
  route("POST", "/api/v1/model/delete", { model_id: true }, (c) => {
    const m = modelById(c.emu, str(c.body, "model_id"))
    c.emu.store.state.models = c.emu.store.state.models.filter((x) => x !== m)
    c.emu.store.changed()
    return undefined
  }),
  route(
    "POST",
    "/api/v1/inference_servings/list",
    { page: true, page_size: true, filter_by: { my_serving: true }, workspace_id: true },
    (c) => listServings(c),
  ),
  route("GET", "/api/v1/inference_servings/detail", undefined, (c) =>
    servingView(c.emu, getServing(c.emu, c.query.get("inference_serving_id") ?? ""), c.base),
  ),
  route("GET", "/api/v1/inference_servings/configs/workspace/:ws", undefined, (c) => ({
    configs: { max_replicas: 8, ports: [8000, 2400], workspace_id: c.params.ws ?? "" },
  })),
  route(
    "POST",
    "/api/v1/dataset/validate_dataset",
    { workspace_id: true, datasets: [{ dataset_id: true, version_id: true }] },
    (c) => {
      workspaceOf(c.emu.store.state, str(c.body, "workspace_id"))
      return validateDatasets(c, arr(c.body, "datasets"))
    },
  ),
  // Projects (of the caller) in the workspace and the people who deploy there: the serving list's filters.
  route("POST", "/api/v1/inference_servings/user_project/list", { workspace_id: true }, (c) => {
    const w = workspaceOf(c.emu.store.state, str(c.body, "workspace_id"))
    const projects = projectsOf(c.emu.store.state, c.user).filter((p) => p.spaceIds.includes(w.id))
    const ids = new Set(
      c.emu.store.state.tasks.filter((t) => t.kind === "serving" && t.workspaceId === w.id).map((t) => t.userId),
    )
    ids.add(c.user.id)
    return {
      projects: projects.map((p) => ({ id: p.id, name: p.name, en_name: p.enName })),
      users: c.emu.store.state.users.filter((u) => ids.has(u.id)).map((u) => ({ id: u.id, name: u.name })),
    }
  }),
]
