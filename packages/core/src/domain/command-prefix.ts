import { Either } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord } from "../words/text.js"

/** The placeholders a commandPrefix or command may use, filled from the project and the account. */
export interface PrefixVariables {
  /** The project's `en_name`, the storage path segment under /inspire/hdd/project/. */
  readonly en_name?: string
  /** The platform login name, the segment under /inspire/hdd/global_user/. */
  readonly username?: string
}

const PLACEHOLDER = /(?<!\$)\{(en_name|username)\}/g

// Values go into a shell command, so only characters that need no quoting are substituted.
const SAFE_VALUE = /^[A-Za-z0-9._-]+$/

/** Replaces `{en_name}` and `{username}` (but not shell `${…}`); a placeholder without a value is an error. */
export const substitutePlaceholders = (text: string, vars: PrefixVariables): Either.Either<string, InspireError> => {
  for (const match of text.matchAll(PLACEHOLDER)) {
    const key = match[1] as keyof PrefixVariables
    const value = vars[key]
    if (value === undefined || value === "")
      return Either.left(
        invalidInput(
          msg("domain-placeholder-unknown", { key }),
          key === "en_name"
            ? msg("domain-placeholder-en-name-hint", { call: callWord("status") })
            : msg("domain-placeholder-username-hint", { call: callWord("login") }),
        ),
      )
    if (!SAFE_VALUE.test(value))
      return Either.left(
        invalidInput(msg("domain-placeholder-unsafe", { key, value }), msg("domain-placeholder-unsafe-hint")),
      )
  }
  return Either.right(text.replace(PLACEHOLDER, (_, key: keyof PrefixVariables) => vars[key] ?? ""))
}

/**
 * Builds the command the platform runs: the commandPrefix, then `&&`, then the command, with the
 * placeholders filled in. A command that already starts with the prefix is not prefixed twice.
 */
export const composeCommand = (input: {
  readonly command: string
  readonly prefix?: string
  readonly vars: PrefixVariables
}): Either.Either<string, InspireError> => {
  const command = input.command.trim()
  const prefix = (input.prefix ?? "").trim().replace(/\s*(&&|;)\s*$/, "")
  const joined = prefix === "" || command.startsWith(prefix) ? command : `${prefix} && ${command}`
  return substitutePlaceholders(joined, input.vars)
}
