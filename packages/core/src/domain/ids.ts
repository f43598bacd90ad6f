import { z } from "zod"
import { Either } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, type Text } from "../words/text.js"

/** The kinds of task the platform runs, named as the API names their families. */
export const TaskKind = z.enum(["train", "hpc", "serving", "ray", "notebook"])
export type TaskKind = z.infer<typeof TaskKind>

interface PrefixRule {
  readonly prefix: string
  readonly kind: TaskKind
  readonly label: string
}

// Order matters: `hpc-job-` must be tried before `job-` (INSPIRE-API.md §3.1).
const TASK_PREFIXES: ReadonlyArray<PrefixRule> = [
  { prefix: "hpc-job-", kind: "hpc", label: "HPC job" },
  { prefix: "job-", kind: "train", label: "GPU training job" },
  { prefix: "sv-", kind: "serving", label: "inference serving" },
  { prefix: "rj-", kind: "ray", label: "Ray job" },
]

// Ids of other objects that people paste where a task id is expected.
const OTHER_PREFIXES: ReadonlyArray<readonly [string, string, string]> = [
  ["ws-", "a workspace", "workspace"],
  ["project-", "a project", "project"],
  ["lcg-", "a logic compute group", "logic-group"],
  ["cg-", "a compute group", "group"],
  ["image-", "an image", "image"],
  ["user-", "a user", "user"],
  ["quota-", "a spec", "spec"],
]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const ID_BODY = /^[A-Za-z0-9][A-Za-z0-9-]*$/

/** The known task-id prefixes, for help texts and error candidates. */
export const knownTaskPrefixes: ReadonlyArray<string> = [
  ...TASK_PREFIXES.map((r) => `${r.prefix}… (${r.label})`),
  "<uuid> (notebook, no prefix)",
]

/** A task id resolved to its kind; ids stay opaque strings and are never coerced to numbers. */
export interface TaskRef {
  readonly id: string
  readonly kind: TaskKind
}

const unknownId = (id: string, why: Text): InspireError =>
  invalidInput(msg("domain-id-invalid", { id, why }), msg("domain-id-invalid-hint", { call: callWord("jobs") }), {
    candidates: knownTaskPrefixes,
  })

/** The kind of object a pasted id belongs to when it is not a task's (`ws-…` is a workspace), else undefined. */
export const otherIdKind = (raw: string): string | undefined =>
  OTHER_PREFIXES.find(([prefix]) => raw.trim().startsWith(prefix))?.[2]

/** Resolves a task id to its kind by prefix; anything else is an InvalidInput listing the known prefixes. */
export const taskKindOf = (raw: string): Either.Either<TaskRef, InspireError> => {
  const id = raw.trim()
  if (id === "") return Either.left(unknownId(raw, msg("domain-id-empty")))
  const rule = TASK_PREFIXES.find((r) => id.startsWith(r.prefix))
  if (rule !== undefined) {
    const body = id.slice(rule.prefix.length)
    return ID_BODY.test(body)
      ? Either.right({ id, kind: rule.kind })
      : Either.left(unknownId(id, msg("domain-id-bad-body", { prefix: rule.prefix })))
  }
  if (UUID.test(id)) return Either.right({ id, kind: "notebook" })
  const other = OTHER_PREFIXES.find(([prefix]) => id.startsWith(prefix))
  if (other !== undefined) return Either.left(unknownId(id, msg("domain-id-other", { kind: other[2] })))
  if (/^(nb|notebook)-/i.test(id)) return Either.left(unknownId(id, msg("domain-id-notebook")))
  return Either.left(unknownId(id, msg("domain-id-unknown-prefix")))
}

// A training pod is `<job id>-worker-<i>` in its first round and `<job id>-worker-<i>-<round>` after a
// restart (INSPIRE-API reading in docs/PLATFORM.md); people read the part from `worker` on.
const POD_TAIL = /^(.*)-(worker-\d+(?:-\d+)?)$/

/** A pod's short name for people: `worker-1` or `worker-1-2`; any other name as it is. */
export const shortPodName = (pod: string): string => POD_TAIL.exec(pod)?.[2] ?? pod
