import { readFileSync } from "node:fs"
import { type InspireClient, OPERATIONS, type Operation, selectOperations, toolsetOf } from "@holos-inspire/core"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import {
  CallToolRequestParamsSchema,
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js"
import { z } from "zod"
import type { ToolChoice } from "./args.js"
import { callOperation } from "./calls.js"
import type { InFlight } from "./in-flight.js"
import { promptsFor } from "./prompts.js"
import type { SkillDocument } from "./resources.js"
import { outputSchemaOf, toolName, toolOf } from "./tools.js"

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
  /** The toolsets listed, read-only mode and output schemas; without it every operation is listed. */
  readonly tools?: ToolChoice
  /** Counts running calls, when the caller needs to wait for them. */
  readonly inFlight?: InFlight
}

const INSTRUCTIONS =
  "Tools for the SII Inspire GPU/HPC platform (启智平台). Start with inspire_status to find projects, workspaces, compute groups and specs; " +
  "set defaults with inspire_config; submit with inspire_submit or inspire_submit_hpc; follow with inspire_jobs, inspire_logs, inspire_metrics and inspire_wait. " +
  "Every failure carries a hint saying what to do next. The platform rules are in the resources under inspire://skills/sii-inspire/; " +
  "each tool's result schema is the resource inspire://schemas/<tool>.json."

const SCHEMA_PREFIX = "inspire://schemas/"

/** Why a tool of the catalogue that this server does not list cannot be called. */
const notListed = (operation: Operation, choice: ToolChoice): string => {
  const name = toolName(operation)
  if (choice.readOnly && !operation.annotations.readOnly)
    return `${name} changes the platform, and this server runs read-only (--read-only or INSPIRE_MCP_READ_ONLY): only tools that change nothing can be called. Restart inspire-mcp without read-only mode to use it.`
  const set = toolsetOf(operation)
  return `${name} is in the toolset "${set}", which this server does not list (it lists ${choice.toolsets.join(", ")}). Restart inspire-mcp with --toolsets ${[...choice.toolsets, set].join(",")} (or --toolsets all) to use it.`
}

/**
 * An MCP server over the catalogue. The low-level `Server` is used on purpose: the tool schemas are the
 * catalogue's own JSON Schemas, and input is validated by the catalogue so that errors carry its hints.
 */
export const makeServer = (deps: ServerDeps): Server => {
  const catalogue = deps.operations ?? OPERATIONS
  const choice = deps.tools
  const operations =
    choice === undefined
      ? catalogue
      : selectOperations(choice.toolsets, { readOnly: choice.readOnly, operations: catalogue })
  const documents = deps.documents ?? []
  const byName = new Map(operations.map((op) => [toolName(op), op]))
  // A read-only server sends nothing: no notification, no waiter.
  const notify = choice?.readOnly !== true
  const tools = operations.map((op) => toolOf(op, { outputSchema: choice?.outputSchemas === true, notify }))
  const schemas = new Map(operations.map((op) => [`${SCHEMA_PREFIX}${toolName(op)}.json`, op]))
  const server = new Server(
    { name: "inspire-mcp", title: "SII Inspire", version: deps.version },
    {
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
      },
      instructions: INSTRUCTIONS,
    },
  )
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }))
  server.setRequestHandler(CallRequest, (request, extra) => {
    const operation = byName.get(request.params.name)
    if (operation === undefined) {
      const known = catalogue.find((op) => toolName(op) === request.params.name)
      if (known !== undefined && choice !== undefined) throw invalidParams(notListed(known, choice))
      throw invalidParams(`Unknown tool ${request.params.name}; tools/list shows the ${tools.length} inspire_* tools.`)
    }
    const call = callOperation(deps.client, operation, request.params.arguments ?? {}, extra, notify)
    return deps.inFlight !== undefined ? deps.inFlight.track(call) : call
  })
  // The skill's workflows as prompts, in the server's language, each where its tools are listed.
  const prompts = promptsFor((tool) => byName.has(`inspire_${tool}`))
  server.setRequestHandler(ListPromptsRequestSchema, async () => prompts.list(await deps.client.language()))
  server.setRequestHandler(GetPromptRequestSchema, async (request) =>
    prompts.get(request.params.name, request.params.arguments ?? {}, await deps.client.language()),
  )
  const schemaResources = [...schemas].map(([uri, op]) => ({
    uri,
    name: `${toolName(op)}.json`,
    title: `${toolName(op)}: result schema`,
    description: `The JSON Schema of ${toolName(op)}'s structuredContent.`,
    mimeType: "application/schema+json",
  }))
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [...documents.map((d) => d.resource), ...schemaResources],
  }))
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const schemaOf = schemas.get(request.params.uri)
    if (schemaOf !== undefined)
      return {
        contents: [
          {
            uri: request.params.uri,
            mimeType: "application/schema+json",
            text: JSON.stringify(outputSchemaOf(schemaOf)),
          },
        ],
      }
    const document = documents.find((d) => d.resource.uri === request.params.uri)
    if (document === undefined) throw invalidParams(`No resource ${request.params.uri}; resources/list shows them.`)
    return {
      contents: [{ uri: document.resource.uri, mimeType: "text/markdown", text: readFileSync(document.path, "utf8") }],
    }
  })
  return server
}
