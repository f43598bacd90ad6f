// The skill's main workflows as prompts (MCP prompts/list, prompts/get): one message each, worded from
// the catalogue (locales/*/economy.ftl) as the frontend words calls, in the reader's language.
import { invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, fieldWord, type Text } from "../words/text.js"

/** A prompt's arguments as a client sends them: strings by name. */
type PromptArgs = Readonly<Record<string, string | undefined>>

/** One workflow as a prompt. */
export interface WorkflowPrompt {
  readonly name: string
  readonly title: Text
  readonly description: Text
  readonly args: ReadonlyArray<{ readonly name: string; readonly description: Text; readonly required: boolean }>
  /** The operations its steps call: a frontend offers it only where it offers them all. */
  readonly tools: ReadonlyArray<string>
  /** The message; `listed` says whether the frontend offers an operation. Bad arguments fail (InvalidInput). */
  readonly message: (args: PromptArgs, listed: (operation: string) => boolean) => Text
}

const JOB = "<job id>"

// A value only when it was given: a call's word leaves out what is undefined.
const given = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined)

const gpusOf = (value: string | undefined): number => {
  const raw = given(value)
  if (raw === undefined) return 0
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw invalidInput(msg("prompt-bad-gpus", { value: raw }), msg("prompt-bad-gpus-hint"))
  return n
}

/** The message of `prompt` for these arguments; a required one missing fails (InvalidInput). */
export const promptMessage = (
  prompt: WorkflowPrompt,
  args: PromptArgs,
  listed: (operation: string) => boolean,
): Text => {
  const missing = prompt.args.find((a) => a.required && given(args[a.name]) === undefined)
  if (missing !== undefined)
    throw invalidInput(
      msg("prompt-missing-argument", { prompt: prompt.name, argument: missing.name }),
      msg("prompt-missing-argument-hint"),
    )
  return prompt.message(args, listed)
}

/** Submit a training job and check it trains; diagnose a failed job; find free GPUs. */
export const WORKFLOW_PROMPTS: ReadonlyArray<WorkflowPrompt> = [
  {
    name: "train",
    title: msg("prompt-train-title"),
    description: msg("prompt-train-description"),
    args: [
      { name: "command", description: msg("prompt-train-arg-command"), required: true },
      { name: "name", description: msg("prompt-train-arg-name"), required: false },
      { name: "workspace", description: msg("prompt-train-arg-workspace"), required: false },
    ],
    tools: ["status", "submit", "wait", "logs", "metrics", "jobs"],
    message: (a) => {
      const name = given(a.name) ?? "exp-001"
      const workspace = given(a.workspace)
      return msg("prompt-train", {
        command: a.command ?? "",
        name,
        status: callWord("status", { workspace, schedule_type: "TRAIN" }),
        dryRun: callWord("submit", {
          name,
          command: a.command,
          workspace,
          compute_group: "<group>",
          spec: "<TRAIN spec id>",
          dry_run: true,
        }),
        field: fieldWord("dry_run"),
        wait: callWord("wait", { job_id: JOB, until: "running" }),
        logs: callWord("logs", { job_id: JOB, lines: 50 }),
        metrics: callWord("metrics", { job_id: JOB, time_range: "30m" }),
        jobs: callWord("jobs", { name }),
      })
    },
  },
  {
    name: "diagnose",
    title: msg("prompt-diagnose-title"),
    description: msg("prompt-diagnose-description"),
    args: [{ name: "job_id", description: msg("prompt-diagnose-arg-job-id"), required: true }],
    tools: ["job_detail", "events"],
    // inspire_logs may write a download, so read-only mode leaves it out: the diagnosis then reads more lines.
    message: (a, listed) =>
      msg("prompt-diagnose", {
        job: a.job_id ?? "",
        detail: callWord("job_detail", { job_id: a.job_id }),
        events: callWord("events", { job_id: a.job_id, warnings_only: true }),
        logs: listed("logs")
          ? msg("prompt-diagnose-logs", { call: callWord("logs", { job_id: a.job_id, lines: 200 }) })
          : msg("prompt-diagnose-more-log", { call: callWord("job_detail", { job_id: a.job_id, log_lines: 300 }) }),
      }),
  },
  {
    name: "free_gpus",
    title: msg("prompt-free-gpus-title"),
    description: msg("prompt-free-gpus-description"),
    args: [
      { name: "gpus", description: msg("prompt-free-gpus-arg-gpus"), required: false },
      { name: "workspace", description: msg("prompt-free-gpus-arg-workspace"), required: false },
    ],
    tools: ["status"],
    // The nodes' view (availability, toolset capacity) where it is offered, else the groups' counts.
    message: (a, listed) => {
      const gpus = gpusOf(a.gpus)
      const workspace = given(a.workspace)
      return msg("prompt-free-gpus", {
        gpus,
        look: listed("availability")
          ? msg("prompt-free-gpus-nodes", {
              call: callWord("availability", { workspace, gpus: gpus > 0 ? gpus : undefined }),
            })
          : msg("prompt-free-gpus-groups", { call: callWord("status", { workspace }) }),
        status: callWord("status", { workspace, schedule_type: "TRAIN" }),
      })
    },
  },
]
