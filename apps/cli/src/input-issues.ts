// How the CLI words what is wrong with a command's input (a flag's value against the operation's schema).
// Each issue is worded by core (words/issues.ts, the same wording as sweep files and recipes): in English
// zod's own text, as it always was; a refinement's message as core wrote it, its calls and fields as flags.
import { issueWord, type safeParseInput, type ZodIssue } from "@holos-inspire/core/internal"
import { msg, speak } from "./language.js"

/** One issue of a failed strict parse of an operation's input. */
export type InputIssue = Extract<ReturnType<typeof safeParseInput>, { success: false }>["error"]["issues"][number]

/** What is wrong, in the CLI's language, without the flag it is about (core words it: `issueWord`). */
const issueText = (issue: InputIssue): string => speak(issueWord(issue as ZodIssue))

/**
 * The issues of a failed parse as one usage-error message, each named by the flag it is about
 * (`flagOf` maps an input field to its flag): `--limit: Too small: …; --name: …`.
 */
export const issuesText = (issues: ReadonlyArray<InputIssue>, flagOf: (field: string) => string): string =>
  issues
    .map((i) => {
      const head = i.path[0]
      const where = typeof head === "string" ? flagOf(head) : msg("cli-input-whole")
      return msg("cli-input-issue", { flag: where, problem: issueText(i) })
    })
    .reduce((all, one) => (all === "" ? one : msg("cli-input-and", { first: all, rest: one })), "") ||
  msg("cli-input-invalid")
