import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { expect } from "vitest"
import { transcript } from "./harness.js"

/** Asserts that nothing any run printed contains the password or a token saved under INSPIRE_HOME. */
export const expectNoSecrets = (home: string, secrets: ReadonlyArray<string>): void => {
  const dir = join(home, "cache", "sessions")
  const tokens = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => (JSON.parse(readFileSync(join(dir, f), "utf8")) as { token?: { value: string } }).token?.value)
    .filter((t): t is string => t !== undefined && t.length >= 8)
  expect(tokens.length).toBeGreaterThan(0)
  const all = transcript.join("\n")
  expect(all.length).toBeGreaterThan(0)
  for (const secret of [...secrets, ...tokens]) expect(all.includes(secret)).toBe(false)
}
