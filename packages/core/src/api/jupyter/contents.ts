import { z } from "zod"
import { Effect } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import type { Transport } from "../../platform/transport.js"
import { msg } from "../../words/message.js"
import type { Text } from "../../words/text.js"
import { contentsFailure, refusalExplained } from "./contents-failure.js"
import { type Lab, type LabRequest, labSend } from "./lab.js"

// The Jupyter contents API (`<lab>/api/contents/<path>`): paths are relative to the Jupyter server's root
// folder, as the lab's file browser shows them; files travel as text or base64 inside JSON models.

/** The largest file moved through the contents API in one piece (the gateway refuses larger bodies). */
export const MAX_FILE_BYTES = 64 * 1024 * 1024

/** One entry of a folder, or a file or folder itself, as the contents API describes it. */
export interface RemoteEntry {
  readonly name: string
  readonly path: string
  readonly type: "file" | "directory" | "notebook"
  readonly size: number | undefined
  readonly modified: string | undefined
}

const Model = z.lazy(() =>
  z
    .object({
      name: z.string().default(""),
      path: z.string().default(""),
      type: z.enum(["file", "directory", "notebook"]).catch("file"),
      size: z.number().nullish(),
      last_modified: z.string().nullish(),
      format: z.string().nullish(),
      content: z.unknown().optional(),
      hash: z.string().nullish(),
      hash_algorithm: z.string().nullish(),
    })
    .loose(),
)

type RawModel = z.output<typeof Model>

const entryOf = (m: RawModel): RemoteEntry => ({
  name: m.name,
  path: m.path,
  type: m.type,
  size: m.size ?? undefined,
  modified: m.last_modified ?? undefined,
})

/** Whether a folder entry's name is one name: not empty, `.` or `..`, and without a slash, backslash or NUL. */
const isEntryName = (name: string): boolean => name !== "" && name !== "." && name !== ".." && !/[/\\\0]/.test(name)

/** A remote path made safe: forward slashes, no empty, `.` or `..` parts; "" is the root folder. */
export const normalizeRemotePath = (raw: string): Effect.Effect<string, InspireError> => {
  const parts = raw
    .replace(/\\/g, "/")
    .split("/")
    .filter((p) => p !== "" && p !== ".")
  if (parts.includes(".."))
    return Effect.fail(invalidInput(msg("jupyter-path-up", { path: raw }), msg("jupyter-path-up-fix")))
  return Effect.succeed(parts.join("/"))
}

const urlPath = (path: string): string =>
  `/api/contents${path === "" ? "" : `/${path.split("/").map(encodeURIComponent).join("/")}`}`

/** Sends one contents request about `path` and fails, worded by what went wrong, unless it answered 2xx. */
const contentsCall = (
  lab: Lab,
  req: LabRequest,
  what: Text | string,
  path: string,
): Effect.Effect<unknown, InspireError, Transport> =>
  Effect.flatMap(labSend(lab, { ...req, final: refusalExplained }), (answer) =>
    answer.status >= 200 && answer.status < 300
      ? Effect.succeed(answer.json)
      : Effect.fail(contentsFailure(lab, answer, what, path)),
  )

const decodeModel = (data: unknown, path: string): Effect.Effect<RawModel, InspireError> => {
  const parsed = Model.safeParse(data ?? {})
  return parsed.success
    ? Effect.succeed(parsed.data)
    : Effect.fail(
        new InspireError({
          reason: "PlatformError",
          message: msg("jupyter-unreadable-model", { path }),
          hint: msg("jupyter-unreadable-model-fix"),
        }),
      )
}

/** What is at a path, without its content; undefined when nothing is there. */
export const statRemote = (lab: Lab, path: string): Effect.Effect<RemoteEntry | undefined, InspireError, Transport> =>
  Effect.gen(function* () {
    const answer = yield* labSend(lab, { method: "GET", path: `${urlPath(path)}?content=0`, final: refusalExplained })
    if (answer.status === 404) return undefined
    if (answer.status < 200 || answer.status >= 300)
      return yield* Effect.fail(contentsFailure(lab, answer, `"${path}"`, path))
    return entryOf(yield* decodeModel(answer.json, path))
  })

/** The entries of a remote folder, folders first, then by name. */
export const listRemote = (
  lab: Lab,
  path: string,
): Effect.Effect<ReadonlyArray<RemoteEntry>, InspireError, Transport> =>
  Effect.gen(function* () {
    const data = yield* contentsCall(
      lab,
      { method: "GET", path: `${urlPath(path)}?content=1` },
      msg("jupyter-what-folder", { path: path || "/" }),
      path,
    )
    const model = yield* decodeModel(data, path)
    if (model.type !== "directory")
      return yield* Effect.fail(invalidInput(msg("jupyter-is-file", { path }), msg("jupyter-is-file-list")))
    const items = Array.isArray(model.content) ? model.content : []
    const entries: RemoteEntry[] = []
    for (const item of items) {
      const entry = entryOf(yield* decodeModel(item, path))
      // Any code in the notebook can answer for its Jupyter server: a name is never taken as a path.
      if (!isEntryName(entry.name))
        return yield* Effect.fail(
          new InspireError({
            reason: "PlatformError",
            message: msg("notebook-files-bad-entry", { name: JSON.stringify(entry.name), path: path || "/" }),
            hint: msg("notebook-files-bad-entry-fix"),
          }),
        )
      entries.push({ ...entry, path: path === "" ? entry.name : `${path}/${entry.name}` })
    }
    return entries.sort((a, b) =>
      a.type === b.type ? a.name.localeCompare(b.name) : a.type === "directory" ? -1 : b.type === "directory" ? 1 : 0,
    )
  })

/** A remote file's bytes, with the sha256 the server computed when it offers one. */
export interface RemoteFile {
  readonly entry: RemoteEntry
  readonly bytes: Buffer
  readonly sha256: string | undefined
}

/** Reads a remote file whole (base64), refusing one over `limit` bytes before reading it. */
export const readRemoteFile = (
  lab: Lab,
  path: string,
  limit = MAX_FILE_BYTES,
): Effect.Effect<RemoteFile, InspireError, Transport> =>
  Effect.gen(function* () {
    const entry = yield* statRemote(lab, path)
    if (entry === undefined)
      return yield* Effect.fail(
        new InspireError({
          reason: "NotFound",
          message: msg("jupyter-no-such", { path }),
          hint: msg("jupyter-no-such-fix"),
        }),
      )
    if (entry.type === "directory")
      return yield* Effect.fail(invalidInput(msg("jupyter-is-folder", { path }), msg("jupyter-is-folder-fix")))
    if (entry.size !== undefined && entry.size > limit) return yield* Effect.fail(tooLarge(path, entry.size, limit))
    const data = yield* contentsCall(
      lab,
      { method: "GET", path: `${urlPath(path)}?content=1&type=file&format=base64&hash=1`, timeout: "5 minutes" },
      `"${path}"`,
      path,
    )
    const model = yield* decodeModel(data, path)
    const content = typeof model.content === "string" ? model.content : ""
    const bytes = model.format === "text" ? Buffer.from(content, "utf8") : Buffer.from(content, "base64")
    const sha256 = model.hash_algorithm === "sha256" && typeof model.hash === "string" ? model.hash : undefined
    return { entry: { ...entryOf(model), size: bytes.length }, bytes, sha256 }
  })

/** The failure for a file over a limit. */
export const tooLarge = (path: string, size: number, limit: number): InspireError =>
  invalidInput(msg("jupyter-file-too-large", { path, size, limit }), msg("jupyter-file-too-large-fix"))

/** Writes a remote file (base64). The caller decides about overwriting (see `statRemote`). */
export const writeRemoteFile = (lab: Lab, path: string, bytes: Buffer): Effect.Effect<void, InspireError, Transport> =>
  bytes.length > MAX_FILE_BYTES
    ? Effect.fail(tooLarge(path, bytes.length, MAX_FILE_BYTES))
    : Effect.asVoid(
        contentsCall(
          lab,
          {
            method: "PUT",
            path: urlPath(path),
            body: { type: "file", format: "base64", content: bytes.toString("base64") },
            write: true,
            timeout: "5 minutes",
          },
          msg("jupyter-what-writing", { path }),
          path,
        ),
      )

/** Makes a remote folder (one level; the contents API makes no parents). One already there is fine. */
export const makeRemoteFolder = (lab: Lab, path: string): Effect.Effect<void, InspireError, Transport> =>
  Effect.gen(function* () {
    const there = yield* statRemote(lab, path)
    if (there?.type === "directory") return
    if (there !== undefined)
      return yield* Effect.fail(invalidInput(msg("jupyter-is-file", { path }), msg("jupyter-is-file-other")))
    yield* contentsCall(
      lab,
      { method: "PUT", path: urlPath(path), body: { type: "directory" }, write: true },
      msg("jupyter-what-mkdir", { path }),
      path,
    )
  })

/**
 * Makes the folders above a remote path that are missing, top down (the contents API makes no parents,
 * and a file PUT into a missing folder fails). Returns the folders it made; with `dryRun`, the ones it would.
 */
export const makeRemoteParents = (
  lab: Lab,
  path: string,
  dryRun = false,
): Effect.Effect<ReadonlyArray<string>, InspireError, Transport> =>
  Effect.gen(function* () {
    const parts = path.split("/").slice(0, -1)
    const missing: string[] = []
    for (let i = 1; i <= parts.length; i++) {
      const folder = parts.slice(0, i).join("/")
      const there = missing.length > 0 ? undefined : yield* statRemote(lab, folder)
      if (there?.type === "directory") continue
      if (there !== undefined)
        return yield* Effect.fail(invalidInput(msg("jupyter-is-file", { path: folder }), msg("jupyter-is-file-other")))
      missing.push(folder)
    }
    if (!dryRun) for (const folder of missing) yield* makeRemoteFolder(lab, folder)
    return missing
  })

/** The sha256 of a remote file as its server computes it (`hash=1`, Jupyter Server 2.11+); undefined when it offers none. */
export const serverSha256 = (lab: Lab, path: string): Effect.Effect<string | undefined, InspireError, Transport> =>
  Effect.gen(function* () {
    const data = yield* contentsCall(
      lab,
      { method: "GET", path: `${urlPath(path)}?content=0&hash=1`, timeout: "10 minutes" },
      `"${path}"`,
      path,
    )
    const model = yield* decodeModel(data, path)
    return model.hash_algorithm === "sha256" && typeof model.hash === "string" ? model.hash : undefined
  })
