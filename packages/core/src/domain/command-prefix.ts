import { Either } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import { callWord } from "../words/token.js"

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
          `The command uses {${key}} but no ${key === "en_name" ? "project en_name" : "username"} is known.`,
          key === "en_name"
            ? `Pass a project (or set defaultProject) so its en_name can be filled in; ${callWord("status")} lists projects.`
            : `Log in first (${callWord("login")}) so the username is known.`,
        ),
      )
    if (!SAFE_VALUE.test(value))
      return Either.left(
        invalidInput(
          `The ${key} "${value}" cannot be placed in a shell command safely.`,
          "Write the path out in full instead of using the placeholder.",
        ),
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
