import { z } from "zod"
import { type OutputOf, once } from "../catalogue/operation.js"
import { textOutput } from "../catalogue/schema.js"
import { epochMs, NextSteps, Warnings } from "../common/output.js"
import { PlanOutput } from "../common/plan.js"
import { SWEEP_KINDS } from "./file.js"

type SweepOutputOf = OutputOf<ReturnType<typeof SweepOutput>>

/** What run (and resubmit) return. */
export interface SweepRunResult extends Extract<SweepOutputOf, { readonly dryRun: boolean }> {}

/** What status returns for one sweep. */
export interface SweepStatusResult
  extends Extract<SweepOutputOf, { readonly action: "status"; readonly jobs: unknown }> {}

/** What status returns without a sweep: every sweep run with this profile. */
export interface SweepListResult extends Extract<SweepOutputOf, { readonly sweeps: unknown }> {}

/** What stop (and a resubmit with nothing to do) return. */
export interface SweepChangeResult extends Extract<SweepOutputOf, { readonly changed: unknown }> {}

/** One job of a run or a preview. */
export type SweepRunRow = SweepRunResult["jobs"][number]

/** One job in a status. */
export type SweepStatusRow = SweepStatusResult["jobs"][number]

/** What inspire_sweep returns, by action. */
export type SweepResult = SweepRunResult | SweepStatusResult | SweepListResult | SweepChangeResult

/** The result schema of inspire_sweep. */
export const SweepOutput = once(() => {
  const Sweep = z
    .object({
      id: z.string().describe("The sweep's id: 12 hex digits of its file's hash"),
      name: z.string().describe("The sweep's name"),
      source: z.string().describe("The file it was read from, or (inline sweep)"),
      kind: z.enum(SWEEP_KINDS).describe("train: training jobs; hpc: HPC jobs; ray: Ray jobs"),
      jobs: z.number().describe("How many jobs the sweep makes"),
    })
    .describe("The sweep")
  const Params = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).describe("The job's parameters")
  const State = z
    .enum(["pending", "sending", "created", "failed"])
    .describe("pending: not sent; sending: sent, outcome not yet known; created; failed: refused, not created")
  const Run = z.object({
    action: z.enum(["run", "resubmit"]),
    dryRun: z.boolean().describe("True when nothing was sent"),
    sweep: Sweep,
    jobs: z.array(
      z.object({
        index: z.number().describe("1-based row number"),
        name: z.string().describe("Job name"),
        params: Params,
        command: z.string().optional().describe("The command as it would be sent"),
        spec: z.string().optional().describe("Spec name"),
        computeGroup: z.string().optional().describe("Compute group name"),
        instances: z.number().optional().describe("Instances (nodes)"),
        costPerHour: z.number().optional().describe("Estimated cost per hour: the spec's price × instances"),
        state: State,
        jobId: z.string().optional().describe("The platform's job id once created"),
        error: textOutput().optional().describe("Why the platform refused it"),
      }),
    ),
    totalCostPerHour: z.number().describe("Estimated cost per hour of every job at once"),
    peakCostPerHour: z.number().describe("The most it can cost per hour at once (max_running's costliest jobs)"),
    maxRunning: z.number().optional().describe("The limit of jobs queued or running at once"),
    recover: z
      .number()
      .optional()
      .describe("The file's recover: how often a waiter submits again a job the platform ended"),
    counts: z
      .object({
        submitted: z.number().describe("Created by this call"),
        adopted: z
          .number()
          .describe("Found on the platform by their marker (a lost answer, or an earlier run of the same jobs)"),
        created: z.number().describe("Created in all"),
        pending: z.number().describe("Not created yet (max_running held them back, or the run stopped)"),
        failed: z.number().describe("Refused by the platform"),
      })
      .describe("How far the sweep is"),
    fits: z
      .array(
        z.object({
          computeGroup: z.string().describe("Compute group name"),
          spec: z.string().describe("Spec name"),
          instances: z.number().describe("Instances per job"),
          jobs: z.number().describe("How many of the sweep's jobs go there"),
          verdict: z.string().describe("now, preempt, queue or never for one such job; unknown when not read"),
          reason: textOutput().describe("Why"),
          together: z
            .object({
              jobs: z.number().describe("Jobs asked at once: max_running, or all of them when unlimited"),
              now: z.number().describe("How many of them the group has room for now"),
              verdict: z.string().describe("now, preempt, queue or never for all of them at once"),
              summary: textOutput().describe('In a few words: "all 12 fit now", "6 of 12 fit now; the rest queue"'),
            })
            .optional()
            .describe("The sweep's whole ask in this group, from the same node read"),
        }),
      )
      .optional()
      .describe("On a dry run: where each distinct placement stands now (availability's ranking)"),
    plan: PlanOutput().optional(),
    warnings: Warnings(),
    next: NextSteps(),
  })
  const Status = z.object({
    action: z.literal("status"),
    sweep: Sweep,
    jobs: z.array(
      z.object({
        index: z.number().describe("1-based row number"),
        name: z.string().describe("Job name"),
        params: Params,
        state: State,
        jobId: z.string().optional().describe("Job id"),
        status: z.object({ family: z.string(), raw: z.string() }).optional().describe("The job's status"),
        runtimeMs: z.number().optional().describe("How long it has run (ms)"),
        verdict: z.string().optional().describe("A running job's metrics verdict: HEALTHY, IDLE, STALLED, …"),
        verdictText: textOutput().optional().describe("The verdict in one sentence"),
        diagnosis: textOutput().optional().describe("A failed or stopped job's likely cause"),
        error: textOutput().optional().describe("Why its create was refused"),
        costPerHour: z.number().optional().describe("Estimated cost per hour"),
        attempt: z.number().optional().describe("How many times it was resubmitted"),
      }),
    ),
    counts: z.record(z.string(), z.number()).describe("Jobs per status family (or sweep state when not created)"),
    notes: z.array(textOutput()).describe("What was not read, and why"),
    next: NextSteps(),
  })
  const List = z.object({
    action: z.literal("status"),
    sweeps: z.array(
      Sweep.extend({
        created: z.number().describe("Jobs created"),
        updatedAt: epochMs("Last run").unwrap(),
      }),
    ),
    next: NextSteps(),
  })
  const Change = z.object({
    action: z.enum(["stop", "resubmit"]),
    sweep: Sweep,
    changed: z.array(z.string()).describe("The job ids stopped or resubmitted"),
    held: z
      .number()
      .optional()
      .describe("After a stop: how many jobs were not sent and are held back until a run says resume"),
    plan: PlanOutput().optional(),
    message: textOutput().describe("What happened"),
    next: NextSteps(),
  })
  return z.union([Run, Status, List, Change])
})
