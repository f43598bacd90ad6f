import { z } from "zod"
import { MetricName } from "../../domain/metrics/series.js"
import { HEALTH_STATE_PRECEDENCE } from "../../domain/metrics/verdict.js"
import { once } from "../catalogue/operation.js"
import { textOutput } from "../catalogue/schema.js"

/** What inspire_metrics returns in any mode. */
export const MetricsOutput = once(() => {
  const Trio = z
    .object({
      avg: z.number().describe("Average %"),
      p90: z.number().describe("90th percentile %"),
      max: z.number().describe("Maximum %"),
    })
    .nullable()

  const Series = z.object({
    pod: z.string().describe("Pod name"),
    metric: MetricName.describe("gpu_usage_rate, gpu_memory_usage_rate, cpu_usage_rate or memory_usage_rate"),
    points: z
      .array(z.object({ t: z.number().describe("Epoch seconds"), v: z.number().describe("Percent") }))
      .describe("The samples"),
  })

  const State = z.enum(HEALTH_STATE_PRECEDENCE)

  const Summary = z
    .object({
      verdict: textOutput().describe("The health verdict in one sentence"),
      state: State.describe("The verdict as a state: healthy, idle, stalled, starved, memory, reclaim-risk, …"),
      evidence: z.array(textOutput()).describe("The figures behind the verdict"),
      pods: z.array(z.string()).describe("Pods the verdict singles out; empty when about the whole job"),
      perPod: z
        .array(
          z.object({
            pod: z.string().describe("Pod name"),
            state: State.describe("The pod's own state"),
            gpu: Trio.describe("GPU utilisation; null without data"),
            gpuMemory: Trio.describe("GPU memory use; null without data"),
            cpu: Trio.describe("CPU use; null without data"),
          }),
        )
        .describe("Per-pod statistics in percent"),
      idleWindows: z
        .array(
          z.object({
            start: z.number().describe("Epoch seconds"),
            end: z.number().describe("Epoch seconds"),
            durationSeconds: z.number().describe("Length in seconds"),
            samples: z.number().describe("Samples in the window"),
            ongoing: z.boolean().describe("True when still idle at the last sample"),
          }),
        )
        .describe("Stretches where the GPUs sat idle"),
      reclaim: z
        .object({
          level: z.enum(["none", "warning", "hazard"]).describe("Risk that the platform reclaims idle GPUs"),
          lowSince: z.number().nullable().describe("Start of the low run reaching the last sample (epoch s), or null"),
          lowSeconds: z.number().describe("Length of that low run"),
          hoursSoFar: z.number().describe("Hours of low use so far"),
          secondsUntilReclaim: z.number().nullable().describe("Seconds left before the platform's limit, or null"),
        })
        .describe("Idle-GPU reclaim risk"),
    })
    .describe("mode=summary: the health verdict")

  return z.object({
    jobId: z.string().describe("Job id"),
    jobName: z.string().describe("Job name"),
    status: z.string().describe("The job's status"),
    mode: z.enum(["summary", "raw", "download"]).describe("The mode asked for"),
    timeRange: z.string().describe("The range asked for, e.g. 30m"),
    window: z
      .object({
        start: z.number().describe("Epoch seconds"),
        end: z.number().describe("Epoch seconds"),
        intervalSeconds: z.number().describe("Seconds between points"),
      })
      .describe("The window read"),
    summary: Summary.optional(),
    series: z.array(Series).optional().describe("The series in percent (summary and raw)"),
    download: z
      .object({
        path: z.string().describe("CSV file written"),
        rows: z.number().describe("Rows written"),
        bytes: z.number().describe("Bytes written"),
      })
      .optional()
      .describe("mode=download: where the CSV went"),
  })
})
