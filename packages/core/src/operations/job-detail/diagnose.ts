import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"
/** What a task's events, logs and status point to; the pure rules behind inspire_job_detail's diagnosis. */
export type CauseKind =
  | "oom"
  | "image-pull"
  | "unschedulable"
  | "preempted"
  | "node-fault"
  | "environment"
  | "offline-network"
  | "no-slurm"
  | "no-ray"
  | "traceback"

/** One likely cause, with the line that shows it and what to do. */
export interface Finding {
  readonly kind: CauseKind
  readonly cause: Text
  readonly evidence: string
  readonly fix: Text
}

/** What the rules read. */
export interface DiagnosisInput {
  readonly family: string
  readonly subStatus?: string
  readonly subMsg?: string
  readonly priority?: number | undefined
  readonly network?: "online" | "offline" | "unknown"
  readonly events: ReadonlyArray<{ readonly type: string; readonly reason: string; readonly message: string }>
  readonly logLines: ReadonlyArray<string>
}

interface Rule {
  readonly kind: CauseKind
  readonly test: RegExp
  readonly cause: () => Text
  readonly fix: (input: DiagnosisInput) => Text
  /** Only when this holds (e.g. network errors only matter in an offline workspace). */
  readonly when?: (input: DiagnosisInput) => boolean
  /**
   * Read in the platform's words only (sub-status, its message, events), never the task's log: a cause
   * that is the platform's, not the program's, which a program printing the same words must not fake.
   */
  readonly platform?: true
}

const RULES: ReadonlyArray<Rule> = [
  // A dead node ends the run whatever the log last said: the most telling sign when the platform shows it.
  {
    kind: "node-fault",
    test: /NodeNotReady|NodeLost|XIDIsUnhealthy|GPFSMountUnhealthy|\bnode( \S+)? is not ready/i,
    cause: () => msg("job-detail-cause-node-fault"),
    fix: () => msg("job-detail-fix-node-fault", { call: callWord("resubmit") }),
    platform: true,
  },
  {
    kind: "oom",
    test: /CUDA out of memory|OutOfMemoryError|OOMKilled|Out of memory|Killed process \d+/i,
    cause: () => msg("job-detail-cause-oom"),
    fix: () => msg("job-detail-fix-oom"),
  },
  {
    kind: "image-pull",
    test: /ErrImagePull|ImagePullBackOff|Failed to pull image|manifest unknown|pull access denied/i,
    cause: () => msg("job-detail-cause-image-pull"),
    fix: () => msg("job-detail-fix-image-pull", { call: callWord("images") }),
  },
  {
    kind: "no-slurm",
    test: /slurmctld BackOff|Unable to contact slurm controller|sbatch: error/i,
    cause: () => msg("job-detail-cause-no-slurm"),
    fix: () => msg("job-detail-fix-no-slurm", { call: callWord("images", { search: "slurm" }) }),
  },
  {
    kind: "no-ray",
    test: /\bray: command not found|No module named '?ray'?\s*$/im,
    cause: () => msg("job-detail-cause-no-ray"),
    fix: () => msg("job-detail-fix-no-ray", { call: callWord("images", { search: "ray" }) }),
  },
  {
    kind: "offline-network",
    test: /Network is unreachable|Could not resolve host|Temporary failure in name resolution|unable to resolve host|CONNECTION FAILED|ConnectionError|No matching distribution found|Failed to establish a new connection/i,
    cause: () => msg("job-detail-cause-offline-network"),
    fix: () => msg("job-detail-fix-offline-network", { path: "/inspire/hdd/project/{en_name}/" }),
    when: (i) => i.network !== "online",
  },
  {
    kind: "environment",
    test: /command not found|: not found$|ModuleNotFoundError|No module named|ImportError: /im,
    cause: () => msg("job-detail-cause-environment"),
    fix: () =>
      msg("job-detail-fix-environment", {
        call: callWord("config", {
          action: "set",
          key: "commandPrefix",
          value: "source /opt/conda/etc/profile.d/conda.sh && conda activate myenv && cd …",
        }),
      }),
  },
  {
    kind: "unschedulable",
    test: /Unschedulable|\d+\/\d+ nodes are available|Insufficient nvidia\.com\/gpu|FailedScheduling/i,
    cause: () => msg("job-detail-cause-unschedulable"),
    fix: () => msg("job-detail-fix-unschedulable", { call: callWord("status") }),
  },
  {
    kind: "preempted",
    platform: true,
    test: /preempted|preemption/i,
    cause: () => msg("job-detail-cause-preempted"),
    fix: (i) =>
      i.priority !== undefined
        ? msg("job-detail-fix-preempted", { priority: i.priority })
        : msg("job-detail-fix-preempted-low"),
  },
]

const TRACEBACK_END = /^\s*([A-Za-z_][\w.]*(Error|Exception|Interrupt)|[A-Za-z_][\w.]*Error)\b.*$/

// The last exception line of the newest Python traceback: the line that says what actually went wrong.
const lastException = (lines: ReadonlyArray<string>): string | undefined => {
  const start = lines.findLastIndex((l) => l.includes("Traceback (most recent call last)"))
  if (start < 0) return undefined
  return lines.slice(start + 1).findLast((l) => TRACEBACK_END.test(l) && !/^\s+File "/.test(l))
}

const platformTexts = (input: DiagnosisInput): ReadonlyArray<string> => [
  ...(input.subStatus !== undefined && input.subStatus !== "" ? [`sub_status: ${input.subStatus}`] : []),
  ...(input.subMsg !== undefined && input.subMsg !== "" ? [input.subMsg] : []),
  ...input.events.map((e) => `${e.reason}: ${e.message}`),
]

/**
 * The likely causes of a failed, stopped or long-waiting task, most specific first. A Python traceback
 * that no rule explains is reported by its last exception line. No finding means nothing recognisable.
 */
export const diagnose = (input: DiagnosisInput): ReadonlyArray<Finding> => {
  const platform = platformTexts(input)
  const texts = [...platform, ...input.logLines]
  const findings: Finding[] = []
  for (const rule of RULES) {
    if (rule.when !== undefined && !rule.when(input)) continue
    // A waiting task is only ever explained by scheduling; a finished one by what it printed.
    if (input.family === "waiting" && rule.kind !== "unschedulable" && rule.kind !== "image-pull") continue
    const evidence = (rule.platform === true ? platform : texts).findLast((t) => rule.test.test(t))
    if (evidence !== undefined)
      findings.push({ kind: rule.kind, cause: rule.cause(), evidence: evidence.trim(), fix: rule.fix(input) })
  }
  const exception = lastException(input.logLines)
  if (exception !== undefined && !findings.some((f) => f.evidence === exception.trim()))
    findings.push({
      kind: "traceback",
      cause: msg("job-detail-cause-traceback"),
      evidence: exception.trim(),
      fix: msg("job-detail-fix-traceback", { call: callWord("logs") }),
    })
  // An environment or network error explains its traceback; keep the traceback only when it adds something.
  // An image without Ray is said as such, not as an environment to activate.
  return findings.filter(
    (f, _i, all) =>
      (f.kind !== "traceback" || !all.some((o) => o.kind === "oom")) &&
      (f.kind !== "environment" || !all.some((o) => o.kind === "no-ray")),
  )
}
