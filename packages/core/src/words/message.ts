// Messages as data, in two languages. Every sentence core says to a person has an id in the catalogue
// (locales/<language>/*.ftl, Fluent syntax: https://projectfluent.org) and is written with `msg(id, args)`,
// a `Text` (text.ts) that each frontend words in its reader's language where it shows it (render.ts).
// Fluent, rather than a hand-made table: plural and select rules per language (Chinese has no plural),
// a translator may rebuild a sentence freely around its values, and the library has no dependencies.
import { FluentBundle, FluentNumber, FluentResource, type FluentVariable } from "@fluent/bundle"
import { CATALOGUE } from "./locales.generated.js"
import { type MessageArgs, messageText, type Text } from "./text.js"

export type { MessageArgs }

/** The languages messages are written in; English is the fallback for anything missing in another. */
export const LANGUAGES = ["en", "zh-CN"] as const
export type Language = (typeof LANGUAGES)[number]

/** Files of one language: their .ftl texts by file name. */
export type CatalogueFiles = Readonly<Record<string, string>>

/**
 * One package's catalogue (scripts/locales.mjs writes it): its English, and a loader for each other
 * language, read only when a reader first needs it (`loadLanguage`).
 */
export interface Catalogue {
  readonly en: CatalogueFiles
  readonly load: Readonly<Record<string, () => Promise<CatalogueFiles>>>
}

const catalogues: Catalogue[] = [CATALOGUE]
// The files of each language other than English, per catalogue, once loaded.
const loaded = new Map<Catalogue, Map<Language, CatalogueFiles>>()
const bundles = new Map<Language, Messages>()

/** Adds a frontend's own messages (the CLI's) to core's, in every language; ids must not collide. */
export const addMessages = (catalogue: Catalogue): void => {
  if (catalogues.includes(catalogue)) return
  catalogues.push(catalogue)
  bundles.clear()
}

/** Every catalogue in use, core's first: the completeness test reads them. */
export const messageCatalogues = (): ReadonlyArray<Catalogue> => catalogues

const filesOf = (catalogue: Catalogue, lang: Language): CatalogueFiles | undefined =>
  lang === "en" ? catalogue.en : loaded.get(catalogue)?.get(lang)

/** Whether every catalogue's `lang` is at hand (English always is). */
export const languageLoaded = (lang: Language): boolean =>
  catalogues.every((c) => filesOf(c, lang) !== undefined || c.load[lang] === undefined)

/**
 * Reads the messages of `lang` (a frontend does, once it knows its reader's language); until then a
 * message in that language falls back to English. English needs no loading.
 */
export const loadLanguage = async (lang: Language): Promise<void> => {
  for (const catalogue of catalogues) {
    const load = catalogue.load[lang]
    if (lang === "en" || load === undefined || filesOf(catalogue, lang) !== undefined) continue
    const files = await load()
    const known = loaded.get(catalogue) ?? new Map<Language, CatalogueFiles>()
    known.set(lang, files)
    loaded.set(catalogue, known)
    bundles.delete(lang)
  }
}

// A language's messages, parsed a file at a time on first use: parsing all the .ftl text (~180 KB in
// English) costs ~10 ms and a few MB, where a call says messages of a few files. Each file is found by
// the ids it defines (a scan of its lines, far cheaper than parsing it), and brings the files of the
// messages and terms it refers to, so a message is never formatted without what it uses.
interface Messages {
  readonly bundle: FluentBundle
  // Where each id (message or `-term`) is defined, and which of those files the bundle holds.
  readonly home: Map<string, { readonly file: string; readonly text: string }>
  readonly added: Set<string>
}

const DEFINES = /^(-?[A-Za-z][\w-]*)[ \t]*=/gm
const REFERS = /\{\s*(-?[A-Za-z][\w-]*)/g

const messagesOf = (lang: Language): Messages => {
  const known = bundles.get(lang)
  if (known !== undefined) return known
  // No isolation marks around values: they would reach terminals and JSON as invisible characters.
  const bundle = new FluentBundle(lang, { useIsolating: false })
  bundle._intls.set(Intl.PluralRules, { [JSON.stringify(PLAIN)]: pluralRules(lang) })
  const home = new Map<string, { readonly file: string; readonly text: string }>()
  catalogues.forEach((catalogue, n) => {
    for (const [name, text] of Object.entries(filesOf(catalogue, lang) ?? {})) {
      const file = `${n}/${name}`
      for (const [, id] of text.matchAll(DEFINES)) if (id !== undefined && !home.has(id)) home.set(id, { file, text })
    }
  })
  const messages = { bundle, home, added: new Set<string>() }
  bundles.set(lang, messages)
  return messages
}

// The bundle of `lang` holding `id`'s file and every file it refers to.
const bundleOf = (lang: Language, id: string): FluentBundle => {
  const messages = messagesOf(lang)
  const want = [id]
  for (let next = want.pop(); next !== undefined; next = want.pop()) {
    const place = messages.home.get(next)
    if (place === undefined || messages.added.has(place.file)) continue
    messages.added.add(place.file)
    const [error] = messages.bundle.addResource(new FluentResource(place.text))
    if (error !== undefined) throw new Error(`locales/${lang}/${place.file.replace(/^\d+\//, "")}: ${error.message}`)
    for (const [, ref] of place.text.matchAll(REFERS)) if (ref !== undefined) want.push(ref)
  }
  return messages.bundle
}

// In tests a message without its catalogue entry or its values is an error, not a quiet fallback.
const strict = (): boolean => process.env.INSPIRE_MESSAGES_STRICT === "1"

// Numbers are said as the code wrote them (no grouping: ids, byte counts and years stay as they are) and
// stay numbers for a message's plural variants, whose categories come from PLURAL (CLDR's cardinal rules
// for the two languages) through the bundle's cache of Intl objects. Neither starts ICU's number
// formatting, which costs about 8 MB of resident memory on first use: a log download says a number with
// every progress report, and most commands say one.
const PLAIN: Intl.NumberFormatOptions = {}

const PLURAL: Readonly<
  Record<Language, { readonly categories: Intl.LDMLPluralRule[]; readonly select: (n: number) => Intl.LDMLPluralRule }>
> = {
  // one: i = 1 and v = 0, read on the number as it is said (String(n)): "1" and "-1", not "1.5" or "1.0001".
  en: { categories: ["one", "other"], select: (n) => (Math.abs(n) === 1 ? "one" : "other") },
  "zh-CN": { categories: ["other"], select: () => "other" },
}

// What Fluent asks of Intl.PluralRules: the category of a number.
const pluralRules = (lang: Language): Intl.PluralRules => ({
  select: PLURAL[lang].select,
  resolvedOptions: () => ({
    locale: lang,
    type: "cardinal",
    pluralCategories: PLURAL[lang].categories,
    minimumIntegerDigits: 1,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }),
})

class PlainNumber extends FluentNumber {
  override toString(): string {
    return String(this.value)
  }
}

/** A message's values once worded: plain strings and numbers. */
export type WordedArgs = Readonly<Record<string, string | number>>

const fluentArgs = (args: WordedArgs): Record<string, FluentVariable> =>
  Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === "number" ? new PlainNumber(v, PLAIN) : v]))

/** Whether the catalogue has a message in `lang` itself (not by falling back to English). */
export const hasMessage = (lang: Language, id: string): boolean => bundleOf(lang, id).getMessage(id)?.value != null

/**
 * A translation of an English text kept outside the catalogue (a help text of an operation's definition):
 * the message `id` of `lang` says it, and its attribute `.en` records the English it was made from. The
 * translation with `args`, and that English with the same values, so the caller can tell a current
 * translation from a stale one; undefined where `lang` has none.
 */
export const translationOf = (
  lang: Language,
  id: string,
  args: WordedArgs,
): { readonly text: string; readonly english: string | undefined } | undefined => {
  const bundle = bundleOf(lang, id)
  const message = bundle.getMessage(id)
  if (message?.value == null) return undefined
  const values = fluentArgs(args)
  const recorded = message.attributes.en
  return {
    text: bundle.formatPattern(message.value, values),
    english: recorded === undefined ? undefined : bundle.formatPattern(recorded, values),
  }
}

/** A message's text in `lang` (English where `lang` lacks it); values are used as given. */
export const formatMessage = (lang: Language, id: string, args: WordedArgs = {}): string => {
  if (strict() && !languageLoaded(lang))
    throw new Error(`message ${id}: the ${lang} messages are not loaded (loadLanguage)`)
  for (const l of lang === "en" ? (["en"] as const) : ([lang, "en"] as const)) {
    const bundle = bundleOf(l, id)
    const pattern = bundle.getMessage(id)?.value
    if (pattern == null) continue
    const errors: Error[] = []
    const text = bundle.formatPattern(pattern, fluentArgs(args), errors)
    if (errors.length > 0 && strict()) throw new Error(`message ${id} (${l}): ${errors[0]?.message}`)
    return text
  }
  if (strict()) throw new Error(`message ${id} is in no catalogue (locales/en/*.ftl)`)
  return id
}

/**
 * A message of the catalogue with its values, as a `Text` each frontend words in its reader's language.
 * In tests (INSPIRE_MESSAGES_STRICT=1) an id that no catalogue has is an error at once.
 */
export const msg = (id: string, args: MessageArgs = {}): Text => {
  if (strict() && bundleOf("en", id).getMessage(id)?.value == null)
    throw new Error(`message ${id} is in no catalogue (locales/en/*.ftl)`)
  return messageText(id, args)
}

/**
 * The language a setting or locale names: `zh-CN`, `zh_CN.UTF-8`, `zh`, `zh-Hans` are Chinese; `en…`,
 * `C` and `POSIX` English; anything else (or nothing) undefined.
 */
export const languageOf = (raw: string | undefined): Language | undefined => {
  const text = raw?.trim().toLowerCase() ?? ""
  if (text === "") return undefined
  if (/^zh([-_](cn|sg|hans)([-_.@].*)?)?([.@].*)?$/.test(text)) return "zh-CN"
  if (/^(en([-_.@].*)?|c|posix|c\.utf-?8)$/.test(text)) return "en"
  return undefined
}

/**
 * The reader's language: INSPIRE_LANG, then the profile's `lang` setting, then (for a terminal's user,
 * `locale: true`) LC_ALL, LC_MESSAGES and LANG as POSIX orders them; English when none names one we speak.
 * An INSPIRE_LANG naming a language we do not speak (`fr`, `zh-TW`) is English, not the next in line.
 */
export const pickLanguage = (input: {
  readonly env: NodeJS.ProcessEnv
  readonly configured?: string | undefined
  readonly locale: boolean
}): Language => {
  if ((input.env.INSPIRE_LANG ?? "").trim() !== "") return languageOf(input.env.INSPIRE_LANG) ?? "en"
  const explicit = languageOf(input.configured)
  if (explicit !== undefined || !input.locale) return explicit ?? "en"
  // The first locale variable set decides, even when it names a language we do not speak.
  const set = [input.env.LC_ALL, input.env.LC_MESSAGES, input.env.LANG].find((v) => (v ?? "").trim() !== "")
  return languageOf(set) ?? "en"
}
