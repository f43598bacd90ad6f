import { randomBytes } from "node:crypto"
import type { Call, Emu } from "../context.js"
import { invalid } from "../errors.js"
import { labPrefix } from "../gateway.js"
import { taskOf } from "../state/lookup.js"
import type { Task } from "../state/types.js"
import { arr, type Body, num, obj, page, required, str, strList } from "../validate.js"
import { checkImage, checkName, checkPlacement, checkPriority } from "./checks.js"
import { resolveDatasets } from "./datasets.js"
import { beginSave, settleSaves } from "./notebook-save.js"
import { common, createTask, ms, statusOf } from "./tasks.js"

const DSW = "SCHEDULE_CONFIG_TYPE_DSW" as const

export const createNotebook = (c: Call): Task => {
  const b = c.body
  required(b, "name", "workspace_id", "project_id", "logic_compute_group_id", "quota_id")
  checkName(str(b, "name"))
  const s = c.emu.store.state
  const placement = checkPlacement(
    s,
    c.user,
    {
      workspaceId: str(b, "workspace_id"),
      projectId: str(b, "project_id"),
      lcgId: str(b, "logic_compute_group_id"),
      specId: str(b, "quota_id"),
    },
    DSW,
  )
  const byId = s.images.find((i) => i.id === str(b, "mirror_id"))
  const address = str(b, "mirror_url") || byId?.address || ""
  if (!address) throw invalid("参数错误: mirror_id or mirror_url is required")
  const image = checkImage(s, c.user, address, "", placement.workspace)
  const datasets = resolveDatasets(s, placement.workspace.id, arr(b, "dataset_info"))
  const priority = checkPriority(b.task_priority ?? placement.project.priorityName, placement.project, placement.spec)
  return createTask(c.emu, c.user.id, {
    kind: "notebook",
    name: str(b, "name"),
    command: str(b, "command"),
    placement,
    image: address,
    imageType: image.source,
    priority,
    instances: 1,
    extra: {
      mirror_id: image.id,
      shared_memory_size: num(b, "shared_memory_size", 0),
      allow_ssh: b.allow_ssh === true,
      auto_stop: b.auto_stop === true,
      description: str(b, "description"),
      token: randomBytes(16).toString("hex"),
      save_mirror_status: "",
      dataset_info: datasets,
    },
  })
}

export const notebookView = (emu: Emu, t: Task) => {
  settleSaves(emu)
  const { fields, project, group, spec } = common(emu, t)
  const x = t.extra
  const running = t.phase === "running"
  const run = t.runs[t.runs.length - 1]
  const now = emu.clock.now()
  const image = emu.store.state.images.find((i) => i.address === t.image)
  const quota = {
    gpu_count: spec?.gpuCount ?? 0,
    cpu_count: spec?.cpuCount ?? 0,
    memory_size: spec?.memGib ?? 0,
    gpu_ram: group?.gpuMemoryGb ?? 0,
    gpu_type: spec?.gpuType ?? "",
  }
  const node = t.alloc[0]?.node ?? ""
  return {
    notebook_id: t.id,
    id: t.id,
    name: t.name,
    status: statusOf(t),
    sub_status: t.subStatus,
    created_at: ms(t.createdAt),
    live_time: running && run ? Math.floor((now - run.start) / 1000) : 0,
    creator: { name: fields.created_by.name },
    user_id: t.userId,
    project: { id: t.projectId, name: project?.name ?? "", priority_name: project?.priorityName ?? "" },
    project_name: project?.name ?? "",
    workspace: { id: t.workspaceId, name: fields.workspace_name },
    quota,
    resource_spec: { gpu_type: spec?.gpuType ?? "" },
    logic_compute_group: { id: t.lcgId, name: group?.name ?? "" },
    node: {
      gpu_info: {
        gpu_product_simple: group?.gpuSimple ?? "",
        brand_name: group?.brand ?? "",
        gpu_memory_size_gb: group?.gpuMemoryGb ?? 0,
      },
    },
    start_config: {
      command: t.command,
      quota,
      shared_memory_size: x.shared_memory_size ?? 0,
      logic_compute_group_id: t.lcgId,
      allow_ssh: x.allow_ssh ?? false,
    },
    image: { name: image?.name ?? "", version: image?.version ?? "", address: t.image },
    extra_info: running
      ? {
          NodeName: node,
          HostIP: "10.11.40.17",
          SshDomain: x.allow_ssh ? "ssh.qz.sii.edu.cn" : "",
          SshPort: 0,
          ProxyJump: "",
        }
      : {},
    queue: { priority: t.priority },
    save_mirror_status: { status: x.save_mirror_status ?? "" },
    priority_name: String(t.priority),
    dataset_info: x.dataset_info ?? [],
  }
}

export const getNotebook = (emu: Emu, id: string): Task => {
  emu.engine.update()
  return taskOf(emu.store.state, id, "notebook")
}

export const listNotebooks = (c: Call) => {
  required(c.body, "workspace_id")
  c.emu.engine.update()
  const b: Body = c.body
  const f = obj(b, "filter_by")
  const keyword = str(f, "keyword")
  const users = strList(f, "user_id")
  const groups = strList(f, "logic_compute_group_id")
  const statuses = strList(f, "status")
  const items = c.emu.store.state.tasks
    .filter((t) => t.kind === "notebook" && t.workspaceId === str(b, "workspace_id"))
    .filter((t) => !keyword || t.name.includes(keyword))
    .filter(
      (t) => (users.length === 0 || users.includes(t.userId)) && (groups.length === 0 || groups.includes(t.lcgId)),
    )
    .filter((t) => statuses.length === 0 || statuses.includes(statusOf(t)))
    .sort((a, b2) => b2.createdAt - a.createdAt)
  // SF sends page 0; the platform treats it as the first page (§7 item 8).
  const pageNo = Math.max(1, num(b, "page", 1))
  return { list: page(items, pageNo, num(b, "page_size", 10)).map((t) => notebookView(c.emu, t)), total: items.length }
}

export const startNotebook = (emu: Emu, t: Task): void => {
  emu.engine.update()
  if (t.phase !== "stopped" && t.phase !== "failed")
    throw invalid(`notebook is ${statusOf(t)}, only a stopped notebook can be started`)
  emu.engine.restart(t)
}

export const deleteNotebook = (emu: Emu, t: Task): void => {
  emu.engine.update()
  if (t.phase !== "stopped" && t.phase !== "failed") throw invalid("只能删除已停止或失败的开发机")
  const s = emu.store.state
  s.tasks = s.tasks.filter((x) => x !== t)
  emu.store.changed()
}

/** `…/{ws}/{project}/{user}/jupyter/{notebook}/{token}/lab?token={token}` on the gateway (gateway.ts). */
export const labUrl = (base: string, t: Task, kind: "jupyter" | "vscode" = "jupyter"): string => {
  const token = String(t.extra.token ?? "")
  const prefix = labPrefix(base, t)(token, kind)
  return kind === "jupyter" ? `${prefix}/lab?token=${token}` : `${prefix}/?token=${token}`
}

export const saveImage = (emu: Emu, t: Task, userId: string, name: string, version: string, description: string) => {
  if (t.phase !== "running") throw invalid("开发机未运行，无法保存镜像")
  checkName(name)
  const s = emu.store.state
  const address = `docker.sii.shaipower.online/inspire-studio/${name}:${version}`
  const image = {
    id: `image-${randomBytes(8).toString("hex")}`,
    name,
    version,
    address,
    source: "SOURCE_PUBLIC",
    visibility: "VISIBILITY_PRIVATE",
    status: "BUILDING",
    registry: "qb" as const,
    framework: "pytorch",
    description,
    createdAt: emu.clock.now(),
    ownerId: userId,
    sizeBytes: 12_000_000_000,
    brands: ["NVIDIA"],
  }
  beginSave(emu, t.extra, image.id)
  s.images.push(image)
  emu.store.changed()
  return image
}

export const runIndex = (t: Task) => ({
  list: t.runs.map((r, i) => ({ index: i + 1, start_time: ms(r.start), end_time: ms(r.end) })),
})
