export { cliCall, type Dialect, isPlaceholder, shellWord, wordIn } from "./dialect.js"
export { renderDeep, renderError, renderWords } from "./render.js"
export {
  type CallInput,
  type CallRef,
  type ConfirmRef,
  callWord,
  confirmWord,
  type DryRunRef,
  dryRunWord,
  type FieldRef,
  fieldWord,
  hasWords,
  parseWords,
  type WordPart,
  type WordRef,
} from "./token.js"
