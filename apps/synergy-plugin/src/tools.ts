import {
  createInspireClient,
  InspireError,
  inputJsonSchema,
  OPERATIONS,
  type Operation,
  type Progress,
  renderDeep,
  renderWords,
  type Worded,
} from "@holos-inspire/core"
import {
  checkInput,
  checkOperationInput,
  invokeParsed,
  notifyAfter,
  notifyTargetOf,
  type ParsedInput,
  recoverAttemptsOf,
  recoverOf,
  takeNotify,
  withNotifyField,
} from "@holos-inspire/core/internal"
import { z } from "zod"
import { refusalOf } from "./choice.js"
import { modelToolName, SETTINGS_READ } from "./ids.js"
import { problemResult, successResult, synergyNames } from "./result.js"
import { callBudgetMs, DEFAULT_BUDGET_MS, pollRun, runBounded } from "./runs.js"
import { type ToolContribution, type ToolResult, tool } from "./sdk.js"
import { waiterCommand } from "./waiter-start.js"

const cancelledResult = (op: Operation): ToolResult => ({
  title: `${op.title}: cancelled`,
  output: `${op.name} was cancelled before it finished. A write may or may not have reached the platform; check before repeating it.`,
  metadata: { ok: false, error: { reason: "Cancelled", message: `${op.name} was cancelled.` } },
})

/**
 * Runs one operation against the shared store and the active profile (INSPIRE_HOME / INSPIRE_PROFILE),
 * as the CLI and the MCP server do: the input was validated once by core (`checkOperationInput`), and
 * core runs and renders it. Expected problems become normal results; an abort interrupts the operation;
 * anything else is a defect and is thrown. With `notify` or `recover` (checked before anything is sent),
 * or a sweep file's `recover:`, a task that ended is notified now and one still going left to a waiter.
 */
const executeOperation = async (
  op: Operation,
  prepared: Prepared,
  signal: AbortSignal,
  progress: (p: Worded<Progress>) => void,
): Promise<ToolResult> => {
  const client = createInspireClient({ env: process.env, words: "mcp" })
  try {
    const target = prepared.notify !== undefined ? await client.run(notifyTargetOf(prepared.notify)) : undefined
    const recover = await client.run(recoverAttemptsOf(prepared.recover))
    // Progress is shown as the result is: in the client's language, with Synergy's tool names.
    const lang = await client.language()
    const worded = (p: Progress) => progress({ ...p, message: synergyNames(renderWords(p.message, "mcp", lang)) })
    const done = await client.run(invokeParsed(op, prepared.input, { progress: worded }), { signal })
    const told =
      target !== undefined || recoverOf(op, done.result, recover) > 0
        ? await notifyAfter(waiterCommand, client, op, prepared.input, done.result, target, recover)
        : ""
    const note = [prepared.note?.(done.result), told.trim()].filter((n) => n !== undefined && n !== "").join("\n")
    return successResult(op.title, done.text, done.result, note !== "" ? note : undefined)
  } catch (e) {
    if (e instanceof InspireError) return problemResult(op.title, e)
    if (signal.aborted) return cancelledResult(op)
    throw e
  } finally {
    await client.close()
  }
}

// A wait longer than one call may last is cut to fit; the model is told to call again.
const WAIT_MARGIN_S = 10

/** A call's input checked (and maybe cut), with what to tell the model about the cut. */
export interface Prepared {
  readonly input: ParsedInput
  readonly note?: (result: unknown) => string | undefined
  /** What `notify` and `recover` asked, taken out of the input, checked with the client. */
  readonly notify?: unknown
  readonly recover?: unknown
}

/**
 * Checks a call's input, once, with core's strict check; a wait (the field the operation names as its
 * `agent.waitField`) longer than one call may last is cut, with a note telling the model to call again.
 */
export const prepare = (op: Operation, raw: unknown): Prepared | InspireError => {
  // `notify` and `recover` are the tool's, not the operation's: taken out before core's strict check.
  const { args, ...notifying } = takeNotify(op, raw)
  const parsed = checkOperationInput(op, args)
  if (parsed._tag === "Left") return parsed.left
  const input = parsed.right
  const field = op.agent?.waitField
  const asked = field !== undefined ? input[field] : undefined
  if (field === undefined || typeof asked !== "number") return { input, ...notifying }
  const cap = Math.max(1, Math.floor(callBudgetMs() / 1000) - WAIT_MARGIN_S)
  if (asked <= cap) return { input, ...notifying }
  return {
    ...notifying,
    input: { ...input, [field]: cap },
    note: (result) =>
      (result as { outcome?: string }).outcome === "timed-out"
        ? `Synergy limits one tool call to 120 s, so this call waited ${cap} s of the ${asked} s asked; call ${modelToolName(op.name)} again to keep waiting.`
        : undefined,
  }
}

// Descriptions go into the manifest, so they use the default budget, never the environment's.
const BUDGET_S = DEFAULT_BUDGET_MS / 1000
const BACKGROUND_NOTE = ` Long runs continue in the background: after about ${BUDGET_S} s the call returns a handle; fetch the result with ${modelToolName("poll")}.`

const describe = (op: Operation): string => {
  const base = synergyNames(renderWords(op.description, "mcp"))
  if (op.agent?.waitField !== undefined)
    return `${base} One call waits at most ${BUDGET_S - WAIT_MARGIN_S} s (Synergy's per-call limit); call again to wait longer.`
  if (op.agent?.longRunning === true) return base + BACKGROUND_NOTE
  return base
}

/** The Synergy tool of one catalogue operation: id = the operation's name, input = its JSON Schema. */
export const operationTool = (op: Operation): ToolContribution =>
  tool({
    id: op.name,
    description: describe(op),
    input: withNotifyField(op, renderDeep(inputJsonSchema(op), "mcp")),
    // The host checks arguments against the JSON Schema but hands over raw JSON: core's zod schema
    // validates them again, strictly (an unknown key is refused, not dropped), once, in prepare.
    // Every tool reads the plugin's settings (toolsets, readOnly); a tool that changes the platform is
    // not offered at all while readOnly is set.
    requires: [SETTINGS_READ],
    ...(op.annotations.readOnly ? {} : { enabledWhen: { setting: "readOnly", equals: false } }),
    handler: async (raw, context) => {
      const asked = takeNotify(op, raw)
      const refused = await refusalOf(op, context, asked.notify !== undefined || asked.recover !== undefined)
      if (refused !== undefined)
        return {
          title: `${op.title}: not enabled`,
          output: refused,
          metadata: { ok: false, error: { reason: "NotEnabled", message: refused } },
        }
      const prepared = prepare(op, raw)
      if (prepared instanceof InspireError) return problemResult(op.title, prepared)
      return runBounded(op.name, (signal, progress) => executeOperation(op, prepared, signal, progress), context.signal)
    },
  })

const PollInput = z.object({
  handle: z
    .string()
    .min(1)
    .describe('The handle a call returned when it went on in the background, e.g. "run-1a2b3c4d5e6f"'),
  wait_seconds: z
    .number()
    .min(0)
    .max(90)
    .default(30)
    .describe("How long to wait for it to finish before reporting that it is still running (default 30, at most 90)"),
  cancel: z.boolean().default(false).describe("Stop the background call instead of waiting for it"),
})

/** The tool that collects the result of a call that went on in the background. */
const pollTool: ToolContribution = tool({
  id: "poll",
  description:
    "Gets the result of an inspire tool call that outlived Synergy's per-call time limit (a long log download, an image push, a slow platform) and went on in the background: such calls return a handle instead of a result. " +
    "Waits up to wait_seconds, then returns the call's own result, or says it is still running with its last progress; cancel=true stops it. " +
    "Handles live in the plugin process: after a Synergy restart they are gone, so check the outcome (jobs, files, images) before repeating the work.",
  input: inputJsonSchema({ input: PollInput }),
  handler: async (raw, context) => {
    const parsed = checkInput("poll", PollInput, raw)
    if (parsed._tag === "Left") return problemResult("poll", parsed.left)
    const input = parsed.right
    return pollRun({ handle: input.handle, waitMs: input.wait_seconds * 1000, cancel: input.cancel }, context.signal)
  },
})

/** A tool for every operation of the catalogue, in its order, then `poll`. */
export const catalogueTools = (): ReadonlyArray<ToolContribution> => [...OPERATIONS.map(operationTool), pollTool]
