import { z } from "zod"
import { StatusFamily } from "../../domain/status.js"
import { type CallInput, callWord, type Text, text, WORD_OPERATIONS, type WordOperation } from "../../words/text.js"
import { type OutputOf, once } from "../catalogue/operation.js"
import { textOutput } from "../catalogue/schema.js"

// Building blocks of the operations' output schemas. A field that a result may hold as `undefined` is
// optional here: the JSON a frontend sends leaves such a key out. Each is built on first use, like
// the result schemas made of them (see defineOperation).

/** Epoch milliseconds, as every result gives times. */
export const epochMs = (what: string) => z.number().optional().describe(`${what} (epoch ms)`)

/** A platform object named by id and name. */
export const IdName = once(() =>
  z.object({ id: z.string().describe("Platform id"), name: z.string().describe("Display name") }),
)

/** A workspace by id and name. */
export const WorkspaceRef = once(() => IdName().describe("The workspace"))

/** A project by id and name. */
export const ProjectRef = once(() => IdName().describe("The project"))

/** A compute group by id and name. */
export const GroupRef = once(() => IdName().describe("The compute group"))

/** A platform status normalised into a family, the raw value kept beside it. */
export const StatusOutput = once(() =>
  z
    .object({
      family: StatusFamily.describe(
        "Normalised family: waiting, running, stopping, succeeded, failed, stopped, unknown",
      ),
      raw: z.string().describe("The platform's own status value"),
      terminal: z.boolean().describe("True when the current run is over"),
    })
    .describe("Task status"),
)

/** A spec as results and error candidates show it. */
export const SpecCandidateOutput = once(() =>
  z
    .object({
      id: z.string().describe("Spec (quota) id"),
      name: z.string().describe("Spec name"),
      gpu: z.string().describe("GPU type, or CPU"),
      gpuCount: z.number().describe("GPUs per instance"),
      cpuCount: z.number().describe("CPUs per instance"),
      memoryGi: z.number().describe("Memory per instance in GiB"),
      pricePerHour: z.number().optional().describe("Price per hour, when the platform states it"),
    })
    .describe("The spec used"),
)

/** Warnings about the call that did not stop it. */
export const Warnings = once(() => z.array(textOutput()).describe("Warnings that did not stop the call"))

/** A follow-up call, as data: the operation, its input, and what it is for; each frontend words it. */
export type NextStep = OutputOf<ReturnType<typeof NextSteps>>[number]

/** A typed follow-up call: `nextStep("wait", { job_id }, "until it ends")`. */
export const nextStep = (operation: WordOperation, input: CallInput, why?: Text): NextStep => ({
  operation,
  input,
  ...(why !== undefined ? { why } : {}),
})

/** A follow-up call as one line of a render, the call as a word each frontend spells its own way. */
export const nextLine = (step: NextStep): Text =>
  step.why !== undefined
    ? text`${callWord(step.operation, step.input)} ${step.why}`
    : callWord(step.operation, step.input)

/** Follow-up calls as data: the operation (as the registry names it), its input, and what it is for. */
export const NextSteps = once(() =>
  z
    .array(
      z.object({
        operation: z
          .enum(WORD_OPERATIONS)
          .describe("The operation to call next, as the catalogue names it (e.g. job_detail)"),
        input: z.record(z.string(), z.unknown()).describe("Its input"),
        why: textOutput().optional().describe("What the call is for"),
      }),
    )
    .describe("Suggested next calls"),
)
