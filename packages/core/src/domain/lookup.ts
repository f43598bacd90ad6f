import { InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, fieldWord, type Text } from "../words/text.js"
import { didYouMean, fold, type NameMatch } from "./names.js"

/**
 * The kinds of thing an input field names by id, and so also by name or id prefix: notebooks, training and
 * HPC jobs, servings, Ray jobs, models and sweeps. `job` is a training or HPC job, `task` any of the platform's tasks.
 */
export type LookupKind = "notebook" | "train" | "hpc" | "serving" | "ray" | "model" | "sweep" | "job" | "task"

/** One thing a lookup may find: its id and its name. */
export interface Entity {
  readonly id: string
  readonly name: string
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

// A whole id of each kind the platform prefixes: read directly, never looked up in a list.
const WHOLE: ReadonlyArray<readonly [LookupKind, RegExp]> = [
  ["hpc", new RegExp(`^hpc-job-${UUID}$`, "i")],
  ["train", new RegExp(`^job-${UUID}$`, "i")],
  ["serving", new RegExp(`^sv-${UUID}$`, "i")],
  ["ray", new RegExp(`^rj-${UUID}$`, "i")],
  ["notebook", new RegExp(`^${UUID}$`, "i")],
  ["model", /^model-[0-9a-f][0-9a-f-]{23,}$/i],
]

/** The kind of a whole id (`job-<uuid>`, a bare UUID, `model-…`), or undefined for a name or an id prefix. */
export const wholeIdKind = (raw: string): LookupKind | undefined => WHOLE.find(([, re]) => re.test(raw.trim()))?.[0]

// The prefixes ids carry before their unique part, longest first (`hpc-job-` before `job-`).
const ID_HEADS = ["hpc-job-", "job-", "sv-", "rj-", "model-"]

const bodyOf = (id: string): string => {
  const head = ID_HEADS.find((h) => id.startsWith(h))
  return head === undefined ? id : id.slice(head.length)
}

// An id prefix names something once it holds at least four characters of the id's unique part; a name
// prefix or a piece of a name once it holds four characters, so a stray letter never picks a task.
const MIN_PREFIX = 4

const byIdPrefix = <A extends Entity>(items: ReadonlyArray<A>, wanted: string): ReadonlyArray<A> => {
  const key = wanted.toLowerCase()
  if (!/^[0-9a-z-]+$/.test(key)) return []
  return items.filter((i) => {
    const id = i.id.toLowerCase()
    const body = bodyOf(id)
    const head = id.slice(0, id.length - body.length)
    return (
      (key.length >= MIN_PREFIX && body.startsWith(key)) ||
      (key.startsWith(head) && key.length - head.length >= MIN_PREFIX && id.startsWith(key))
    )
  })
}

/**
 * The one rule every field that takes an id follows: the id itself; else the exact name; else the name
 * once spaces and case are ignored; else a unique id prefix (four characters or more of its unique part,
 * with or without `job-`, `sv-`…); else a unique name prefix; else a unique name substring (both of four
 * characters or more). The first rule that matches anything decides, so two things of the same name are
 * ambiguous, never a guess.
 */
export const pickEntity = <A extends Entity>(items: ReadonlyArray<A>, raw: string): NameMatch<A> => {
  const wanted = raw.trim()
  const key = fold(wanted)
  const named = items.filter((i) => i.name !== "")
  const tiers: ReadonlyArray<readonly ["name" | "prefix" | "substring", ReadonlyArray<A>]> = [
    ["name", wanted === "" ? [] : items.filter((i) => i.id.toLowerCase() === wanted.toLowerCase())],
    ["name", named.filter((i) => i.name === wanted)],
    ["name", named.filter((i) => fold(i.name) === key)],
    ["prefix", byIdPrefix(items, wanted)],
    ["prefix", key.length < MIN_PREFIX ? [] : named.filter((i) => fold(i.name).startsWith(key))],
    ["substring", key.length < MIN_PREFIX ? [] : named.filter((i) => fold(i.name).includes(key))],
  ]
  for (const [by, found] of tiers) {
    const [first] = found
    if (found.length === 1 && first !== undefined) return { kind: "one", item: first }
    if (found.length > 1) return { kind: "many", items: found, by }
  }
  return { kind: "none" }
}

/** The kind said in a message: "training job", "notebook", … in the reader's language. */
const kindWord = (kind: LookupKind): Text => msg("domain-lookup-kind", { kind })

/** The call that lists things of a kind, for a hint. */
const listCallOf = (kind: LookupKind): Text => {
  switch (kind) {
    case "notebook":
      return callWord("notebook", { action: "list" })
    case "serving":
      return callWord("inference", { action: "list" })
    case "model":
      return callWord("models", { action: "list" })
    case "sweep":
      return callWord("sweep", { action: "status" })
    default:
      return callWord("jobs")
  }
}

/** Where a lookup looked: the workspaces' names, or how many when there are many. */
export const whereWord = (places: ReadonlyArray<string>): Text =>
  places.length === 1 || (places.length > 0 && places.length <= 3)
    ? msg("domain-lookup-where", { names: places.join(", "), count: places.length })
    : msg("domain-lookup-where-many", { count: places.length })

/** The one failure of a lookup that found nothing: NotFound, naming the kind, where and the list call. */
export const lookupNotFound = (
  kind: LookupKind,
  wanted: string,
  where: Text,
  items: ReadonlyArray<Entity> = [],
): InspireError =>
  new InspireError({
    reason: "NotFound",
    message:
      wholeIdKind(wanted) !== undefined
        ? msg("domain-lookup-no-id", { what: kindWord(kind), wanted, where })
        : msg("domain-lookup-no-name", {
            what: kindWord(kind),
            wanted,
            where,
            near: didYouMean(
              items.map((i) => i.name),
              wanted,
            ),
          }),
    hint: msg("domain-lookup-list-hint", { call: listCallOf(kind), field: fieldWord("workspace") }),
    ...(items.length > 0 ? { candidates: items.slice(0, 20).map((i) => ({ id: i.id, name: i.name })) } : {}),
  })

/** The one failure of a lookup that found several: InvalidInput with every candidate. */
export const lookupAmbiguous = (kind: LookupKind, wanted: string, items: ReadonlyArray<Entity>): InspireError =>
  invalidInput(
    msg("domain-lookup-several", {
      what: kindWord(kind),
      wanted,
      count: items.length,
      names: items
        .slice(0, 5)
        .map((i) => `${i.name} (${i.id})`)
        .join(", "),
    }),
    msg("domain-lookup-several-hint"),
    { candidates: items.map((i) => ({ id: i.id, name: i.name })) },
  )

/** The item a lookup picked, or its failure in the shared shape. */
export const pickOrFail = <A extends Entity>(
  kind: LookupKind,
  items: ReadonlyArray<A>,
  wanted: string,
  where: Text,
): { readonly item: A } | { readonly error: InspireError } => {
  const found = pickEntity(items, wanted)
  if (found.kind === "one") return { item: found.item }
  return {
    error:
      found.kind === "many"
        ? lookupAmbiguous(kind, wanted.trim(), found.items)
        : lookupNotFound(kind, wanted.trim(), where, items),
  }
}
