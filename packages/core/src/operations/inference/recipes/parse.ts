import { basename } from "node:path"
import type { z } from "zod"
import { Effect } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { issueWord } from "../../../words/issues.js"
import { msg } from "../../../words/message.js"
import { joinText, type Text, text } from "../../../words/text.js"
import { type Recipe, type RecipeBody, RecipeSchema, type RecipeSource } from "./schema.js"

type YamlModule = typeof import("yaml")

// What of the file a message may quote: a key of a mapping, cut short, and only a few of them. The file
// may not be a recipe at all (a link to a secret), so nothing longer is echoed.
const KEY_CHARS = 24
const KEYS_SHOWN = 3
const cut = (s: string): string => (s.length > KEY_CHARS ? `${s.slice(0, KEY_CHARS)}…` : s)

// A dotted path as people read it: model.version, args[2].
const fieldPath = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (out, k) => (typeof k === "number" ? `${out}[${k}]` : out === "" ? cut(String(k)) : `${out}.${cut(String(k))}`),
    "",
  )

/** The line of the node at `path`, or of its nearest parent that exists. */
const lineOf = (
  yaml: YamlModule,
  doc: import("yaml").Document,
  counter: import("yaml").LineCounter,
  path: ReadonlyArray<PropertyKey>,
) => {
  // The line of the key that names the field (`model:`), else of the value (a list item); a missing key
  // is reported at its nearest parent.
  for (let n = path.length; n >= 1; n--) {
    const parent = n === 1 ? doc.contents : doc.getIn(path.slice(0, n - 1) as unknown[], true)
    const last = path[n - 1]
    if (yaml.isMap(parent)) {
      const pair = parent.items.find((p) => yaml.isScalar(p.key) && p.key.value === last)
      const range = yaml.isNode(pair?.key) ? pair.key.range : undefined
      if (range) return counter.linePos(range[0]).line
    } else if (yaml.isSeq(parent) && typeof last === "number") {
      const item = parent.items[last]
      if (yaml.isNode(item) && item.range) return counter.linePos(item.range[0]).line
    }
  }
  return 1
}

const issueLine = (issue: z.core.$ZodIssue): Text => {
  if (issue.code !== "unrecognized_keys") return issueWord(issue)
  const shown = issue.keys.slice(0, KEYS_SHOWN).map(cut).join(", ")
  const more = issue.keys.length - KEYS_SHOWN
  return msg("recipes-unknown-keys", {
    count: issue.keys.length,
    keys: more > 0 ? msg("recipes-keys-more", { keys: shown, more }) : shown,
  })
}

/** Why a recipe file was not taken: the error, and the same on one line for a warning. */
export interface RecipeProblem {
  readonly error: InspireError
  readonly line: Text
}

/**
 * Parses and validates one recipe's text: the recipe, or the problem naming the file, line and field.
 * Nothing of a file that is not a YAML mapping is quoted; of a mapping, only a few keys, cut short.
 */
export const checkRecipe = (
  content: string,
  file: string,
  source: RecipeSource,
): Effect.Effect<{ readonly recipe: Recipe } | { readonly problem: RecipeProblem }> =>
  Effect.gen(function* () {
    const yaml = yield* Effect.promise(() => import("yaml"))
    const counter = new yaml.LineCounter()
    const doc = yaml.parseDocument(content, { lineCounter: counter, prettyErrors: false, uniqueKeys: true })
    const [syntax] = doc.errors
    if (syntax !== undefined) {
      const line = syntax.linePos?.[0]?.line ?? 1
      // yaml's own words, without the piece of the file some of its messages end with.
      const error = (syntax.message.split("\n")[0] ?? "").split(": ")[0]?.slice(0, 100) ?? ""
      const message = msg("recipes-bad-yaml", { file, line, error })
      return { problem: { error: invalidInput(message, msg("recipes-bad-yaml-fix")), line: message } }
    }
    if (!yaml.isMap(doc.contents)) {
      const message = msg("recipes-not-mapping", { file })
      return { problem: { error: invalidInput(message, msg("recipes-bad-yaml-fix")), line: message } }
    }
    const parsed = RecipeSchema.safeParse(doc.toJS() ?? {})
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => {
        const where = fieldPath(i.path)
        // An unknown key is found at its own line.
        const at = i.code === "unrecognized_keys" ? [...i.path, i.keys[0] ?? ""] : i.path
        return text`${file}:${lineOf(yaml, doc, counter, at)}: ${where === "" ? "" : `${where}: `}${issueLine(i)}`
      })
      const error = invalidInput(
        msg("recipes-invalid", { file: basename(file), issues: joinText(issues, "\n") }),
        msg("recipes-invalid-fix"),
      )
      const line =
        issues.length > 1
          ? msg("recipes-more-problems", { first: issues[0] ?? "", more: issues.length - 1 })
          : (issues[0] ?? error.text)
      return { problem: { error, line } }
    }
    const body: RecipeBody = parsed.data
    return { recipe: { ...body, name: body.name ?? basename(file).replace(/\.ya?ml$/, ""), file, source } }
  })

/** Parses and validates one recipe's text; the error names the file, line and field. */
export const parseRecipe = (content: string, file: string, source: RecipeSource): Effect.Effect<Recipe, InspireError> =>
  Effect.flatMap(checkRecipe(content, file, source), (r) =>
    "recipe" in r ? Effect.succeed(r.recipe) : Effect.fail(r.problem.error),
  )
