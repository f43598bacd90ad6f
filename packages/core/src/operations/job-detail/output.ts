import { z } from "zod"
import { TaskKind } from "../../domain/ids.js"
import { callWord, text } from "../../words/text.js"
import { once } from "../catalogue/operation.js"
import { described, textOutput } from "../catalogue/schema.js"
import { epochMs, StatusOutput } from "../common/output.js"
import { QueueOutput } from "../common/queue-output.js"

/** What inspire_job_detail returns. */
export const JobDetailOutput = once(() => {
  const Diagnosis = z
    .object({
      findings: z
        .array(
          z.object({
            kind: z
              .enum([
                "oom",
                "image-pull",
                "unschedulable",
                "preempted",
                "node-fault",
                "environment",
                "offline-network",
                "no-slurm",
                "no-ray",
                "traceback",
              ])
              .describe("The kind of cause"),
            cause: textOutput().describe("The likely cause"),
            evidence: z.string().describe("The event or log line that shows it"),
            fix: textOutput().describe("What to do"),
          }),
        )
        .describe("Likely causes, most telling first"),
      eventsRead: z.number().describe("Events read"),
      logLinesRead: z.number().describe("Log lines read"),
      notes: z.array(textOutput()).describe("Why some evidence could not be read"),
    })
    .describe("For a failed, stopped or waiting task: what its events and logs point to")

  return z.object({
    id: z.string().describe("Task id"),
    kind: TaskKind.describe("train, hpc, serving, ray or notebook"),
    name: z.string().describe("Task name"),
    status: StatusOutput(),
    subStatus: z.string().describe("The platform's sub-status"),
    subMessage: z.string().describe("The platform's sub-status message"),
    workspace: z.string().describe("Workspace name"),
    project: z.string().describe("Project name"),
    computeGroup: z.string().describe("Compute group name"),
    image: z.string().describe("Image address"),
    command: z.string().describe("Command or entrypoint"),
    spec: z
      .object({
        id: z.string().describe("Spec id"),
        gpus: z.number().optional().describe("GPUs per instance"),
        gpuType: z.string().optional().describe("GPU type"),
        cpus: z.number().optional().describe("CPUs per instance"),
        memoryGib: z.number().optional().describe("Memory per instance in GiB"),
      })
      .describe("The spec"),
    priority: z.number().optional().describe("Priority submitted"),
    priorityLevel: z.string().optional().describe("Priority level the platform assigned"),
    instances: z.number().optional().describe("Number of instances (nodes)"),
    shmGi: z.number().optional().describe("Shared memory in GiB"),
    hpc: z
      .object({
        numberOfTasks: z.number().optional().describe("Slurm tasks"),
        cpusPerTask: z.number().optional().describe("CPUs per task"),
        memoryPerCpu: z.string().describe("Memory per CPU"),
        nodes: z.array(z.string()).describe("Nodes it runs on"),
      })
      .optional()
      .describe("For HPC jobs: the Slurm sizing"),
    ray: z
      .object({
        groups: z
          .array(
            z.object({
              name: z.string().describe("Worker group"),
              min: z.number().optional().describe("Fewest replicas"),
              max: z.number().optional().describe("Most replicas"),
              current: z.number().optional().describe("Replicas now"),
            }),
          )
          .describe("Worker groups"),
      })
      .optional()
      .describe("For Ray jobs: the worker groups and their replicas"),
    datasets: z.array(z.string()).optional().describe("Datasets mounted: id:version → path"),
    pods: z
      .array(
        z.object({
          pod: described(z.string(), text`Pod name (the \`pod\` of ${callWord("logs")})`),
          node: z.string().describe("Node"),
          status: z.string().describe("Pod status"),
          startedAt: epochMs("Started"),
          finishedAt: epochMs("Finished"),
        }),
      )
      .describe("The task's pods"),
    timing: z
      .object({
        createdAt: epochMs("Created"),
        startedAt: epochMs("Started"),
        finishedAt: epochMs("Finished"),
        runningTimeMs: z.number().optional().describe("Running time in ms"),
      })
      .describe("When it ran"),
    consoleUrl: z.string().describe("The task's page"),
    warnings: z.array(textOutput()).describe("What could not be read"),
    queue: QueueOutput().optional(),
    diagnosis: Diagnosis.optional(),
  })
})
