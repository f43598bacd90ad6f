import type { Emu } from "../context.js"
import { createNotebook, labUrl } from "../domain/notebook.js"
import { DEMO_USER } from "../fixtures/platform.js"

export interface RunningNotebookOptions {
  name?: string
  /** Login name of the owner; the demo user by default. */
  user?: string
  /** Created with `allow_ssh` (SSH and the port proxy, §4.17); off by default, as on the platform. */
  allowSsh?: boolean
}

export interface RunningNotebook {
  id: string
  name: string
  /** `{base}/{ws}/{project}/{user}/jupyter/{id}/{token}/lab?token={token}` (a secret: it holds the token). */
  labUrl: string
  /** The lab base: `labUrl` without `/lab?…`, under which `/api/…` and `/terminals/websocket/…` answer. */
  labBase: string
  token: string
}

const WS = "可上网GPU资源"
const GROUP = "RTX4090-可上网"
const PROJECT = "embodied-fm"
const IMAGE = "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311"

/**
 * For tests: creates a 1-GPU notebook in 可上网GPU资源 (project embodied-fm) for the demo user, RUNNING with
 * its Jupyter server ready, and returns its lab URL. The platform clock is where it was before the call.
 */
export const runningNotebook = (emu: Emu, base: string, opts: RunningNotebookOptions = {}): RunningNotebook => {
  const s = emu.store.state
  const user = s.users.find((u) => u.loginName === (opts.user ?? DEMO_USER.username))
  const ws = s.workspaces.find((w) => w.name === WS)
  const group = s.groups.find((g) => g.workspaceId === ws?.id && g.name === GROUP)
  const spec = s.specs.find(
    (x) =>
      group !== undefined && x.lcgIds.includes(group.id) && x.type === "SCHEDULE_CONFIG_TYPE_DSW" && x.gpuCount === 1,
  )
  const project = s.projects.find((p) => p.enName === PROJECT)
  if (!user || !ws || !group || !spec || !project) throw new Error("the fixture has no place for a test notebook")
  const name = opts.name ?? `dev-${s.tasks.filter((t) => t.kind === "notebook").length + 1}`
  // The notebook is made as if created `lead` seconds ago and brought to RUNNING then, so its Jupyter
  // server is ready now; the platform clock ends where it was (it used to move ahead for good).
  const lead = emu.faults.config.jupyterStartupSeconds + 1
  const t = (() => {
    emu.clock.advance(-lead)
    try {
      const t = createNotebook({
        emu,
        user,
        body: {
          name,
          workspace_id: ws.id,
          project_id: project.id,
          logic_compute_group_id: group.id,
          quota_id: spec.id,
          mirror_url: IMAGE,
          ...(opts.allowSsh === true ? { allow_ssh: true } : {}),
        },
        raw: "",
        params: {},
        query: new URLSearchParams(),
        base,
      })
      const at = emu.clock.now()
      for (let i = 0; i < 20 && t.phase !== "running"; i++) {
        if (t.nextAt !== null && t.nextAt > at) t.nextAt = at
        emu.engine.update()
      }
      if (t.phase !== "running") throw new Error(`the test notebook did not start (${t.phase})`)
      return t
    } finally {
      emu.clock.advance(lead)
      emu.engine.update()
    }
  })()
  const url = labUrl(base, t)
  return { id: t.id, name, labUrl: url, labBase: url.replace(/\/lab\?.*$/, ""), token: String(t.extra.token) }
}
