import { parseArgs } from "node:util"
import { chooseToolsets, DEFAULT_TOOLSETS, TOOLSET_NAMES, type ToolsetName } from "@holos-inspire/core"

/** Which tools a server lists and how: the chosen toolsets, read-only mode, output schemas in tools/list. */
export interface ToolChoice {
  readonly toolsets: ReadonlyArray<ToolsetName>
  readonly readOnly: boolean
  readonly outputSchemas: boolean
}

/** What the command line asked for. */
export type Command =
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | { readonly kind: "stdio"; readonly profile?: string; readonly tools: ToolChoice }
  | { readonly kind: "http"; readonly port: number; readonly profile?: string; readonly tools: ToolChoice }
  | { readonly kind: "waiter"; readonly id: string; readonly profile?: string }

/** The shortest INSPIRE_MCP_TOKEN accepted: a shorter bearer token can be guessed. */
const MIN_TOKEN_LENGTH = 32

/** The port `--http` listens on when `--port` is not given. */
const DEFAULT_PORT = 7331

export const USAGE = `Usage: inspire-mcp [--profile NAME] [--http [--port N]] [--toolsets SETS] [--read-only] [--output-schemas]

The SII Inspire platform (启智平台) as MCP tools: inspire_status, inspire_submit, inspire_logs, …

Options:
  --profile NAME     the account profile to use (else INSPIRE_PROFILE, else the current profile)
  --http             serve Streamable HTTP on 127.0.0.1 instead of stdio
  --port N           the HTTP port (default ${DEFAULT_PORT}; 0 picks a free one)
  --toolsets SETS    the tool sets to list, comma-separated, or "all" (else INSPIRE_MCP_TOOLSETS, else
                     ${DEFAULT_TOOLSETS.join(",")}); the sets: ${TOOLSET_NAMES.join(", ")}
  --read-only        list and run only the tools that change nothing (or INSPIRE_MCP_READ_ONLY=1)
  --output-schemas   put each tool's output schema in tools/list (or INSPIRE_MCP_OUTPUT_SCHEMAS=1); they
                     are always readable as the resources inspire://schemas/<tool>.json
  --waiter ID        run the waiter ID that a call with notify left (it starts one in the background),
                     here until its tasks end; \`inspire waiters\` lists them
  -h, --help         show this help
  -v, -V, --version  show the version

Credentials come from the shared store (INSPIRE_HOME): log in once with \`inspire login\` in a terminal.
Over HTTP every request needs Authorization: Bearer <token>; the token is INSPIRE_MCP_TOKEN (at least
${MIN_TOKEN_LENGTH} characters), or a new one is generated and printed on stderr at start.

Limits (environment):
  INSPIRE_MCP_MAX_MESSAGE_BYTES     largest message, a stdio line or an HTTP body (default 4194304, 4 MiB)
  INSPIRE_MCP_MAX_SESSIONS          HTTP sessions open at once; one more gets 503 (default 32)
  INSPIRE_MCP_SESSION_IDLE_SECONDS  an HTTP session with no request this long is closed (default 1800)`

/** A command line the server cannot run, with what is wrong. */
export class UsageError extends Error {}

/** An environment setting the server cannot run with, with what is wrong and how to fix it. */
export class SettingError extends Error {}

/** The bearer token INSPIRE_MCP_TOKEN sets, checked; undefined when it is not set (one is generated). */
export const tokenFrom = (env: NodeJS.ProcessEnv): string | undefined => {
  const token = env.INSPIRE_MCP_TOKEN?.trim()
  if (token === undefined || token === "") return undefined
  if (token.length < MIN_TOKEN_LENGTH)
    throw new SettingError(
      `INSPIRE_MCP_TOKEN is ${token.length} characters long; a bearer token needs at least ${MIN_TOKEN_LENGTH}. ` +
        `Make one with: node -e 'console.log(require("node:crypto").randomBytes(32).toString("base64url"))', or unset it to have one generated.`,
    )
  return token
}

const ON = new Set(["1", "true", "yes", "on"])

/** The toolsets a comma-separated list names ("all": every set); an unknown name is a usage error. */
const toolsetsFrom = (list: string, source: string): ReadonlyArray<ToolsetName> => {
  const chosen = chooseToolsets(list.split(","))
  if ("toolsets" in chosen) return chosen.toolsets
  throw new UsageError(
    `${source} names ${chosen.unknown.length > 0 ? `an unknown toolset "${chosen.unknown.join('", "')}"` : "no toolset"}; the toolsets are ${TOOLSET_NAMES.join(", ")}, or all.`,
  )
}

/** Reads the command line (without node and the script), and the settings the environment adds to it. */
export const parseCommand = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv = {}): Command => {
  let values: {
    help?: boolean
    version?: boolean
    http?: boolean
    port?: string
    profile?: string
    toolsets?: string
    "read-only"?: boolean
    "output-schemas"?: boolean
    waiter?: string
  }
  try {
    values = parseArgs({
      // -V as well as -v, as `inspire -V` takes it.
      args: argv.map((a) => (a === "-V" ? "--version" : a)),
      options: {
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
        http: { type: "boolean" },
        port: { type: "string" },
        profile: { type: "string" },
        toolsets: { type: "string" },
        "read-only": { type: "boolean" },
        "output-schemas": { type: "boolean" },
        waiter: { type: "string" },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e))
  }
  if (values.help === true) return { kind: "help" }
  if (values.version === true) return { kind: "version" }
  if (values.waiter !== undefined)
    return { kind: "waiter", id: values.waiter, ...(values.profile !== undefined ? { profile: values.profile } : {}) }
  const listed = values.toolsets ?? env.INSPIRE_MCP_TOOLSETS
  const tools: ToolChoice = {
    toolsets:
      listed === undefined
        ? DEFAULT_TOOLSETS
        : toolsetsFrom(listed, values.toolsets !== undefined ? "--toolsets" : "INSPIRE_MCP_TOOLSETS"),
    readOnly: values["read-only"] === true || ON.has(env.INSPIRE_MCP_READ_ONLY?.trim().toLowerCase() ?? ""),
    outputSchemas:
      values["output-schemas"] === true || ON.has(env.INSPIRE_MCP_OUTPUT_SCHEMAS?.trim().toLowerCase() ?? ""),
  }
  const common = { ...(values.profile !== undefined ? { profile: values.profile } : {}), tools }
  if (values.http !== true) {
    if (values.port !== undefined) throw new UsageError("--port only applies with --http.")
    return { kind: "stdio", ...common }
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a whole number from 0 to 65535, got "${values.port}".`)
  return { kind: "http", port, ...common }
}
