import type { Emu } from "../context.js"
import { servingLine, servingSuffix } from "../domain/serving-engine.js"
import { internal, invalid } from "../errors.js"
import { shortHash } from "../ids.js"
import type { Task } from "../state/types.js"
import { type Body, num, obj, str, strList } from "../validate.js"
import { podNames, trainPodName } from "./behaviour.js"

/** Nominal seconds between two log lines of one pod. */
const LINE_SECONDS = 2
const MONTH_MS = 31 * 86_400_000

const PREFIX = (t: Task, pod: string): string[] => [
  `[entrypoint] pod ${pod} starting, MASTER_ADDR=${trainPodName(t.id, 0, t.round)}, PET_NNODES=${t.instances}`,
  `[entrypoint] running: ${t.command.split("\n")[0]?.slice(0, 200) ?? ""}`,
]

const NETWORK: Record<string, string[]> = {
  pip: [
    "WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f3a2c1d5e50>: Failed to establish a new connection: [Errno 101] Network is unreachable')': /simple/transformers/",
    "ERROR: Could not find a version that satisfies the requirement transformers (from versions: none)",
    "ERROR: No matching distribution found for transformers",
  ],
  conda: [
    "CondaHTTPError: HTTP 000 CONNECTION FAILED for url <https://conda.anaconda.org/conda-forge/linux-64/current_repodata.json>",
    "An HTTP error occurred when trying to retrieve this URL. HTTP errors are often intermittent.",
  ],
  git: ["Cloning into 'repo'...", "fatal: unable to access 'https://github.com/': Could not resolve host: github.com"],
  wget: [
    "Resolving huggingface.co (huggingface.co)... failed: Temporary failure in name resolution.",
    "wget: unable to resolve host address 'huggingface.co'",
  ],
  curl: ["curl: (6) Could not resolve host: github.com"],
  "huggingface-cli": [
    "requests.exceptions.ConnectionError: (MaxRetryError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with url: /api/models (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f1e2b3c4d50>: Failed to establish a new connection: [Errno 101] Network is unreachable'))\"))",
  ],
}

const TRACEBACK = [
  "Traceback (most recent call last):",
  '  File "/inspire/hdd/project/code/train.py", line 212, in <module>',
  "    main()",
  '  File "/inspire/hdd/project/code/train.py", line 187, in main',
  "    batch = next(loader_iter)",
  "FileNotFoundError: [Errno 2] No such file or directory: '/inspire/hdd/project/data/train-00000.parquet'",
  "ERROR: command exited with code 1",
]

const OOM = [
  "Traceback (most recent call last):",
  '  File "/inspire/hdd/project/code/train.py", line 158, in train_step',
  "    loss.backward()",
  "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 GiB. GPU 0 has a total capacity of 79.10 GiB of which 1.38 GiB is free. Including non-PyTorch memory, this process has 77.70 GiB memory in use.",
  "[rank0]: process exited with code 1",
]

const suffixFor = (t: Task): string[] => {
  // A run the platform ended (pre-empted, or its node failed) just stops: no error of its own.
  if (t.phase !== "failed" || t.subStatus === "preempted" || t.subStatus === "NodeNotReady") return []
  if (t.behaviour === "network") return NETWORK[t.networkTool] ?? NETWORK.curl ?? []
  if (t.behaviour === "oom") return OOM
  if (t.behaviour === "noruntime") {
    return t.kind === "hpc"
      ? [
          "sbatch: error: Batch job submission failed: Unable to contact slurm controller (connect failure)",
          "slurmctld BackOff",
        ]
      : ["/bin/sh: 1: ray: not found", "ERROR: ray runtime not found in image"]
  }
  return TRACEBACK
}

const bodyLine = (t: Task, k: number): string => {
  if (t.behaviour === "stall" && k > 20)
    return `[rank0] waiting for collective ALLREDUCE (NCCL timeout in ${1800 - k}s)`
  const step = (k + 1) * 10
  const loss = (2.8 * Math.exp(-k / 60) + 0.35).toFixed(4)
  return `step ${step} | loss ${loss} | lr 3.0e-04 | ${(9.5 + (k % 7) * 0.1).toFixed(1)} it/s`
}

export interface Line {
  log_id: string
  message: string
  node: string
  pod_name: string
  time: string
  timestamp_ms: string
  timestamp_str: string
}

const beijing = (msValue: number): string => `${new Date(msValue + 8 * 3_600_000).toISOString().replace("Z", "")}+08:00`

/** Lines are a pure function of (task, pod, index): nothing is stored, any window can be replayed. */
interface Window {
  from: number
  to: number
  /** At most this many lines, taken from the newest end when `descend`. */
  size: number
  descend: boolean
}

/** One pod's lines in the window plus how many match in all; only the page's lines are rendered. */
const podLines = (
  emu: Emu,
  t: Task,
  pod: { name: string; node: string; round: number },
  w: Window,
): { lines: Line[]; matched: number } => {
  const round = t.kind === "train" ? pod.round : t.runs.length - 1
  const run = t.runs[round]
  if (!run) return { lines: [], matched: 0 }
  const spacing = emu.clock.scaled(LINE_SECONDS)
  const end = Math.min(run.end ?? emu.clock.now(), emu.clock.now())
  const count = Math.floor((end - run.start) / spacing) + 1
  const prefix = t.kind === "serving" ? [] : PREFIX(t, pod.name)
  const ended = run.end !== undefined && round === t.runs.length - 1
  const suffix = ended ? (t.kind === "serving" ? servingSuffix(emu, t) : suffixFor(t)) : []
  const first = Math.max(0, Math.ceil((w.from - run.start) / spacing))
  const last = Math.min(count - 1, Math.floor((w.to - run.start) / spacing))
  const lo = w.descend ? Math.max(first, last - w.size + 1) : first
  const hi = w.descend ? last : Math.min(last, first + w.size - 1)
  const out: Line[] = []
  for (let i = lo; i <= hi; i++) {
    const at = run.start + i * spacing
    const message =
      t.kind === "serving"
        ? servingLine(emu, t, i, at, suffix, count)
        : i < prefix.length
          ? (prefix[i] ?? "")
          : i >= count - suffix.length
            ? (suffix[i - (count - suffix.length)] ?? "")
            : bodyLine(t, i - prefix.length)
    const stamp = beijing(at)
    out.push({
      log_id: shortHash(`${pod.name}:${i}`, 20),
      message,
      node: pod.node,
      pod_name: pod.name,
      time: stamp,
      timestamp_ms: String(at),
      timestamp_str: stamp.replace("T", " ").slice(0, 23),
    })
  }
  return { lines: out, matched: Math.max(0, last - first + 1) }
}

/** GetJobLog semantics (§4.12, §5.9): podNames required, ms-string window ≤ 1 month, sort by time, page_size only. */
export const queryLogs = (emu: Emu, t: Task, body: Body) => {
  const filter = obj(body, "filter")
  const wanted = strList(filter, "podNames")
  if (wanted.length === 0) throw invalid("Invalid instance names: podNames is required")
  const known = new Map<string, { name: string; node: string; round: number }>()
  for (let round = 0; round <= t.round; round++) {
    podNames({ ...t, round }).forEach((name, i) => {
      known.set(name, { name, node: t.alloc[i]?.node ?? "", round })
    })
  }
  const bad = wanted.filter((p) => !known.has(p))
  if (bad.length > 0) throw invalid(`Invalid instance names: ${bad.join(",")}`)
  const start = Number(str(filter, "start_timestamp_ms") || 0)
  const end = Number(str(filter, "end_timestamp_ms") || emu.clock.now())
  if (start > 0 && end - start > MONTH_MS) throw internal("查询时间区间不能超过1个月")
  const sorter = Array.isArray(body.sorter) ? (body.sorter as Body[]) : []
  const descend = sorter[0]?.sort === "descend"
  const size = Math.min(Math.max(num(body, "page_size", 100), 1), 5000)
  const all: Line[] = []
  let total = 0
  for (const name of wanted) {
    const pod = known.get(name) ?? { name, node: "", round: 0 }
    const { lines, matched } = podLines(emu, t, pod, { from: start, to: end, size, descend })
    all.push(...lines)
    total += matched
  }
  all.sort((a, b) => Number(a.timestamp_ms) - Number(b.timestamp_ms) || a.log_id.localeCompare(b.log_id))
  if (descend) all.reverse()
  return { logs: all.slice(0, size), total }
}
