import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { z } from "zod"
import { Effect } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { untrustedError } from "../../../store/files.js"
import { readTrustedFile, Untrusted, untrustedFolder } from "../../../store/trust.js"
import { issueWord } from "../../../words/issues.js"
import { msg } from "../../../words/message.js"
import { joinText, type Text, text } from "../../../words/text.js"
import { type Recipe, type RecipeBody, RecipeSchema, type RecipeSource } from "./schema.js"

/** A folder recipes are read from, with the rank its recipes have in a name clash. */
export interface RecipeFolder {
  readonly dir: string
  readonly source: RecipeSource
  /** For the store's folder: its top folders, from which every folder down to a recipe must be yours alone. */
  readonly trustRoots?: ReadonlyArray<string>
}

/** The recipes found, and the clashes between names (the later folder's recipe wins). */
export interface RecipeBook {
  readonly recipes: ReadonlyArray<Recipe>
  readonly folders: ReadonlyArray<RecipeFolder>
  readonly clashes: ReadonlyArray<Text>
}

const rank = (source: RecipeSource): Text =>
  source === "shipped"
    ? msg("recipes-rank-shipped")
    : source === "config"
      ? msg("recipes-rank-config")
      : msg("recipes-rank-project")

const hasRecipes = (dir: string): boolean => {
  try {
    return statSync(dir).isDirectory() && readdirSync(dir).some((f) => /\.ya?ml$/.test(f))
  } catch {
    return false
  }
}

const packageName = (dir: string): string | undefined => {
  try {
    return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string }).name
  } catch {
    return undefined
  }
}

/**
 * The recipes shipped with core (`packages/core/recipes/`, in the npm package's files): next to a bundle
 * (`dist/recipes/`, copied there by the CLI's bundle script), else found walking up from this module to
 * core's package or to a `node_modules/@holos-inspire/core` on the way.
 */
export const shippedRecipeDir = (): string | undefined => {
  let here: string
  try {
    here = dirname(fileURLToPath(import.meta.url))
  } catch {
    return undefined
  }
  if (hasRecipes(join(here, "recipes"))) return join(here, "recipes")
  for (let dir = here; dirname(dir) !== dir; dir = dirname(dir)) {
    if (packageName(dir) === "@holos-inspire/core" && hasRecipes(join(dir, "recipes"))) return join(dir, "recipes")
    const installed = join(dir, "node_modules", "@holos-inspire", "core", "recipes")
    if (hasRecipes(installed)) return installed
  }
  return undefined
}

/** Where recipes are read from, lowest precedence first: shipped, the config folder's, `./recipes/`. */
export const recipeFolders = (
  configDir: string,
  workingDir: string | undefined,
  trustRoots: ReadonlyArray<string> = [],
): ReadonlyArray<RecipeFolder> => {
  const shipped = shippedRecipeDir()
  return [
    ...(shipped !== undefined ? [{ dir: shipped, source: "shipped" as const }] : []),
    { dir: join(configDir, "recipes"), source: "config" as const, trustRoots },
    ...(workingDir !== undefined ? [{ dir: join(workingDir, "recipes"), source: "project" as const }] : []),
  ]
}

type YamlModule = typeof import("yaml")

// A dotted path as people read it: model.version, args[2].
const fieldPath = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (out, k) => (typeof k === "number" ? `${out}[${k}]` : out === "" ? String(k) : `${out}.${String(k)}`),
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
  if (issue.code === "unrecognized_keys")
    return msg("recipes-unknown-keys", { count: issue.keys.length, keys: issue.keys.join(", ") })
  return issueWord(issue)
}

/** Parses and validates one recipe's text; the error names the file, line and field. */
export const parseRecipe = (content: string, file: string, source: RecipeSource): Effect.Effect<Recipe, InspireError> =>
  Effect.gen(function* () {
    const yaml = yield* Effect.promise(() => import("yaml"))
    const counter = new yaml.LineCounter()
    const doc = yaml.parseDocument(content, { lineCounter: counter, prettyErrors: false, uniqueKeys: true })
    const [syntax] = doc.errors
    if (syntax !== undefined) {
      const line = syntax.linePos?.[0]?.line ?? 1
      return yield* Effect.fail(
        invalidInput(
          msg("recipes-bad-yaml", { file, line, error: syntax.message.split("\n")[0] ?? "" }),
          msg("recipes-bad-yaml-fix"),
        ),
      )
    }
    const parsed = RecipeSchema.safeParse(doc.toJS() ?? {})
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => {
        const where = fieldPath(i.path)
        // An unknown key is found at its own line.
        const at = i.code === "unrecognized_keys" ? [...i.path, i.keys[0] ?? ""] : i.path
        return text`${file}:${lineOf(yaml, doc, counter, at)}: ${where === "" ? "" : `${where}: `}${issueLine(i)}`
      })
      return yield* Effect.fail(
        invalidInput(
          msg("recipes-invalid", { file: basename(file), issues: joinText(issues, "\n") }),
          msg("recipes-invalid-fix"),
        ),
      )
    }
    const body: RecipeBody = parsed.data
    return { ...body, name: body.name ?? basename(file).replace(/\.ya?ml$/, ""), file, source }
  })

// A recipe of the store's folder becomes a command run under your account: read it only when it and its
// folders are yours alone, as every store file (docs/CONFIGURATION.md, "Files it trusts").
const readRecipeFile = (file: string, folder: RecipeFolder): string => {
  if (folder.trustRoots === undefined) return readFileSync(file, "utf8")
  const folderIssue = untrustedFolder(file, folder.trustRoots)
  if (folderIssue !== undefined) throw folderIssue
  return (readTrustedFile(file) ?? Buffer.alloc(0)).toString("utf8")
}

const filesIn = (dir: string): ReadonlyArray<string> => {
  if (!existsSync(dir)) return []
  try {
    return readdirSync(dir)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort()
      .map((f) => join(dir, f))
  } catch {
    return []
  }
}

/**
 * Reads every recipe of the folders; an invalid one fails the read with its file, line and field. A name
 * defined twice is kept once: the recipe of the folder with the higher precedence (or, in one folder,
 * the file first in name order), and the clash is reported.
 */
export const readRecipes = (folders: ReadonlyArray<RecipeFolder>): Effect.Effect<RecipeBook, InspireError> =>
  Effect.gen(function* () {
    const byName = new Map<string, Recipe>()
    const clashes: Text[] = []
    for (const folder of folders) {
      for (const file of filesIn(folder.dir)) {
        const content = yield* Effect.try({
          try: () => readRecipeFile(file, folder),
          catch: (e) =>
            e instanceof Untrusted
              ? untrustedError(e)
              : invalidInput(msg("recipes-unreadable", { file }), msg("recipes-unreadable-fix")),
        })
        const recipe = yield* parseRecipe(content, file, folder.source)
        const before = byName.get(recipe.name)
        if (before === undefined) {
          byName.set(recipe.name, recipe)
          continue
        }
        const laterWins = before.source !== recipe.source
        clashes.push(
          laterWins
            ? msg("recipes-clash-later", {
                recipe: recipe.name,
                first: before.file,
                second: recipe.file,
                winner: rank(recipe.source),
                loser: rank(before.source),
              })
            : msg("recipes-clash-first", { recipe: recipe.name, first: before.file, second: recipe.file }),
        )
        if (laterWins) byName.set(recipe.name, recipe)
      }
    }
    return { recipes: [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)), folders, clashes }
  })
