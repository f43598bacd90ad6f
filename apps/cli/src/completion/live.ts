// Names of things that come and go (jobs, notebooks, servings, recipes, sweeps) for completion, kept
// from the last list the CLI ran (job list, notebook list, serve list, serve recipes, sweep status) in a
// file beside the profile's discovery (0600, with the store's ownership checks). A TAB reads that file
// and sends nothing while it is fresh; once it is older than FRESH_MS, the list is run once, bounded by
// REFRESH_MS, with its output and any failure dropped, and what it kept is offered (else the old names).
import { spawnSync } from "node:child_process"
import { mkdirSync, rmSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { writeFileAtomicSync } from "@holos-inspire/core/atomic-file"
import { untrustedFolder } from "@holos-inspire/core/store-trust"
import type { NameContext } from "./candidates.js"
import type { LiveKind } from "./model.js"
import { readJson, scopeFile } from "./names.js"

/** How long a kept list is offered without asking the platform again. */
const FRESH_MS = 5 * 60_000

/** The longest a TAB waits for a stale list to be read again, unless INSPIRE_COMPLETION_REFRESH_MS says. */
const REFRESH_MS = 2_000

/** The command that lists each kind, and the field of its --json result that holds the rows. */
const LISTS: Readonly<Record<LiveKind, { readonly command: ReadonlyArray<string>; readonly rows: string }>> = {
  task: { command: ["job", "list"], rows: "tasks" },
  notebook: { command: ["notebook", "list"], rows: "notebooks" },
  serving: { command: ["serve", "list"], rows: "servings" },
  recipe: { command: ["serve", "recipes"], rows: "recipes" },
  sweep: { command: ["sweep", "status"], rows: "sweeps" },
}

type Kept = Readonly<Record<string, { readonly at?: unknown; readonly names?: unknown }>>

// Beside the discovery's folder (cache/names/, named as the discovery's file), so each is forgotten alone.
const liveFile = (env: NodeJS.ProcessEnv, profile: string | undefined) => {
  const { file, roots } = scopeFile(env, profile)
  return { file: join(dirname(dirname(file)), "names", basename(file)), roots }
}

/** Forgets the names kept for a profile (at logout). */
export const forgetListed = (env: NodeJS.ProcessEnv, profile: string | undefined): void => {
  const { file, roots } = liveFile(env, profile)
  if (untrustedFolder(file, roots) === undefined) rmSync(file, { force: true })
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/** Keeps the names and ids a list command printed, for completion; best effort, silent. */
export const keepListed = (
  commandPath: string,
  result: unknown,
  env: NodeJS.ProcessEnv,
  profile: string | undefined,
  now: number = Date.now(),
): void => {
  const found = Object.entries(LISTS).find(([, l]) => `inspire ${l.command.join(" ")}` === commandPath)
  const rows = found !== undefined && isRecord(result) ? result[found[1].rows] : undefined
  if (found === undefined || !Array.isArray(rows)) return
  const names = rows.flatMap((r) =>
    isRecord(r) ? [r.name, r.id].filter((n): n is string => typeof n === "string" && n !== "") : [],
  )
  try {
    const { file, roots } = liveFile(env, profile)
    const kept = (readJson(file, roots) as Kept | undefined) ?? {}
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
    writeFileAtomicSync(file, JSON.stringify({ ...kept, [found[0]]: { at: now, names: [...new Set(names)] } }))
  } catch {
    // A list that cannot be kept only completes less.
  }
}

/** Reads the live names of one kind. */
export type LiveReader = (kind: LiveKind, context: NameContext) => ReadonlyArray<string>

// The list run again by the installed binary (this process's own entry), silent and bounded.
const rerun = (env: NodeJS.ProcessEnv) => (kind: LiveKind, context: NameContext) => {
  const entry = process.argv[1]
  if (entry === undefined) return
  const profile = context.profile !== undefined ? ["--profile", context.profile] : []
  const asked = Number(env.INSPIRE_COMPLETION_REFRESH_MS)
  spawnSync(process.execPath, [entry, ...LISTS[kind].command, "--json", ...profile], {
    env,
    stdio: "ignore",
    timeout: Number.isFinite(asked) && asked > 0 ? asked : REFRESH_MS,
  })
}

/** The names kept for a kind: as kept while fresh; else read again once (bounded), or as they were. */
export const liveNames =
  (
    env: NodeJS.ProcessEnv,
    refresh: (kind: LiveKind, context: NameContext) => void = rerun(env),
    now: () => number = Date.now,
  ): LiveReader =>
  (kind, context) => {
    const read = () => {
      const { file, roots } = liveFile(env, context.profile)
      const kept = readJson(file, roots) as Kept | undefined
      const entry = kept !== undefined && Object.hasOwn(kept, kind) ? kept[kind] : undefined
      const names = Array.isArray(entry?.names) ? entry.names.filter((n): n is string => typeof n === "string") : []
      return { at: typeof entry?.at === "number" ? entry.at : undefined, names }
    }
    const kept = read()
    if (kept.at !== undefined && now() - kept.at < FRESH_MS) return kept.names
    refresh(kind, context)
    const again = read()
    return again.at !== kept.at ? again.names : kept.names
  }
