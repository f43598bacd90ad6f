import type { Behaviour, Task } from "../state/types.js"

/** Tools whose first move is to reach the internet; in an offline workspace they fail like the real ones. */
const NETWORK_TOOLS: [RegExp, string][] = [
  [/\bpip3? install\b/, "pip"],
  [/\bconda install\b/, "conda"],
  [/\bgit clone\b/, "git"],
  [/\bwget\s/, "wget"],
  [/\bcurl\s/, "curl"],
  [/\bhuggingface-cli download\b/, "huggingface-cli"],
]

/** Nominal seconds each outcome runs before it ends (scaled by the clock's speed). */
const RUN_SECONDS: Record<Behaviour, number> = {
  normal: 150,
  exit1: 40,
  network: 24,
  oom: 60,
  preempt: 45,
  idle: 0,
  stall: 0,
  forever: 0,
  noruntime: 30,
}

export interface Plan {
  behaviour: Behaviour
  networkTool: string
  runSeconds: number
}

/**
 * Chooses what a task will do from its command. Markers are shell comments, so the same command is
 * still valid on the real platform: `#emu:idle`, `#emu:stall`, `#emu:oom`, `#emu:preempt`,
 * `#emu:duration=N` (run N nominal seconds).
 */
export const planFor = (
  command: string,
  online: boolean,
  kind: Task["kind"],
  priority: number,
  runtimeMissing = false,
): Plan => {
  if (runtimeMissing) return { behaviour: "noruntime", networkTool: "", runSeconds: RUN_SECONDS.noruntime }
  const tool = online ? undefined : NETWORK_TOOLS.find(([re]) => re.test(command))
  const behaviour: Behaviour = command.includes("#emu:oom")
    ? "oom"
    : command.includes("#emu:preempt") && priority <= 3
      ? "preempt"
      : command.includes("#emu:idle")
        ? "idle"
        : command.includes("#emu:stall")
          ? "stall"
          : tool
            ? "network"
            : /\bexit 1\b/.test(command)
              ? "exit1"
              : kind === "serving" || kind === "notebook"
                ? "forever"
                : "normal"
  const duration = /#emu:duration=(\d+)/.exec(command)
  const fixed = behaviour === "normal" && duration ? Number(duration[1]) : undefined
  return {
    behaviour,
    networkTool: tool?.[1] ?? "",
    runSeconds: fixed ?? (kind === "hpc" && behaviour === "normal" ? 90 : RUN_SECONDS[behaviour]),
  }
}

export const runsForever = (t: Task): boolean => t.runSeconds <= 0

/**
 * Training pods of the first round are `<job>-worker-<i>`, as clients guess them; a restart (fault
 * tolerance) starts round r ≥ 1, whose pods carry it as a suffix: `<job>-worker-<i>-<r>`.
 */
export const trainPodName = (jobId: string, index: number, round: number): string =>
  round === 0 ? `${jobId}-worker-${index}` : `${jobId}-worker-${index}-${round}`

/** Pod names as the platform exposes them. */
export const podNames = (t: Task): string[] =>
  Array.from({ length: t.instances }, (_, i) => {
    if (t.kind === "train") return trainPodName(t.id, i, t.round)
    if (t.kind === "hpc") return `${t.id}-compute-${i}`
    if (t.kind === "serving") return `${t.id}-replica-${i}`
    if (t.kind === "ray") return i === 0 ? `${t.id}-head` : `${t.id}-worker-${i - 1}`
    return `nb-${t.id.slice(0, 8)}-${i}`
  })
