import type { Emu } from "../context.js"
import type { Task } from "../state/types.js"

/**
 * What a serving's command starts, read the way the engines read their flags (the last occurrence of a
 * flag wins, as with argparse). Only vLLM (`vllm serve`, `vllm.entrypoints.openai.api_server`) and
 * SGLang (`sglang.launch_server`) are recognised; any other command starts nothing that answers.
 */
export interface EngineLaunch {
  engine: "vllm" | "sglang"
  modelPath: string
  served: string
  tp: number
  pp: number
  port: number
  /** The api_server's default model, fetched from the Hugging Face hub: only an online workspace has it. */
  hubDefault: boolean
}

/** Nominal seconds between two log lines; the same spacing as sim/logs.ts. */
const ENGINE_LINE_SECONDS = 2

const tokens = (segment: string): string[] =>
  (segment.match(/'[^']*'|"[^"]*"|\S+/g) ?? []).map((t) => t.replace(/^['"]|['"]$/g, ""))

const flag = (ts: string[], names: string[]): string | undefined => {
  let value: string | undefined
  ts.forEach((t, i) => {
    const [name, inline] = t.split("=", 2)
    if (name !== undefined && names.includes(name)) value = inline ?? ts[i + 1]
  })
  return value
}

const int = (v: string | undefined, fallback: number): number => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : fallback
}

/** The engine a command starts, from its first engine invocation (a multi-node command's leader branch). */
const parseLaunch = (command: string): EngineLaunch | undefined => {
  const at = command.search(/\bvllm\s+serve\b|vllm\.entrypoints\.openai\.api_server|sglang\.launch_server/)
  if (at < 0) return undefined
  const segment = command.slice(at).split(/;|&&|\|\||\bfi\b/)[0] ?? ""
  const ts = tokens(segment)
  if (/sglang/.test(ts[0] ?? "")) {
    const path = flag(ts, ["--model-path", "--model"]) ?? ""
    return {
      engine: "sglang",
      modelPath: path,
      served: flag(ts, ["--served-model-name"]) ?? path,
      tp: int(flag(ts, ["--tp", "--tp-size", "--tensor-parallel-size"]), 1),
      pp: int(flag(ts, ["--pp-size", "--pipeline-parallel-size"]), 1),
      port: int(flag(ts, ["--port"]), 30000),
      hubDefault: false,
    }
  }
  const positional = ts[0] === "vllm" && ts[2] !== undefined && !ts[2].startsWith("-") ? ts[2] : undefined
  // `vllm serve` requires its model; the older api_server defaults to facebook/opt-125m from the hub.
  const given = positional ?? flag(ts, ["--model"])
  const path = given ?? (ts[0] === "vllm" ? "" : "facebook/opt-125m")
  return {
    engine: "vllm",
    modelPath: path,
    served: flag(ts, ["--served-model-name"]) ?? path,
    tp: int(flag(ts, ["--tensor-parallel-size", "-tp"]), 1),
    pp: int(flag(ts, ["--pipeline-parallel-size", "-pp"]), 1),
    port: int(flag(ts, ["--port"]), 8000),
    hubDefault: given === undefined && ts[0] !== "vllm",
  }
}

const gpusOf = (emu: Emu, t: Task): number => emu.store.state.specs.find((s) => s.id === t.specId)?.gpuCount ?? 0
const nodesOf = (t: Task): number => Number(t.extra.node_num_per_replica ?? 1) || 1

/** The engine's own error when its command cannot start, or undefined when it loads. */
const engineError = (emu: Emu, t: Task, launch: EngineLaunch): string[] | undefined => {
  if (launch.modelPath === "")
    return launch.engine === "sglang"
      ? [
          "usage: launch_server.py [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH] ...",
          "launch_server.py: error: the following arguments are required: --model-path",
        ]
      : [
          "usage: vllm serve <model_tag> [options]",
          "vllm serve: error: the following arguments are required: model_tag",
        ]
  const online = emu.store.state.workspaces.find((w) => w.id === t.workspaceId)?.online === true
  if (launch.hubDefault && !online)
    return [
      "OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in the cached files and it looks like facebook/opt-125m is not the path to a directory containing a file named config.json.",
    ]
  const local = gpusOf(emu, t)
  const total = local * nodesOf(t)
  if (launch.tp * launch.pp <= total && (nodesOf(t) > 1 || launch.tp <= local)) return undefined
  return launch.engine === "sglang"
    ? [
        `[TP${local}] Scheduler hit an exception: Traceback (most recent call last):`,
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 1748, in run_scheduler_process',
        "    torch.cuda.set_device(gpu_id)",
        "RuntimeError: CUDA error: invalid device ordinal",
        "Received sigquit from a child process. It usually means the child failed.",
      ]
    : [
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/vllm/executor/multiproc_gpu_executor.py", line 58, in _check_cuda',
        `RuntimeError: please set tensor_parallel_size (${launch.tp}) to less than max local gpu count (${local})`,
      ]
}

const stamp = (at: number, engine: EngineLaunch["engine"]): string => {
  const iso = new Date(at + 8 * 3_600_000).toISOString()
  return engine === "sglang"
    ? `[${iso.slice(0, 10)} ${iso.slice(11, 19)}]`
    : `INFO ${iso.slice(5, 10)} ${iso.slice(11, 19)}`
}

const SHARDS = 8

const vllmStartup = (l: EngineLaunch): string[] => [
  "api_server.py:528] vLLM API server version 0.6.3",
  `api_server.py:529] args: Namespace(model_tag='${l.modelPath}', host=None, port=${l.port}, served_model_name=['${l.served}'], tensor_parallel_size=${l.tp}, pipeline_parallel_size=${l.pp})`,
  `llm_engine.py:237] Initializing an LLM engine (v0.6.3) with config: model='${l.modelPath}', tokenizer='${l.modelPath}', dtype=torch.bfloat16, tensor_parallel_size=${l.tp}, pipeline_parallel_size=${l.pp}, served_model_name=${l.served}`,
  `model_runner.py:1056] Starting to load model ${l.modelPath}...`,
  ...Array.from(
    { length: SHARDS + 1 },
    (_, i) =>
      `Loading safetensors checkpoint shards: ${String(Math.round((i * 100) / SHARDS)).padStart(3)}% Completed | ${i}/${SHARDS}`,
  ),
  "model_runner.py:1067] Loading model weights took 14.99 GB",
  "gpu_executor.py:122] # GPU blocks: 27000, # CPU blocks: 4681",
  "model_runner.py:1523] Graph capturing finished in 18 secs.",
  "launcher.py:19] Available routes are: /v1/models, /v1/chat/completions, /v1/completions, /health",
  "INFO:     Application startup complete.",
  `INFO:     Uvicorn running on http://0.0.0.0:${l.port} (Press CTRL+C to quit)`,
]

const sglangStartup = (l: EngineLaunch): string[] => [
  `server_args=ServerArgs(model_path='${l.modelPath}', tp_size=${l.tp}, pp_size=${l.pp}, host='0.0.0.0', port=${l.port}, served_model_name='${l.served}')`,
  "[TP0] Init torch distributed begin.",
  "[TP0] Load weight begin. avail mem=78.50 GB",
  ...Array.from(
    { length: SHARDS + 1 },
    (_, i) =>
      `Loading safetensors checkpoint shards: ${String(Math.round((i * 100) / SHARDS)).padStart(3)}% Completed | ${i}/${SHARDS}`,
  ),
  "[TP0] Load weight end. dtype=torch.bfloat16, avail mem=63.20 GB",
  "[TP0] Capture cuda graph end. Time elapsed: 12.3 s",
  "INFO:     Application startup complete.",
  `INFO:     Uvicorn running on http://0.0.0.0:${l.port} (Press CTRL+C to quit)`,
  "The server is fired up and ready to roll!",
]

/** The engine's startup lines (through "ready"), or, for a command that cannot start, up to its error. */
const startupLines = (emu: Emu, t: Task, l: EngineLaunch): string[] => {
  const all = l.engine === "sglang" ? sglangStartup(l) : vllmStartup(l)
  const error = engineError(emu, t, l)
  if (error === undefined) return all
  return l.modelPath === "" ? [] : all.slice(0, l.engine === "sglang" ? 2 : 3)
}

/** One log line of a serving's pod: startup, then the engine's periodic line; `at` stamps it. */
export const servingLine = (emu: Emu, t: Task, i: number, at: number, suffix: string[], count: number): string => {
  const l = parseLaunch(t.command)
  if (l === undefined) return i === 0 ? `[entrypoint] running: ${t.command.split("\n")[0]?.slice(0, 200) ?? ""}` : ""
  const startup = startupLines(emu, t, l)
  const plain = (m: string) => (m.startsWith("INFO:") || m.startsWith("Loading") ? m : `${stamp(at, l.engine)} ${m}`)
  if (i < startup.length) return plain(startup[i] ?? "")
  if (i >= count - suffix.length) return suffix[i - (count - suffix.length)] ?? ""
  return l.engine === "sglang"
    ? `${stamp(at, "sglang")} INFO:     10.0.0.1:0 - "GET /health HTTP/1.1" 200 OK`
    : `${stamp(at, "vllm")} metrics.py:345] Avg prompt throughput: 0.0 tokens/s, Avg generation throughput: 0.0 tokens/s, Running: 0 reqs, Swapped: 0 reqs, Pending: 0 reqs, GPU KV cache usage: 0.0%, CPU KV cache usage: 0.0%.`
}

/** The failing lines a crashed serving's log ends with. */
export const servingSuffix = (emu: Emu, t: Task): string[] => {
  const l = parseLaunch(t.command)
  return l !== undefined ? (engineError(emu, t, l) ?? []) : []
}

/**
 * After a serving is created: a command the engine cannot start fails it after its startup lines and the
 * error, as the real engine exits (status FAILED); one that starts runs until stopped.
 */
export const planEngine = (emu: Emu, t: Task): void => {
  const l = parseLaunch(t.command)
  if (l === undefined) return
  const error = engineError(emu, t, l)
  if (error === undefined) return
  t.behaviour = "exit1"
  // Lines are numbered from 0 at the run's start: the last one (the error's) is written as it exits.
  t.runSeconds = ENGINE_LINE_SECONDS * Math.max(1, startupLines(emu, t, l).length + error.length - 1)
}

/** When a running serving's engine answers: after its startup lines, on the serving's port. */
export const engineReady = (emu: Emu, t: Task): { ready: boolean; launch?: EngineLaunch } => {
  const l = parseLaunch(t.command)
  const run = t.runs[t.runs.length - 1]
  if (t.phase !== "running" || l === undefined || run === undefined) return { ready: false }
  if (engineError(emu, t, l) !== undefined || l.port !== Number(t.extra.port ?? 8000))
    return { ready: false, launch: l }
  const readyAt = run.start + emu.clock.scaled(ENGINE_LINE_SECONDS) * (startupLines(emu, t, l).length - 1)
  return { ready: emu.clock.now() >= readyAt, launch: l }
}
