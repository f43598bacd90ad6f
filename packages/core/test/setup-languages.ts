// Tests word texts in Chinese directly (renderWords) without a client, which would read the
// Chinese messages itself: they are read once here, as a frontend reads them when its reader speaks it.
import { loadLanguage } from "../src/words/message.js"

await loadLanguage("zh-CN")
