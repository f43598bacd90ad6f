/**
 * The operations a word may call, as the registry names them. Spelled out rather than read from the
 * registry, whose operations word their own texts with these (a type cycle); registry.ts checks that each
 * is an operation of the registry. A new operation is added here once some text calls it.
 */
export const WORD_OPERATIONS = [
  "config",
  "login",
  "status",
  "availability",
  "submit",
  "submit_hpc",
  "submit_ray",
  "inference",
  "jobs",
  "job_detail",
  "logs",
  "metrics",
  "stop",
  "images",
  "image_push",
  "notebook",
  "notebook_exec",
  "notebook_files",
  "notebook_shell",
  "models",
  "wait",
  "resubmit",
  "events",
  "sweep",
] as const

/** An operation a word may call (`WORD_OPERATIONS`). */
export type WordOperation = (typeof WORD_OPERATIONS)[number]
