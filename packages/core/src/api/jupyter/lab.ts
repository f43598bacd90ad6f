import { pickOrFail, whereWord, wholeIdKind } from "../../domain/lookup.js"
import { Duration, Effect } from "../../effect.js"
import { InspireError, invalidInput, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import type { ProxySettings } from "../../platform/dispatcher.js"
import { fromTransportFailure } from "../../platform/failures.js"
import { type HttpRequest, type HttpResponse, Transport } from "../../platform/transport.js"
import { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord, type Text } from "../../words/text.js"
import { getNotebook, listNotebooks } from "../notebooks/read.js"
import { AccessUrls, type Notebook } from "../notebooks/schema.js"
import { decode } from "../support.js"

/**
 * A running notebook's Jupyter server: the lab base (`…/jupyter/<id>/<token>`, INSPIRE-API.md §4.17) and
 * its token. Both are secrets (the token is in the base's path): never put `base` or `token` in a result,
 * an error or a log; `shown` is the base with the token masked.
 */
export interface Lab {
  readonly notebook: Notebook
  readonly base: string
  readonly token: string
  readonly shown: string
  /** The profile's proxy, for the terminal sockets (HTTP requests go through the transport's). */
  readonly proxy?: ProxySettings
}

/** Masks the token wherever it occurs in a text (a URL, a message the server sent back). */
export const redactToken = (text: string, token: string): string =>
  token.length < 3 ? text : text.split(token).join("***")

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
const URL_IDS = [
  new RegExp(`/(?:jupyter|vscode)/(${UUID})(?:/|$)`, "i"),
  new RegExp(`/develop/notebook/(${UUID})`, "i"),
  new RegExp(`/notebook/lab/(${UUID})`, "i"),
  new RegExp(`[?&]notebook_id=(${UUID})`, "i"),
]

/** The notebook id in a pasted console, IDE or Jupyter URL, if it names one. */
const notebookIdInUrl = (text: string): string | undefined => {
  for (const re of URL_IDS) {
    const m = re.exec(text)
    if (m?.[1] !== undefined) return m[1].toLowerCase()
  }
  return undefined
}

const listHint = (): Text =>
  msg("jupyter-list-hint", { call: callWord("notebook", { action: "list" }), field: fieldWord("workspace") })

/** Where a notebook is looked up by name: a workspace's id and name. */
export interface NotebookPlace {
  readonly id: string
  readonly name: string
}

/**
 * The notebook a user named: its id, a unique id prefix, its name (the one rule of domain/lookup.ts) or a
 * pasted console or Jupyter URL. An id is read directly; names and prefixes cost one list of `workspace`.
 */
export const resolveNotebook = <R>(
  ref: string,
  workspace: Effect.Effect<NotebookPlace, InspireError, R>,
): Effect.Effect<Notebook, InspireError, Platform | R> =>
  Effect.gen(function* () {
    const wanted = ref.trim()
    if (wanted === "") return yield* Effect.fail(invalidInput(msg("jupyter-no-notebook-named"), listHint()))
    const fromUrl = /^[a-z]+:\/\/|^\//i.test(wanted) ? notebookIdInUrl(wanted) : undefined
    if (/^[a-z]+:\/\/|^\//i.test(wanted) && fromUrl === undefined)
      return yield* Effect.fail(
        invalidInput(msg("jupyter-url-no-notebook"), msg("jupyter-url-no-notebook-fix", { hint: listHint() })),
      )
    const id = fromUrl ?? (wholeIdKind(wanted) === "notebook" ? wanted.toLowerCase() : undefined)
    if (id !== undefined) return yield* getNotebook(id)
    const place = yield* workspace
    const listed = yield* listNotebooks({ workspaceId: place.id })
    const picked = pickOrFail("notebook", listed.notebooks, wanted, whereWord([place.name]))
    if ("error" in picked) return yield* Effect.fail(picked.error)
    return picked.item
  })

const notRunning = (n: Notebook): InspireError =>
  new InspireError({
    reason: "Conflict",
    message: msg("jupyter-not-running", {
      notebook: n.name || n.id,
      status: n.status.raw || msg("jupyter-state-not-running"),
    }),
    hint: msg("jupyter-not-running-fix", { call: callWord("notebook", { action: "start", notebook_id: n.id }) }),
  })

/** Reads the lab base and token from an access URL (`…/jupyter/<id>/<token>/lab?token=<token>`). */
export const labFromUrl = (notebook: Notebook, jupyterUrl: string, baseUrl: string): Lab | undefined => {
  let url: URL
  try {
    url = new URL(jupyterUrl, baseUrl)
  } catch {
    return undefined
  }
  const m = /^(.*\/jupyter\/[^/]+\/([^/]+))(?:\/.*)?$/.exec(url.pathname)
  const token = url.searchParams.get("token") ?? m?.[2] ?? ""
  if (m?.[1] === undefined || token === "") return undefined
  const base = `${url.origin}${m[1]}`
  return { notebook, base, token, shown: redactToken(base, token) }
}

/** The lab of a running notebook (V2 `notebook.GetNotebookAccessUrl`); fails when it is not running. */
export const labOf = (notebook: Notebook): Effect.Effect<Lab, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    if (notebook.status.family !== "running") return yield* Effect.fail(notRunning(notebook))
    const platform = yield* Platform
    const data = yield* platform
      .v2("notebook", "GetNotebookAccessUrl", { notebook_id: notebook.id }, { idempotent: true })
      .pipe(
        Effect.catchTag("SurfaceUnavailable", (e) =>
          Effect.fail(surfaceError(e, { hint: msg("jupyter-open-console") })),
        ),
      )
    const urls = yield* decode(AccessUrls, data, "notebook.GetNotebookAccessUrl")
    const found = labFromUrl(notebook, urls.jupyterUrl, platform.baseUrl)
    const profile = yield* ActiveProfile
    const proxy = { env: profile.env, ...(profile.proxy.value !== undefined ? { proxy: profile.proxy.value } : {}) }
    const lab = found === undefined ? undefined : { ...found, proxy }
    if (lab === undefined)
      return yield* Effect.fail(
        new InspireError({
          reason: "PlatformError",
          message: msg("jupyter-no-address", { notebook: notebook.name || notebook.id }),
          hint: msg("jupyter-no-address-fix"),
        }),
      )
    return lab
  })

/** What one request to a lab sends; `path` is below the lab base (e.g. `/api/terminals`). */
export interface LabRequest {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  readonly path: string
  readonly headers?: Readonly<Record<string, string>>
  /** Takes a file's bytes as they arrive (transport.ts `sink`). */
  readonly sink?: HttpRequest["sink"]
  /** One block of a file transfer (transport.ts: not spaced by the rate limiter). */
  readonly bulk?: boolean
  readonly body?: unknown
  /** A JSON body already encoded (a block of a file), sent instead of `body`. */
  readonly json?: Uint8Array
  /** Creates or changes something in the notebook: never sent on a dry run. */
  readonly write?: boolean
  readonly idempotent?: boolean
  readonly timeout?: Duration.DurationInput
  /** Whether a 5xx answer's JSON body is the server's final word, not worth another attempt. */
  readonly final?: (json: unknown) => boolean
}

/** An answer of a lab: its status and JSON body (undefined when empty or not JSON). */
export interface LabAnswer {
  readonly status: number
  readonly json: unknown
  readonly headers?: Readonly<Record<string, string>>
}

/** Sends one request to the lab with the token in the header (never in a message); any status is returned. */
export const labSend = (lab: Lab, req: LabRequest): Effect.Effect<LabAnswer, InspireError, Transport> =>
  Effect.gen(function* () {
    const transport = yield* Transport
    const res = yield* transport
      .send({
        method: req.method,
        url: `${lab.base}${req.path}`,
        headers: {
          authorization: `token ${lab.token}`,
          accept: req.sink !== undefined ? "*/*" : "application/json",
          ...(req.body !== undefined || req.json !== undefined ? { "content-type": "application/json" } : {}),
          ...req.headers,
        },
        ...(req.json !== undefined
          ? { body: req.json }
          : req.body !== undefined
            ? { body: JSON.stringify(req.body) }
            : {}),
        idempotent: req.idempotent ?? req.method !== "POST",
        ...(req.write === true ? { write: true } : {}),
        ...(req.timeout !== undefined ? { timeout: req.timeout } : {}),
        ...(req.final !== undefined ? { final: (r: HttpResponse) => req.final?.(jsonOf(r.body)) === true } : {}),
        ...(req.sink !== undefined ? { sink: req.sink } : {}),
        ...(req.bulk === true ? { bulk: true } : {}),
      })
      .pipe(Effect.mapError(fromTransportFailure))
    return { status: res.status, json: jsonOf(res.body), headers: res.headers }
  })

// A body as JSON; undefined when empty or not JSON.
const jsonOf = (body: string): unknown => {
  try {
    return body.trim() === "" ? undefined : JSON.parse(body)
  } catch {
    return undefined
  }
}

/** The `message` of a Jupyter answer's JSON body, when it has one. */
export const jsonMessage = (json: unknown): string | undefined => {
  const m = (json as { message?: unknown } | undefined)?.message
  return typeof m === "string" && m !== "" ? m : undefined
}

/** The server's own message of an answer, with the token masked; undefined when it sent none. */
export const serverMessage = (answer: LabAnswer, lab: Lab): string | undefined => {
  const m = jsonMessage(answer.json)
  return m === undefined ? undefined : redactToken(m, lab.token).slice(0, 300)
}

const messageOf = (answer: LabAnswer, lab: Lab): string => {
  const m = serverMessage(answer, lab)
  return m === undefined ? "" : `: ${m}`
}

/** The failure of a lab answer that is not a success, in words, with the token masked. */
export const labFailure = (lab: Lab, answer: LabAnswer, what: Text | string): InspireError => {
  const name = lab.notebook.name || lab.notebook.id
  if (answer.status === 401 || answer.status === 403)
    return new InspireError({
      reason: "Forbidden",
      message: msg("jupyter-token-refused", { notebook: name, status: answer.status, what }),
      hint: msg("jupyter-token-refused-fix", {
        call: callWord("notebook", { action: "detail", notebook_id: lab.notebook.id }),
      }),
    })
  if (answer.status === 413)
    return invalidInput(
      msg("jupyter-too-large", { notebook: name, what, detail: messageOf(answer, lab) }),
      msg("jupyter-too-large-fix"),
    )
  if (answer.status === 404)
    return new InspireError({
      reason: "NotFound",
      message: msg("jupyter-nothing", { notebook: name, what, detail: messageOf(answer, lab) }),
      hint: msg("jupyter-nothing-fix"),
    })
  return new InspireError({
    reason: answer.status >= 500 ? "PlatformError" : "InvalidInput",
    message: msg("jupyter-http", { notebook: name, status: answer.status, what, detail: messageOf(answer, lab) }),
    hint: answer.status >= 500 ? msg("jupyter-http-retry") : msg("jupyter-http-check"),
    ...(answer.status >= 500 ? { retryable: true } : {}),
  })
}

/** Sends one request and fails unless the lab answered 2xx. */
export const labCall = (
  lab: Lab,
  req: LabRequest,
  what: Text | string,
): Effect.Effect<unknown, InspireError, Transport> =>
  Effect.flatMap(labSend(lab, req), (answer) =>
    answer.status >= 200 && answer.status < 300
      ? Effect.succeed(answer.json)
      : Effect.fail(labFailure(lab, answer, what)),
  )

const READY_ATTEMPTS = 30

/**
 * Waits until the notebook's Jupyter answers `GET api/status`: RUNNING comes before Jupyter is ready, so
 * 404 and 5xx are waited out (about a minute); a refused token fails at once.
 */
export const waitForLab = (lab: Lab): Effect.Effect<void, InspireError, Transport> =>
  Effect.gen(function* () {
    for (let attempt = 1; ; attempt++) {
      const answer = yield* labSend(lab, { method: "GET", path: "/api/status" })
      if (answer.status >= 200 && answer.status < 300) return
      const waiting = answer.status === 404 || answer.status >= 500
      if (!waiting) return yield* Effect.fail(labFailure(lab, answer, msg("jupyter-what-status")))
      if (attempt >= READY_ATTEMPTS)
        return yield* Effect.fail(
          new InspireError({
            reason: "Conflict",
            message: msg("jupyter-not-ready", {
              notebook: lab.notebook.name || lab.notebook.id,
              status: answer.status,
            }),
            hint: msg("jupyter-not-ready-fix"),
            retryable: true,
          }),
        )
      yield* Effect.sleep(Duration.seconds(2))
    }
  })

/** Resolves a notebook and opens its lab, waiting until its Jupyter answers. */
export const openLab = <R>(
  ref: string,
  workspace: Effect.Effect<NotebookPlace, InspireError, R>,
): Effect.Effect<Lab, InspireError, Platform | ActiveProfile | Transport | R> =>
  Effect.gen(function* () {
    const lab = yield* labOf(yield* resolveNotebook(ref, workspace))
    yield* waitForLab(lab)
    return lab
  })
