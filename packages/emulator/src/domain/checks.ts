import type { Call } from "../context.js"
import { internal, invalid } from "../errors.js"
import { groupIn, imageByAddress, projectById, specById, specsFor, workspaceOf } from "../state/lookup.js"
import type {
  ComputeGroup,
  Image,
  PlatformState,
  Project,
  ScheduleType,
  Spec,
  User,
  Workspace,
} from "../state/types.js"
import { budgetNow } from "./budgets.js"

export interface Placement {
  workspace: Workspace
  project: Project
  group: ComputeGroup
  spec: Spec
}

const NAME = /^[A-Za-z0-9\u4e00-\u9fff][A-Za-z0-9._\-\u4e00-\u9fff]{0,63}$/

/** The conservative name rule of §7 item 21. */
export const checkName = (name: string): void => {
  if (!NAME.test(name)) {
    throw invalid("名称不合法：1-64 个字符，仅支持中英文、数字、'.'、'_'、'-'，且以字母或数字开头")
  }
}

const SPEC_MISSING: Record<ScheduleType, (id: string, lcg: string) => string> = {
  SCHEDULE_CONFIG_TYPE_TRAIN: () => "spec_id not found in workspace predef_train_spec",
  SCHEDULE_CONFIG_TYPE_HPC: (id, lcg) => `spec_id ${id} of logic_compute_group ${lcg} in predef_node_specs not found`,
  SCHEDULE_CONFIG_TYPE_DSW: () => "record not found",
  SCHEDULE_CONFIG_TYPE_SERVING: () => "spec_id not found in workspace serving_quota",
  SCHEDULE_CONFIG_TYPE_RAY_JOB: () => "record not found",
}

/** Workspace, project, compute group and spec of a create call, checked in the platform's order. */
export const checkPlacement = (
  s: PlatformState,
  user: User,
  ids: { workspaceId: string; projectId: string; lcgId: string; specId: string },
  type: ScheduleType,
): Placement => {
  const workspace = workspaceOf(s, ids.workspaceId)
  const project = projectById(s, ids.projectId)
  if (!project) throw invalid("项目不存在")
  if (!project.memberIds.includes(user.id) || !project.spaceIds.includes(workspace.id)) {
    throw invalid("您已离开所选项目，无法创建")
  }
  const group = groupIn(s, workspace.id, ids.lcgId)
  const spec = specById(s, ids.specId)
  const inWorkspace = specsFor(s, workspace.id, type).some((x) => x.id === ids.specId)
  if (!spec || !inWorkspace) throw invalid(SPEC_MISSING[type](ids.specId, group.id))
  if (!spec.lcgIds.includes(group.id)) {
    throw invalid(`quota_id ${spec.id} does not belong to logic_compute_group ${group.id}`)
  }
  return { workspace, project, group, spec }
}

const PUSH_DOMAINS: Record<string, string> = {
  "docker-qb.sii.edu.cn": "docker.sii.shaipower.online",
  "docker-t.sii.edu.cn": "docker-t.sii.shaipower.online",
}

/**
 * Whether a create must declare the image's own source as `image_type`: always on the console (V1) and
 * V2 paths, where the refusal was observed; on OpenAPI only when the `oaImageType` rule says `match`.
 */
export const imageTypeEnforced = (c: Call): boolean => c.family !== "oa" || c.emu.rules.oaImageType === "match"

/**
 * The image must be registered, visible to the user and on the workspace's registry; with `enforceType`
 * it must also be of the declared type (a mismatch is the platform's `Unauthorized`).
 */
export const checkImage = (
  s: PlatformState,
  user: User,
  address: string,
  imageType: string,
  workspace: Workspace,
  enforceType = true,
): Image => {
  const host = address.split("/")[0] ?? ""
  const display = PUSH_DOMAINS[host]
  if (display) {
    throw invalid(`镜像 ${address} 使用了推送域名 ${host}，任务只能使用展示域名 ${display} 下已注册的镜像`)
  }
  const image = imageByAddress(s, address)
  const visible = image && (image.visibility === "VISIBILITY_PUBLIC" || image.ownerId === user.id)
  if (!image || !visible || image.registry !== workspace.registry) {
    throw invalid(`镜像 ${address} 不存在或未在平台注册（镜像管理 → 新建镜像）`)
  }
  if (enforceType && imageType && imageType !== image.source) throw internal("Unauthorized")
  return image
}

export const priorityLevel = (p: number): string => (p <= 3 ? "LOW" : p === 4 ? "NORMAL" : "HIGH")

const CODES = [11, 12, 13, 20, 30, 31, 32, 33, 34, 35]
export const priorityCode = (p: number): number => CODES[p - 1] ?? 0

export const checkPriority = (priority: unknown, project: Project, spec: Spec | undefined): number => {
  const p = typeof priority === "string" && priority.trim() !== "" ? Number(priority) : priority
  if (typeof p !== "number" || !Number.isInteger(p) || p < 1 || p > 10) throw invalid("无效的优先级值")
  const cap = Number(project.priorityName) || 4
  if (p > cap) throw invalid(`任务优先级 ${p} 超过项目允许的最高优先级 ${cap}`)
  const allowed = spec?.allowedPriorityLevels ?? []
  if (allowed.length > 0 && !allowed.includes(priorityLevel(p).toLowerCase())) {
    throw invalid("任务优先级不在该资源规格允许的范围内")
  }
  return p
}

/**
 * A project whose budget is spent cannot start more work; what counts is the budget now, running tasks'
 * accrued cost included (budgets.ts), not only finished runs. Low-priority CPU work is exempt (§6 rule 10).
 */
export const checkBudget = (c: Call, project: Project, spec: Spec, priority: number): void => {
  if (spec.gpuCount === 0 && priority <= 3) return
  const { remain } = budgetNow(c.emu, project)
  if (remain > 0) return
  throw invalid(`项目 ${project.name} 预算不足（剩余 ${remain} 点券），无法创建任务`)
}
