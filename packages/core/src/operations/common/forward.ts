import { type Relay, type RelayTarget, startRelay } from "../../api/forward/relay.js"
import { notebookTarget, servingTarget } from "../../api/forward/targets.js"
import { labOf, resolveNotebook, waitForLab } from "../../api/jupyter/lab.js"
import { getNotebook } from "../../api/notebooks/read.js"
import { getServing } from "../../api/servings/servings.js"
import { Effect } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { resolveTask } from "./lookup.js"
import { resolveReadWorkspace } from "./support.js"

/** A port forward that runs: the local relay and what it reaches. */
export interface PortForward {
  readonly relay: Relay
  readonly kind: "notebook" | "serving"
  readonly id: string
  readonly name: string
  /** The notebook's port (a serving's forward has none: its OpenAI server). */
  readonly remotePort?: number
}

const checkPort = (port: number, what: "local" | "remote"): Effect.Effect<void, InspireError> =>
  Number.isInteger(port) && port >= (what === "local" ? 0 : 1) && port <= 65535
    ? Effect.void
    : Effect.fail(invalidInput(msg("forward-bad-port", { port: String(port) }), msg("forward-bad-port-fix")))

const listen = (target: RelayTarget, localPort: number, host: string | undefined) =>
  Effect.tryPromise({
    try: () => startRelay(target, localPort, host),
    catch: (e) =>
      e instanceof InspireError
        ? e
        : new InspireError({
            reason: "InvalidInput",
            message: msg("forward-port-refused", { port: localPort, host: host ?? "127.0.0.1", code: "error" }),
            hint: msg("forward-port-refused-fix"),
            cause: e,
          }),
  })

/**
 * Forwards a local port (0: any free one) to `remotePort` inside a running notebook through its Jupyter
 * port proxy, which the platform opens only for notebooks created with `allow_ssh`. Close the relay to stop.
 */
export const forwardNotebookPort = (input: {
  readonly notebook: string
  readonly remotePort: number
  readonly localPort: number
  readonly workspace?: string | undefined
  readonly host?: string
}): Effect.Effect<PortForward, InspireError, ClientServices> =>
  Effect.gen(function* () {
    yield* checkPort(input.remotePort, "remote")
    yield* checkPort(input.localPort, "local")
    const found = yield* resolveNotebook(input.notebook, resolveReadWorkspace({ workspace: input.workspace }))
    // A list's entry may lack the start configuration: the detail settles whether SSH was asked for.
    const notebook = found.allowSsh ? found : yield* getNotebook(found.id)
    const name = notebook.name || notebook.id
    if (!notebook.allowSsh)
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: msg("forward-no-proxy", { notebook: name }),
          hint: msg("forward-no-proxy-fix", { call: callWord("notebook", { action: "create", allow_ssh: true }) }),
        }),
      )
    const lab = yield* labOf(notebook)
    yield* waitForLab(lab)
    const relay = yield* listen(notebookTarget(lab, input.remotePort), input.localPort, input.host)
    return { relay, kind: "notebook", id: notebook.id, name: notebook.name, remotePort: input.remotePort }
  })

/**
 * A local OpenAI-compatible endpoint (`<local>/v1/…`) relayed to a RUNNING serving's own server, so a local
 * OpenAI client needs neither the access URL nor a token of the platform's.
 */
export const forwardServing = (input: {
  readonly serving: string
  readonly localPort: number
  readonly workspace?: string | undefined
  readonly host?: string
}): Effect.Effect<PortForward, InspireError, ClientServices> =>
  Effect.gen(function* () {
    yield* checkPort(input.localPort, "local")
    const ref = yield* resolveTask(input.serving, ["serving"], input.workspace)
    const serving = yield* getServing(ref.id)
    const name = serving.name || serving.id
    if (serving.status.family !== "running")
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: msg("forward-serving-not-running", { serving: name, status: serving.status.raw || "?" }),
          hint: msg("forward-serving-not-running-fix", {
            call: callWord("inference", { action: "health", serving_id: serving.id }),
          }),
        }),
      )
    if (serving.accessUrl === "")
      return yield* Effect.fail(
        new InspireError({
          reason: "PlatformError",
          message: msg("forward-serving-no-address", { serving: name }),
          hint: msg("forward-serving-no-address-fix"),
          retryable: true,
        }),
      )
    const profile = yield* ActiveProfile
    const proxy = { env: profile.env, ...(profile.proxy.value !== undefined ? { proxy: profile.proxy.value } : {}) }
    const relay = yield* listen(servingTarget(serving.accessUrl, proxy), input.localPort, input.host)
    return { relay, kind: "serving", id: serving.id, name: serving.name }
  })

/** What a forward says when it starts: the local URL and what it reaches. */
export const forwardStarted = (f: PortForward): Text =>
  f.kind === "notebook"
    ? msg("forward-notebook-started", { url: f.relay.url, port: f.remotePort ?? 0, notebook: f.name || f.id })
    : msg("forward-serving-started", { url: f.relay.url, serving: f.name || f.id })
