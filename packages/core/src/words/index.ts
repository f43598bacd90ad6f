export { cliCall, type Dialect, isPlaceholder, shellWord, wordIn } from "./dialect.js"
export { CurrentLanguage } from "./language.js"
export {
  addMessages,
  type Catalogue,
  type CatalogueFiles,
  formatMessage,
  hasMessage,
  LANGUAGES,
  type Language,
  languageLoaded,
  languageOf,
  loadLanguage,
  type MessageArgs,
  messageCatalogues,
  msg,
  pickLanguage,
  speakIn,
  speakNow,
  speakText,
} from "./message.js"
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
  type MessageRef,
  parseWords,
  type WordPart,
  type WordRef,
} from "./token.js"
