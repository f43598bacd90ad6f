import { readFileSync } from "node:fs"
import { type InspireClient, OPERATIONS, type Operation } from "@holos-inspire/core"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import {
  CallToolRequestParamsSchema,
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js"
import { z } from "zod"
import { callOperation } from "./calls.js"
import type { InFlight } from "./in-flight.js"
import type { SkillDocument } from "./resources.js"
import { toolName, toolOf } from "./tools.js"

/** What one MCP server instance serves: the operations, the profile's client and the skill documents. */
// A plain error with the JSON-RPC code: McpError would put its "MCP error -32602:" prefix into the
// message, and the client adds its own.
const invalidParams = (message: string): Error => Object.assign(new Error(message), { code: ErrorCode.InvalidParams })

// tools/call as the SDK first reads it. With its own schema, `arguments` that are not an object (null,
// an array, a string) fail that first read, which answers -32603 (internal error); taken as they come
// here, they reach the SDK's tools/call check, which answers -32602 (invalid params), as it should.
// Neither read drops keys: `arguments` is a record, handed to the handler whole for parseInput to check.
const CallRequest = CallToolRequestSchema.extend({
  params: CallToolRequestParamsSchema.extend({ arguments: z.unknown().optional() }),
})

export interface ServerDeps {
  readonly client: InspireClient
  readonly version: string
  readonly operations?: ReadonlyArray<Operation>
  readonly documents?: ReadonlyArray<SkillDocument>
  /** Counts running calls, when the caller needs to wait for them. */
  readonly inFlight?: InFlight
}

const INSTRUCTIONS =
  "Tools for the SII Inspire GPU/HPC platform (启智平台). Start with inspire_status to find projects, workspaces, compute groups and specs; " +
  "set defaults with inspire_config; submit with inspire_submit or inspire_submit_hpc; follow with inspire_jobs, inspire_logs, inspire_metrics and inspire_wait. " +
  "Every failure carries a hint saying what to do next. The platform rules are in the resources under inspire://skills/sii-inspire/."

/**
 * An MCP server over the catalogue. The low-level `Server` is used on purpose: the tool schemas are the
 * catalogue's own JSON Schemas, and input is validated by the catalogue so that errors carry its hints.
 */
export const makeServer = (deps: ServerDeps): Server => {
  const operations = deps.operations ?? OPERATIONS
  const documents = deps.documents ?? []
  const byName = new Map(operations.map((op) => [toolName(op), op]))
  const tools = operations.map(toolOf)
  const server = new Server(
    { name: "inspire-mcp", title: "SII Inspire", version: deps.version },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions: INSTRUCTIONS,
    },
  )
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }))
  server.setRequestHandler(CallRequest, (request, extra) => {
    const operation = byName.get(request.params.name)
    if (operation === undefined)
      throw invalidParams(`Unknown tool ${request.params.name}; tools/list shows the ${tools.length} inspire_* tools.`)
    const call = callOperation(deps.client, operation, request.params.arguments ?? {}, extra)
    return deps.inFlight !== undefined ? deps.inFlight.track(call) : call
  })
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: documents.map((d) => d.resource) }))
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const document = documents.find((d) => d.resource.uri === request.params.uri)
    if (document === undefined) throw invalidParams(`No resource ${request.params.uri}; resources/list shows them.`)
    return {
      contents: [{ uri: document.resource.uri, mimeType: "text/markdown", text: readFileSync(document.path, "utf8") }],
    }
  })
  return server
}
