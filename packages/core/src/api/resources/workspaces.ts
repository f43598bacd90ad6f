import type { Project } from "../../domain/projects.js"
import { annotateWorkspaces, type WorkspacePolicy } from "../../domain/workspaces.js"

/** A workspace the user reaches through at least one project. */
export interface Workspace {
  readonly id: string
  readonly name: string
  /** False when a project lists it with `usage_status ≠ 0`: calls into it answer AccessForbidden. */
  readonly enabled: boolean
  /** Internet access and registry, from the name (no API reports them, §3.3). */
  readonly policy: WorkspacePolicy
  /** The projects attached to it: a task must use one of them (§6 rule 17). */
  readonly projects: ReadonlyArray<{ readonly id: string; readonly name: string }>
}

/** The union of the projects' `space_list`s (the ★ enumeration of §4.3), annotated and in first-seen order. */
export const listWorkspaces = (projects: ReadonlyArray<Project>): ReadonlyArray<Workspace> => {
  const byId = new Map<string, { id: string; name: string; enabled: boolean; projects: Project[] }>()
  for (const project of projects)
    for (const w of project.workspaces) {
      const seen = byId.get(w.id)
      if (seen === undefined) {
        byId.set(w.id, { id: w.id, name: w.name, enabled: w.enabled, projects: [project] })
        continue
      }
      // A workspace disabled in any listing is treated as disabled: that listing saw the newer state.
      seen.enabled = seen.enabled && w.enabled
      if (seen.name === "") seen.name = w.name
      seen.projects.push(project)
    }
  return annotateWorkspaces(
    [...byId.values()].map((w) => ({
      id: w.id,
      name: w.name,
      enabled: w.enabled,
      projects: w.projects.map((p) => ({ id: p.id, name: p.name })),
    })),
  )
}
