import { randomBytes } from "node:crypto"
import type { Call, Emu } from "../context.js"
import { invalid, notFound } from "../errors.js"
import { projectsOf } from "../state/lookup.js"
import type { Image, Model, Project, User } from "../state/types.js"
import { arr, type Body, num, obj, page, required, str, strList } from "../validate.js"
import { budgetNow } from "./budgets.js"
import { checkName } from "./checks.js"
import { settleSaves } from "./notebook-save.js"

export const userView = (u: User) => ({
  id: u.id,
  name: u.name,
  name_en: u.nameEn,
  email: u.email,
  avatar_url: "",
  created_at: String(u.createdAt),
  extra_info: { login_name: u.loginName },
  global_role: u.globalRole,
  workspace_id: u.defaultWorkspaceId,
})

export const projectView = (emu: Emu, p: Project, user: User, remainAsString = false) => {
  const remain = budgetNow(emu, p).remain
  return {
    id: p.id,
    name: p.name,
    en_name: p.enName,
    description: p.description,
    creator: p.creatorId,
    created_at: String(p.createdAt),
    workspace_id: p.spaceIds[0] ?? "",
    space_list: p.spaceIds.map((id) => {
      const w = emu.store.state.workspaces.find((x) => x.id === id)
      return { id, name: w?.name ?? "", usage_status: w?.usageStatus ?? 0 }
    }),
    sub_project_list: [],
    budget: p.budget,
    // V2's page list blanks the remaining budget (§3.4).
    remain_budget: remainAsString ? "" : remain,
    children_budget: 0,
    member_remain_budget: remain,
    member_remain_gpu_hours: Math.round(remain / 18.5),
    // Flags, not counts (IS and IC read them as booleans: whether GPU-hour limits apply to the project and
    // to each member); the amount left is member_remain_gpu_hours. hpc_limit is a flag by analogy.
    gpu_limit: true,
    member_gpu_limit: true,
    hpc_limit: false,
    priority_level: p.priorityLevel,
    priority_name: p.priorityName,
    is_member: remainAsString ? p.memberIds.includes(user.id) : false,
    status: "PASS_MODIFY_RESOURCE",
  }
}

export const listProjects = (c: Call, v2: boolean) => {
  const f = obj(c.body, "filter")
  const ws = str(f, "workspace_id")
  const name = str(f, "name")
  const all = projectsOf(c.emu.store.state, c.user).filter(
    (p) => (!ws || p.spaceIds.includes(ws)) && (!name || p.name.includes(name)),
  )
  const items = page(all, num(c.body, "page", 1), num(c.body, "page_size", 10), 1)
  return { items: items.map((p) => projectView(c.emu, p, c.user, v2)), total: v2 ? String(all.length) : all.length }
}

/** Points as V2 budget surfaces write them: thousands separators, two decimals (§5.4). */
export const money = (v: number): string =>
  v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** V2 `project.GetProjectBudgetUsageOverview` (§4.3): the budget as of the emulator's clock (budgets.ts). */
export const budgetOverview = (emu: Emu, projectId: string) => {
  const p = emu.store.state.projects.find((x) => x.id === projectId)
  if (!p) throw invalid("项目不存在")
  const now = budgetNow(emu, p)
  return {
    total: money(now.total),
    used: money(now.used),
    remain: money(now.remain),
    train: money(now.byKind.train),
    inference: money(now.byKind.inference),
    storage: money(now.byKind.storage),
  }
}

export const imageView = (i: Image) => ({
  image_id: i.id,
  name: i.name,
  version: i.version,
  address: i.address,
  url: i.address,
  framework: i.framework,
  source: i.source,
  visibility: i.visibility,
  status: i.status,
  description: i.description,
  created_at: String(i.createdAt),
  region: [i.registry],
  size: i.sizeBytes,
  support_brand_info_list: i.brands.map((brand) => ({ brand })),
})

export const listImages = (c: Call, base: 0 | 1) => {
  settleSaves(c.emu)
  const f = obj(c.body, "filter")
  const ws = str(obj(f, "registry_hint"), "workspace_id")
  const registry = c.emu.store.state.workspaces.find((w) => w.id === ws)?.registry
  const sources = new Set([...strList(f, "source_list"), ...(str(f, "source") ? [str(f, "source")] : [])])
  const visibility = str(f, "visibility")
  const name = str(f, "name")
  const all = c.emu.store.state.images.filter(
    (i) =>
      (i.visibility === "VISIBILITY_PUBLIC" || i.ownerId === c.user.id) &&
      (!registry || i.registry === registry) &&
      (sources.size === 0 || sources.has(i.source)) &&
      (!visibility || i.visibility === visibility) &&
      (!name || i.name.includes(name)),
  )
  const items = page(all, num(c.body, "page", base), num(c.body, "page_size", -1), base)
  return { images: items.map(imageView), total: all.length }
}

export const imageById = (emu: Emu, id: string): Image => {
  settleSaves(emu)
  const i = emu.store.state.images.find((x) => x.id === id)
  if (!i) throw notFound(`image ${id} not found`)
  return i
}

/** Registration (镜像管理 → 新建镜像): add_method 2 registers an address, 0 reserves a slot for a push. */
export const registerImage = (c: Call) => {
  const b = c.body
  required(b, "name", "version")
  checkName(str(b, "name"))
  const ws = c.emu.store.state.workspaces.find((w) => w.id === str(obj(b, "registry_hint"), "workspace_id"))
  const registry = ws?.registry ?? "qb"
  const display = registry === "sj" ? "docker-t.sii.shaipower.online" : "docker.sii.shaipower.online"
  const address = `${display}/inspire-studio/${str(b, "name")}:${str(b, "version")}`
  if (c.emu.store.state.images.some((i) => i.address === address)) throw invalid(`镜像 ${address} 已存在`)
  const addMethod = num(b, "add_method", 2)
  const pushed = c.emu.store.state.harbor.some(
    (r) =>
      r.registry === registry &&
      r.name === `inspire-studio/${str(b, "name")}` &&
      r.artifacts.some((a) => a.tags.includes(str(b, "version"))),
  )
  const image: Image = {
    id: `image-${randomBytes(8).toString("hex")}`,
    name: str(b, "name"),
    version: str(b, "version"),
    address,
    source: "SOURCE_PRIVATE",
    visibility: str(b, "visibility") || "VISIBILITY_PRIVATE",
    status: addMethod === 0 && !pushed ? "BUILDING" : "READY",
    registry,
    framework: "pytorch",
    description: str(b, "description"),
    createdAt: c.emu.clock.now(),
    ownerId: c.user.id,
    sizeBytes: 0,
    brands: ["NVIDIA"],
  }
  c.emu.store.state.images.push(image)
  c.emu.store.changed()
  const push =
    addMethod === 0
      ? address.replace(display, registry === "sj" ? "docker-t.sii.edu.cn" : "docker-qb.sii.edu.cn")
      : address
  return { image: { ...imageView(image), address: push } }
}

export const modelView = (m: Model) => {
  const latest = m.versions[m.versions.length - 1]
  return {
    model_id: m.id,
    id: m.id,
    name: m.name,
    version: latest?.version ?? 0,
    description: m.description,
    model_type: m.modelType,
    status: m.status,
    is_vllm_compatible: latest?.vllm ?? false,
    has_published: true,
    project_id: m.projectId,
    created_at: String(m.createdAt),
    model_path: latest?.path ?? "",
    model_source_path: m.sourcePath,
    tags: m.tags,
    workspace_id: m.workspaceId,
  }
}

export const modelById = (emu: Emu, id: string): Model => {
  const m = emu.store.state.models.find((x) => x.id === id)
  if (!m) throw notFound(`model ${id} not found`)
  return m
}

export const versionsView = (m: Model) => ({
  list: m.versions.map((v) => ({
    version: v.version,
    model_version: v.version,
    size: v.sizeGb,
    model_size_gb: v.sizeGb,
    model_path: v.path,
    created_at: String(v.createdAt),
    is_vllm_compatible: v.vllm,
  })),
  next_version: (m.versions[m.versions.length - 1]?.version ?? 0) + 1,
  total: m.versions.length,
})

export const createModel = (c: Call): Model => {
  const b: Body = c.body
  required(b, "workspace_id", "project_id", "name")
  checkName(str(b, "name"))
  const now = c.emu.clock.now()
  const m: Model = {
    id: `model-${randomBytes(12).toString("hex")}`,
    name: str(b, "name"),
    description: str(b, "description"),
    modelType: strList(b, "model_type"),
    tags: strList(b, "tags"),
    projectId: str(b, "project_id"),
    workspaceId: str(b, "workspace_id"),
    ownerId: c.user.id,
    createdAt: now,
    status: 2,
    sourcePath: str(b, "model_source_path"),
    versions: [
      {
        version: 1,
        sizeGb: 1,
        path: str(b, "model_source_path"),
        createdAt: now,
        vllm: arr(b, "model_type").includes("LLM"),
      },
    ],
  }
  c.emu.store.state.models.push(m)
  c.emu.store.changed()
  return m
}
