import { forbidden, internal, invalid, notFound } from "../errors.js"
import type { ComputeGroup, Image, PlatformState, Project, ScheduleType, Spec, Task, User, Workspace } from "./types.js"

export const findUserByLogin = (s: PlatformState, login: string): User | undefined =>
  s.users.find((u) => u.loginName === login)

export const userById = (s: PlatformState, id: string): User | undefined => s.users.find((u) => u.id === id)

export const workspaceOf = (s: PlatformState, id: string): Workspace => {
  const w = s.workspaces.find((x) => x.id === id)
  if (!w) throw invalid(`workspace ${id} not found`)
  if (w.usageStatus !== 0) throw forbidden("该空间已被禁用")
  return w
}

export const projectsOf = (s: PlatformState, user: User): Project[] =>
  s.projects.filter((p) => p.memberIds.includes(user.id))

export const projectById = (s: PlatformState, id: string): Project | undefined => s.projects.find((p) => p.id === id)

export const groupsOf = (s: PlatformState, workspaceId: string): ComputeGroup[] =>
  s.groups.filter((g) => g.workspaceId === workspaceId)

export const groupById = (s: PlatformState, id: string): ComputeGroup | undefined => s.groups.find((g) => g.id === id)

/** The group of a create call; the platform words the miss as a UI message even on the API. */
export const groupIn = (s: PlatformState, workspaceId: string, lcgId: string): ComputeGroup => {
  const g = s.groups.find((x) => x.id === lcgId && x.workspaceId === workspaceId)
  if (!g) throw internal("已选择的计算类型组不存在，请重新选择。")
  return g
}

export const specsFor = (s: PlatformState, workspaceId: string, type: ScheduleType, lcgId?: string): Spec[] =>
  s.specs.filter(
    (x) => x.workspaceId === workspaceId && x.type === type && (lcgId === undefined || x.lcgIds.includes(lcgId)),
  )

export const specById = (s: PlatformState, id: string): Spec | undefined => s.specs.find((x) => x.id === id)

export const imageByAddress = (s: PlatformState, address: string): Image | undefined =>
  s.images.find((i) => i.address === address)

export const taskOf = (s: PlatformState, id: string, kind: Task["kind"]): Task => {
  const t = s.tasks.find((x) => x.id === id && x.kind === kind)
  if (!t) throw notFound(`${kind === "notebook" ? "notebook" : "job"} ${id} not found`)
  return t
}

export const findTask = (s: PlatformState, id: string): Task | undefined => s.tasks.find((x) => x.id === id)
