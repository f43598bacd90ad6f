import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { expect } from "vitest"
import { transcript } from "./harness.js"

/** The platform tokens saved under an INSPIRE_HOME (at least one must exist, or the scan proves nothing). */
const savedTokens = (home: string): ReadonlyArray<string> => {
  const dir = join(home, "cache", "sessions")
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => (JSON.parse(readFileSync(join(dir, f), "utf8")) as { token?: { value: string } }).token?.value)
    .filter((t): t is string => t !== undefined && t.length >= 8)
}

/** Asserts that nothing the servers printed or returned contains a password or a token. */
export const expectNoSecrets = (homes: ReadonlyArray<string>, secrets: ReadonlyArray<string>): void => {
  const tokens = homes.flatMap(savedTokens)
  expect(tokens.length).toBeGreaterThan(0)
  const all = transcript.join("\n")
  expect(all.length).toBeGreaterThan(1000)
  for (const secret of [...secrets, ...tokens]) expect(all.includes(secret)).toBe(false)
}
