import { FiberRef } from "../effect.js"
import type { Language } from "./message.js"

/**
 * The language an operation's render speaks in the running call: a client sets it (`createInspireClient({
 * lang })`), `invoke` reads it around `render`. English unless set.
 */
export const CurrentLanguage: FiberRef.FiberRef<Language> = FiberRef.unsafeMake<Language>("en")
