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
