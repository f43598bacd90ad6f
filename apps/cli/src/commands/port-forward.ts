import {
  forwardNotebookPort,
  forwardServing,
  forwardStarted,
  type InspireClient,
  type PortForward,
} from "@holos-inspire/core"
import type { Command } from "commander"
import { type CommandOptions, withGlobals } from "../command.js"
import { msg, speak } from "../language.js"
import { note, usageError } from "../output.js"
import { withClient } from "../run.js"

// `inspire notebook port-forward` and `inspire serve port-forward`: core's relay (api/forward) on a local
// port until Ctrl-C. The local URL goes to stdout (alone, or as JSON with --json), what it reaches to stderr.

type ForwardOptions = CommandOptions & { workspace?: string }

/** `8888` (the same port here), `18888:8888`, or `0:8888` (any free port here). */
const portsOf = (spec: string): { local: number; remote: number } => {
  const m = /^(?:(\d{1,5}):)?(\d{1,5})$/.exec(spec.trim())
  if (m === null) throw usageError(msg("cli-forward-ports", { value: spec }), msg("cli-forward-ports-hint"))
  const remote = Number(m[2])
  return { local: m[1] !== undefined ? Number(m[1]) : remote, remote }
}

const localOf = (spec: string | undefined): number => {
  if (spec === undefined) return 0
  if (!/^\d{1,5}$/.test(spec.trim()))
    throw usageError(msg("cli-forward-ports", { value: spec }), msg("cli-forward-ports-hint"))
  return Number(spec)
}

// Runs a forward until SIGINT or SIGTERM, then closes it.
const serveUntilStopped = async (
  options: ForwardOptions,
  start: (client: InspireClient) => Promise<PortForward>,
): Promise<void> => {
  const forward = await withClient(options, start)
  const { relay } = forward
  if (options.json === true)
    process.stdout.write(
      `${JSON.stringify({ url: relay.url, port: relay.port, kind: forward.kind, id: forward.id, name: forward.name, ...(forward.remotePort !== undefined ? { remotePort: forward.remotePort } : {}) })}\n`,
    )
  else {
    process.stdout.write(`${relay.url}\n`)
    note(speak(forwardStarted(forward)))
    note(msg("cli-forward-stop"))
  }
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve)
    process.once("SIGTERM", resolve)
  })
  await relay.close()
  if (options.json !== true) note(msg("cli-forward-stopped", { count: relay.stats().requests + relay.stats().sockets }))
}

/** Adds `port-forward` to the `notebook` group. */
const addNotebookPortForward = (group: Command): void => {
  withGlobals(
    group
      .command("port-forward")
      .description(msg("cli-help-forward-notebook"))
      .argument("<notebook>", msg("cli-help-shell-notebook"))
      .argument("<ports>", msg("cli-help-forward-ports"))
      .option("--workspace <name>", msg("cli-help-notebook-workspace"))
      .addHelpText(
        "after",
        `\n${msg("cli-help-forward-ssh")}\n\n${msg("cli-help-examples")}\n  inspire notebook port-forward my-nb 8888\n  inspire notebook port-forward my-nb 0:6006`,
      ),
  ).action(async (notebook: string, ports: string, options: ForwardOptions) => {
    const { local, remote } = portsOf(ports)
    await serveUntilStopped(options, (client) =>
      client.run(forwardNotebookPort({ notebook, remotePort: remote, localPort: local, workspace: options.workspace })),
    )
  })
}

/** Adds `port-forward` to the `serve` group. */
const addServePortForward = (group: Command): void => {
  withGlobals(
    group
      .command("port-forward")
      .description(msg("cli-help-forward-serving"))
      .argument("<serving>", msg("cli-help-forward-serving-id"))
      .argument("[local]", msg("cli-help-forward-local"))
      .option("--workspace <name>", msg("cli-help-forward-serving-workspace"))
      .addHelpText(
        "after",
        `\n${msg("cli-help-examples")}\n  inspire serve port-forward my-serving 8000\n  OPENAI_BASE_URL=http://127.0.0.1:8000/v1 OPENAI_API_KEY=none python my_client.py`,
      ),
  ).action(async (serving: string, local: string | undefined, options: ForwardOptions) => {
    const localPort = localOf(local)
    await serveUntilStopped(options, (client) =>
      client.run(forwardServing({ serving, localPort, workspace: options.workspace })),
    )
  })
}

/** Adds `notebook port-forward` and `serve port-forward` to their groups. */
export const addPortForwardCommands = (program: Command): void => {
  const group = (name: string) => program.commands.find((c) => c.name() === name)
  const notebook = group("notebook")
  const serve = group("serve")
  if (notebook !== undefined) addNotebookPortForward(notebook)
  if (serve !== undefined) addServePortForward(serve)
}
