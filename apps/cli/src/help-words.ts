// Help in the CLI's language. The catalogue's texts (command summaries, flag descriptions) stay English
// in the operations' definitions, where models read them; help says them through core's help messages
// (packages/core/locales/<language>/help.ftl), their calls and fields worded as CLI flags; a text not
// translated yet, or translated from an older English, is said in English. The words of
// help's own layout (headings, the choices of a flag) are the CLI's (locales/<language>/help.ftl).
// In English every text is exactly the catalogue's, worded for the CLI, as before there were messages.

import type { Text } from "@holos-inspire/core"
import { helpMessage, renderWords } from "@holos-inspire/core/internal"
import type { Help, Option } from "commander"
import { language, msg, speak } from "./language.js"

/** A help text of the catalogue (`source`, English with words), said in the CLI's language. */
export const catalogueHelp = (key: string, source: Text | string): string =>
  language() === "en" ? renderWords(source, "cli") : speak(helpMessage(key, source, language()))

// A flag's description may say what it is for in each action of its tool ("For create and recipe: …
// For health: …", in Chinese "用于 create 和 recipe：…"), as MCP shows one tool with many actions. A CLI
// command is one action: its help says what comes before any such part, then the parts for its action.
const SCOPE =
  /(?:^|(?<=[.。] ?))(?:For ([a-z_]+(?:(?:,? and |, )[a-z_]+)*):|用于 ([a-z_]+(?:(?: 和 |、)[a-z_]+)*)：) */g
const NAMES = /,? and |, | 和 |、/

/** `said` (a flag's description, worded) as the command of `action` shows it (see SCOPE). */
export const helpForAction = (said: string, action: string | undefined): string => {
  const heads = action === undefined ? [] : [...said.matchAll(SCOPE)]
  const first = heads[0]
  if (first === undefined) return said
  const parts = heads.map((head, i) => {
    const next = heads[i + 1]
    const body = said.slice(head.index + head[0].length, next?.index ?? said.length).trim()
    // A part ends where the next begins, its full stop with it.
    return {
      names: (head[1] ?? head[2] ?? "").split(NAMES),
      body: next === undefined ? body : body.replace(/[.。]$/, ""),
    }
  })
  // A flag the command takes though no part names its action: it means there what the parts say.
  const own = parts.some((p) => p.names.includes(action ?? ""))
    ? parts.filter((p) => p.names.includes(action ?? ""))
    : parts
  const shown = [said.slice(0, first.index).trim(), ...own.map((p) => p.body)].filter((part) => part !== "")
  return shown.join(/[\u4e00-\u9fff]/.test(said) ? "" : " ")
}

// Commander's own headings; any other title (a help group of ours) is already in the CLI's language.
const TITLES: Readonly<Record<string, () => string>> = {
  "Usage:": () => msg("cli-help-usage"),
  "Options:": () => msg("cli-help-options"),
  "Commands:": () => msg("cli-help-commands"),
  "Arguments:": () => msg("cli-help-arguments"),
  "Global Options:": () => msg("cli-help-global-options"),
}

/** A heading of help (`Usage:`, `Options:`…) in the CLI's language. */
export const helpTitle = (title: string): string => (language() === "en" ? title : (TITLES[title]?.() ?? title))

// The descriptions commander gives the flags it adds itself.
const BUILT_IN: Readonly<Record<string, () => string>> = {
  "display help for command": () => msg("cli-help-option-help"),
  "output the version number": () => msg("cli-help-option-version"),
}

/**
 * A flag's description in help: commander's (with its choices) in English; in another language the
 * description with the choices in that language's words.
 */
export const optionHelp = (helper: Help, option: Option, english: (option: Option) => string): string => {
  if (language() === "en") return english.call(helper, option)
  const description = BUILT_IN[option.description]?.() ?? option.description
  const extra: string[] = []
  if (option.argChoices !== undefined)
    extra.push(msg("cli-help-choices", { values: option.argChoices.map((c) => JSON.stringify(c)).join(", ") }))
  // As commander shows a default: for a flag that takes a value.
  if (option.defaultValue !== undefined && (option.required || option.optional))
    extra.push(
      msg("cli-help-default", { value: option.defaultValueDescription ?? JSON.stringify(option.defaultValue) }),
    )
  return extra.length === 0
    ? description
    : msg("cli-help-extra", { description, extra: extra.join(msg("cli-help-extra-separator")) })
}
