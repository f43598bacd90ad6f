import { Either } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"

/** Multi-GPU and multi-node training needs at least this much shared memory (INSPIRE-API.md §6 rule 7). */
export const MIN_DISTRIBUTED_SHM_GI = 64

// Bounds used only to catch unit mix-ups: no node has more than about 2 TiB of memory, and no
// training job wants less than 1 GiB of shm when it bothers to set it in MB.
const MAX_SHM_GI = 2048
const MIN_SHM_MB = 1024

/** The manual's shm unit (defaultShm is in MB) converted to the API's `shm_gi`, rounding up. */
export const shmMbToGi = (mb: number): number => Math.ceil(mb / 1024)

const UNIT = /^(\d+(?:\.\d+)?)\s*(mb|mib|m|gb|gib|gi|g)?$/i

/**
 * Reads a shared-memory size written by a person: `64Gi`, `64G`, `65536MB` or a bare number in
 * `bareUnit` (the manual's defaultShm uses MB). Returns GiB. Values that only make sense in the other
 * unit are rejected with the likely meaning rather than silently reinterpreted.
 */
export const parseShm = (input: string | number, bareUnit: "MB" | "GiB"): Either.Either<number, InspireError> => {
  const text = String(input).trim()
  const m = UNIT.exec(text)
  if (m === null || m[1] === undefined)
    return Either.left(invalidInput(msg("domain-shm-invalid", { text }), msg("domain-shm-invalid-hint")))
  const value = Number(m[1])
  const unit = m[2] === undefined ? bareUnit : /^m/i.test(m[2]) ? "MB" : "GiB"
  if (value <= 0)
    return Either.left(invalidInput(msg("domain-shm-not-positive", { text }), msg("domain-shm-not-positive-hint")))
  if (unit === "MB" && value < MIN_SHM_MB)
    return Either.left(
      invalidInput(
        msg("domain-shm-too-small", { text }),
        msg("domain-shm-too-small-hint", { value, mb: value * 1024 }),
      ),
    )
  const gi = unit === "MB" ? shmMbToGi(value) : Math.ceil(value)
  if (gi > MAX_SHM_GI)
    return Either.left(
      invalidInput(
        msg("domain-shm-too-large", { size: `${text}${m[2] === undefined ? ` ${unit}` : ""}`, gi }),
        msg("domain-shm-too-large-hint", { value, gi: shmMbToGi(value) }),
      ),
    )
  return Either.right(gi)
}

/** Warnings for a job's shared memory given its size; an empty list means it is fine. */
export const shmWarnings = (job: {
  readonly shmGi: number
  readonly gpuCount: number
  readonly instanceCount: number
  readonly memoryGi?: number
}): ReadonlyArray<Text> => {
  const warnings: Array<Text> = []
  const distributed = job.gpuCount > 1 || job.instanceCount > 1
  if (distributed && job.shmGi < MIN_DISTRIBUTED_SHM_GI)
    warnings.push(
      job.instanceCount > 1
        ? msg("domain-shm-low-nodes", { gi: job.shmGi, nodes: job.instanceCount, min: MIN_DISTRIBUTED_SHM_GI })
        : msg("domain-shm-low-gpus", { gi: job.shmGi, gpus: job.gpuCount, min: MIN_DISTRIBUTED_SHM_GI }),
    )
  if (job.memoryGi !== undefined && job.shmGi > job.memoryGi)
    warnings.push(msg("domain-shm-above-memory", { gi: job.shmGi, memory: job.memoryGi }))
  return warnings
}

/** The conservative name rule (no platform rule is recorded, INSPIRE-API.md §7 q21). */
export const NAME_RULE =
  "1–64 characters: letters, digits, CJK characters, '.', '_' and '-', starting with a letter, digit or CJK character"

// Assumption, documented because the platform's own rule is unknown: ASCII letters and digits, CJK
// ideographs of the basic block (U+4E00–U+9FFF, not the rarer extensions) and . _ -, starting with a
// letter, digit or ideograph, at most 64 characters. Stricter than the platform is at worst, so a name
// that passes here is never rejected there for its shape; the emulator enforces the same rule.
const NAME = /^[A-Za-z0-9\u4e00-\u9fff][A-Za-z0-9\u4e00-\u9fff._-]{0,63}$/u

/** Validates a job, notebook, serving, image or model name against the one conservative rule. */
export const validateName = (raw: string, what = "name"): Either.Either<string, InspireError> => {
  const name = raw.trim()
  if ([...name].length === 0)
    return Either.left(
      invalidInput(msg("domain-name-empty", { what: whatOf(what) }), msg("domain-name-give", { what: whatOf(what) })),
    )
  if ([...name].length > 64)
    return Either.left(
      invalidInput(
        msg("domain-name-long", { what: whatOf(what), name, length: [...name].length }),
        msg("domain-name-shorten"),
      ),
    )
  if (!NAME.test(name)) {
    const bad = [...name].find((c) => !/[A-Za-z0-9\u4e00-\u9fff._-]/u.test(c))
    return Either.left(
      invalidInput(
        bad === " "
          ? msg("domain-name-space", { what: whatOf(what), name })
          : bad !== undefined
            ? msg("domain-name-bad-char", { what: whatOf(what), name, bad })
            : msg("domain-name-bad-start", { what: whatOf(what), name }),
        msg("domain-name-use", { example: suggestName(name) }),
      ),
    )
  }
  return Either.right(name)
}

// What is named ("job name", "model name"), in the reader's words.
const whatOf = (what: string): Text => msg("domain-name-what", { kind: what.replace(/ ?name$/, "") || "none" })

const suggestName = (name: string): string => {
  const cleaned = [...name]
    .map((c) => (/[A-Za-z0-9\u4e00-\u9fff._-]/u.test(c) ? c : "-"))
    .join("")
    .replace(/-+/g, "-")
    .replace(/^[._-]+/, "")
    .slice(0, 64)
  return cleaned === "" ? "exp-001" : cleaned
}
