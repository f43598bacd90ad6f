import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect } from "../../../effect.js"
import type { InspireError } from "../../../errors.js"
import { untrustedError } from "../../../store/files.js"
import { ownedIssue, readRegularFile, refusedFileError } from "../../../store/regular-file.js"
import { type Untrusted, untrustedFolder } from "../../../store/trust.js"
import { msg } from "../../../words/message.js"
import { type Text, text } from "../../../words/text.js"
import { checkRecipe } from "./parse.js"
import type { Recipe, RecipeSource } from "./schema.js"

/** A folder recipes are read from, with the rank its recipes have in a name clash. */
export interface RecipeFolder {
  readonly dir: string
  readonly source: RecipeSource
  /** For the store's folder: its top folders, from which every folder down to a recipe must be yours alone. */
  readonly trustRoots?: ReadonlyArray<string>
}

/** A recipe file that was not taken: the recipe its file name stands for, and why. */
export interface SkippedRecipe {
  readonly name: string
  readonly file: string
  readonly source: RecipeSource
  readonly error: InspireError
}

/** The recipes found, the clashes between names (the later folder's recipe wins), and the files skipped. */
export interface RecipeBook {
  readonly recipes: ReadonlyArray<Recipe>
  readonly folders: ReadonlyArray<RecipeFolder>
  readonly clashes: ReadonlyArray<Text>
  /** One line for each file (or folder) skipped, naming it and why. */
  readonly warnings: ReadonlyArray<Text>
  readonly skipped: ReadonlyArray<SkippedRecipe>
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

// A recipe becomes a command run under your account: one of the config folder or of ./recipes/ is read
// only when that folder (for the config folder, every folder from the store's top folder down) and the
// file are yours (or root's) and nobody else can write them (docs/CONFIGURATION.md, "Files it trusts").
const folderIssue = (folder: RecipeFolder): Untrusted | undefined => {
  if (folder.source === "shipped") return undefined
  if (folder.source === "config") return untrustedFolder(join(folder.dir, "recipe.yaml"), folder.trustRoots ?? [])
  try {
    return ownedIssue(folder.dir, statSync(folder.dir), "folder")
  } catch {
    return undefined
  }
}

const nameOf = (file: string): string => basename(file).replace(/\.ya?ml$/, "")

/**
 * Reads every recipe of the folders. A file that cannot be taken (another user's or writable by others,
 * not a regular file, too large, invalid) is skipped with a warning naming it and why, and kept in
 * `skipped` for when that very recipe is asked for. A name defined twice is kept once: the recipe of the
 * folder with the higher precedence (or, in one folder, the file first in name order), and the clash is
 * reported.
 */
export const readRecipes = (folders: ReadonlyArray<RecipeFolder>): Effect.Effect<RecipeBook> =>
  Effect.gen(function* () {
    const byName = new Map<string, Recipe>()
    const clashes: Text[] = []
    const warnings: Text[] = []
    const skipped: SkippedRecipe[] = []
    for (const folder of folders) {
      const files = filesIn(folder.dir)
      if (files.length === 0) continue
      const untrusted = folderIssue(folder)
      if (untrusted !== undefined) {
        const error = untrustedError(untrusted)
        warnings.push(msg("recipes-folder-skipped", { dir: folder.dir, why: text`${error.text} ${error.hint}` }))
        skipped.push(...files.map((file) => ({ name: nameOf(file), file, source: folder.source, error })))
        continue
      }
      for (const file of files) {
        const skip = (error: InspireError, why: Text) => {
          warnings.push(msg("recipes-skipped", { file, why }))
          skipped.push({ name: nameOf(file), file, source: folder.source, error })
        }
        const read = readRegularFile(file, { within: folder.dir, trusted: folder.source !== "shipped" })
        if ("refused" in read) {
          const error = refusedFileError(file, read.refused)
          skip(error, text`${error.text} ${error.hint}`)
          continue
        }
        const checked = yield* checkRecipe(read.content, file, folder.source)
        if ("problem" in checked) {
          skip(checked.problem.error, checked.problem.line)
          continue
        }
        const recipe = checked.recipe
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
    const recipes = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name))
    return { recipes, folders, clashes, warnings, skipped }
  })

// A clash is a message whose `recipe` value names the recipe defined twice.
const clashOf = (clash: Text, name: string): boolean =>
  clash.parts.some((p) => typeof p !== "string" && p.kind === "msg" && p.args.recipe === name)

/** The clashes over one recipe's name: which file was used instead of which. */
export const clashesOf = (book: RecipeBook, name: string): ReadonlyArray<Text> =>
  book.clashes.filter((c) => clashOf(c, name))
