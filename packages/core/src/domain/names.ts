import { msg } from "../words/message.js"
import { type Text, text } from "../words/text.js"

/** A name as matching compares it: without spaces, lower case. */
export const fold = (s: string): string => s.replace(/\s+/g, "").toLowerCase()

/** What looking a name up found: one item, several (and by which rule), or none. */
export type NameMatch<A> =
  | { readonly kind: "one"; readonly item: A }
  | { readonly kind: "many"; readonly items: ReadonlyArray<A>; readonly by: "name" | "prefix" | "substring" }
  | { readonly kind: "none" }

/**
 * The one rule every name lookup follows (workspaces, compute groups, projects, specs): the exact name,
 * else the same name once spaces and case are ignored, else `extra` (an alias), else a unique prefix,
 * else a unique substring. The first rule that matches anything decides.
 */
export const matchName = <A>(
  items: ReadonlyArray<A>,
  nameOf: (item: A) => string,
  wanted: string,
  extra?: (item: A) => boolean,
): NameMatch<A> => {
  const key = fold(wanted)
  const named = items.filter((i) => nameOf(i) !== "")
  const tiers: ReadonlyArray<readonly ["name" | "prefix" | "substring", ReadonlyArray<A>]> = [
    ["name", named.filter((i) => nameOf(i) === wanted)],
    ["name", named.filter((i) => fold(nameOf(i)) === key)],
    ["name", extra === undefined ? [] : items.filter(extra)],
    ["prefix", key === "" ? [] : named.filter((i) => fold(nameOf(i)).startsWith(key))],
    ["substring", key === "" ? [] : named.filter((i) => fold(nameOf(i)).includes(key))],
  ]
  for (const [by, found] of tiers) {
    const [first] = found
    if (found.length === 1 && first !== undefined) return { kind: "one", item: first }
    if (found.length > 1) return { kind: "many", items: found, by }
  }
  return { kind: "none" }
}

const distance = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): number => {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = row
  }
  return prev[b.length] ?? 0
}

/** The names closest to a mistyped one (at most `count`, nearest first); none when nothing is near. */
export const closestNames = (names: ReadonlyArray<string>, wanted: string, count = 3): ReadonlyArray<string> => {
  const key = [...fold(wanted)]
  if (key.length === 0) return []
  return [...new Set(names)]
    .map((name) => {
      const other = [...fold(name)]
      return { name, d: distance(key, other), limit: Math.max(1, Math.ceil(Math.max(key.length, other.length) / 2)) }
    })
    .filter((c) => c.name !== "" && c.d <= c.limit)
    .sort((a, b) => a.d - b.d)
    .slice(0, count)
    .map((c) => c.name)
}

/** ` did you mean "a", "b"?` (after a space), or nothing when no name is near. */
export const didYouMean = (names: ReadonlyArray<string>, wanted: string): Text => {
  const near = closestNames(names, wanted)
  return near.length === 0
    ? text``
    : text` ${msg("domain-did-you-mean", { names: near.map((n) => `"${n}"`).join(", ") })}`
}
