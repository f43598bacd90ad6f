// Strict inputs, checked on every operation of the catalogue: everything is derived from OPERATIONS and
// the input schemas, so an operation or field added later is covered without touching this file.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { z } from "zod"
import { InspireError } from "../../src/errors.js"
import { createInspireClient } from "../../src/facade.js"
import { invoke, parseInput } from "../../src/operations/catalogue/invoke.js"
import type { Operation } from "../../src/operations/catalogue/operation.js"
import { inputJsonSchema, type JsonSchema } from "../../src/operations/catalogue/schema.js"
import { checkInput, closestKey, strictSchema } from "../../src/operations/catalogue/strict.js"
import { OPERATIONS } from "../../src/operations/registry.js"
import { renderWords } from "../../src/words/render.js"
import { parseWords } from "../../src/words/text.js"

const each = OPERATIONS.map((op) => [op.name, op] as const)

/** The failure of parsing `raw` for `op`; fails the test when it parsed. */
const failureOf = (op: Operation, raw: unknown): InspireError => {
  const exit = Effect.runSyncExit(parseInput(op, raw))
  if (Exit.isSuccess(exit)) throw new Error(`${op.name} accepted ${JSON.stringify(raw)}`)
  const error = exit.cause._tag === "Fail" ? exit.cause.error : undefined
  if (!(error instanceof InspireError)) throw new Error(`${op.name}: not a typed failure`)
  return error
}

const fieldsOf = (op: Operation): ReadonlyArray<string> => Object.keys(inputJsonSchema(op).properties ?? {})

// A key no schema declares and none is near.
const STRANGER = "zz_not_a_field_zz"

/** The near miss an agent writes for a field: camelCase for snake_case, else capitalised. */
const nearMiss = (field: string): string =>
  field.includes("_")
    ? field.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
    : field.charAt(0).toUpperCase() + field.slice(1)

/** Every object node of a JSON Schema, with where it is. */
const objectNodes = (schema: JsonSchema, at = "input"): ReadonlyArray<readonly [string, JsonSchema]> => {
  const here: Array<readonly [string, JsonSchema]> = schema.properties !== undefined ? [[at, schema]] : []
  const below = [
    ...Object.entries(schema.properties ?? {}).map(([k, s]) => [`${at}.${k}`, s] as const),
    ...(schema.items !== undefined ? [[`${at}[]`, schema.items] as const] : []),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map((s) => [at, s] as const),
    ...(typeof schema.additionalProperties === "object" ? [[`${at}{}`, schema.additionalProperties] as const] : []),
  ]
  return [...here, ...below.flatMap(([where, s]) => objectNodes(s, where))]
}

describe("every operation's input is strict", () => {
  it.each(each)("%s publishes additionalProperties: false on every object of its input", (_name, op) => {
    const nodes = objectNodes(inputJsonSchema(op))
    expect(nodes.length).toBeGreaterThan(0)
    for (const [where, node] of nodes) expect(node.additionalProperties, `${op.name} ${where}`).toBe(false)
  })

  it.each(each)("%s refuses an unknown key and names it", (_name, op) => {
    const e = failureOf(op, { [STRANGER]: 1 })
    expect(e.reason).toBe("InvalidInput")
    expect(e.message).toContain(`unknown field "${STRANGER}"`)
    expect(e.message).not.toContain("did you mean")
    // The hint lists what the operation does take, naming the operation as a word each frontend says its way.
    expect(parseWords(e.hint)).toContainEqual({ kind: "call", op: op.name, input: {} })
    for (const field of fieldsOf(op)) expect(String(e.hint)).toContain(field)
  })

  it.each(each)("%s names the field a near miss most likely meant", (_name, op) => {
    for (const field of fieldsOf(op)) {
      const typo = nearMiss(field)
      const e = failureOf(op, { [typo]: true })
      expect(e.message, `${op.name}: ${typo}`).toContain(`unknown field "${typo}" (did you mean "${field}"?)`)
      expect(e.fix === undefined ? undefined : String(e.fix), `${op.name}: ${typo}`).toBe(field)
    }
  })

  it.each(each)("%s refuses input that is not an object, and takes none as {}", (_name, op) => {
    for (const raw of [null, [], [{}], "job-1", 42, true]) {
      const e = failureOf(op, raw)
      expect(e.reason).toBe("InvalidInput")
      expect(e.message).toContain("must be an object of named fields")
      expect(renderWords(e.hint, "mcp")).toContain(`inspire_${op.name}`)
    }
    const none = Effect.runSyncExit(parseInput(op, undefined))
    const empty = Effect.runSyncExit(parseInput(op, {}))
    expect(none).toEqual(empty)
  })

  it.each(each)("%s still accepts every example it declares", (_name, op) => {
    for (const example of op.examples ?? [])
      expect(Exit.isSuccess(Effect.runSyncExit(parseInput(op, example))), JSON.stringify(example)).toBe(true)
  })

  it("turns the near misses of the issue into the fields they meant, wherever those fields exist", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["dryRun", "dry_run"],
      ["jobId", "job_id"],
      ["workspce", "workspace"],
      ["JOB-ID", "job_id"],
    ]
    let checked = 0
    for (const op of OPERATIONS)
      for (const [typo, field] of cases) {
        if (!fieldsOf(op).includes(field)) continue
        checked++
        expect(failureOf(op, { [typo]: 1 }).message, op.name).toContain(`"${typo}" (did you mean "${field}"?)`)
      }
    expect(checked).toBeGreaterThan(3)
  })

  it("is strict through the library as well: the Promise facade rejects before any request", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-strict-"))
    // A closed port: a call that slipped through validation would fail as unreachable, not as invalid.
    const client = createInspireClient({ env: { INSPIRE_HOME: home, INSPIRE_BASE_URL: "http://127.0.0.1:9" } })
    try {
      for (const op of OPERATIONS) {
        const e = await client.run(invoke(op, { [STRANGER]: true })).catch((x: unknown) => x)
        expect(e, op.name).toBeInstanceOf(InspireError)
        expect(e, op.name).toMatchObject({ reason: "InvalidInput", message: expect.stringContaining(STRANGER) })
      }
    } finally {
      await client.close()
    }
  })
})

describe("strictSchema", () => {
  const Nested = z.object({
    name: z.string().describe("the name"),
    limits: z
      .object({ cpu_count: z.number(), gpu: z.object({ kind: z.string() }).optional() })
      .optional()
      .describe("resource limits"),
    mounts: z
      .array(z.object({ path: z.string() }))
      .default([])
      .describe("mounts"),
    target: z
      .union([z.object({ host: z.string() }), z.string()])
      .optional()
      .describe("where"),
    labels: z.record(z.string(), z.string()).optional().describe("free-form labels"),
  })

  it("makes nested objects strict too, and names the path and the field meant", () => {
    const bad = {
      name: "x",
      limits: { cpuCount: 2, gpu: { kind: "H100", knd: 1 } },
      mounts: [{ path: "/a", mode: "ro" }],
      target: { host: "h", hots: "h" },
      labels: { anything: "goes" },
    }
    const result = checkInput("demo", Nested, bad)
    if (result._tag === "Right") throw new Error("accepted")
    const { message } = result.left
    expect(message).toContain('unknown field "cpuCount" in limits (did you mean "cpu_count"?)')
    expect(message).toContain('unknown field "knd" in limits.gpu (did you mean "kind"?)')
    expect(message).toContain('unknown field "mode" in mounts.0')
    expect(message).toContain('unknown field "hots" in target (did you mean "host"?)')
    expect(message).not.toContain("anything")
    expect(result.left.fix).toBeUndefined()
  })

  it("keeps descriptions, defaults and records, and publishes additionalProperties: false at every depth", () => {
    const schema = z.toJSONSchema(strictSchema(Nested), { io: "input" }) as JsonSchema
    for (const [where, node] of objectNodes(schema)) expect(node.additionalProperties, where).toBe(false)
    expect(schema.properties?.limits?.description).toBe("resource limits")
    expect(schema.properties?.mounts).toMatchObject({ description: "mounts", default: [] })
    expect(schema.properties?.labels?.additionalProperties).toEqual({ type: "string" })
    const ok = checkInput("demo", Nested, { name: "x", labels: { a: "b" } })
    expect(ok).toMatchObject({ _tag: "Right", right: { name: "x", mounts: [], labels: { a: "b" } } })
    expect(strictSchema(Nested)).toBe(strictSchema(Nested))
    expect(strictSchema(strictSchema(Nested))).toBe(strictSchema(Nested))
  })

  it("finds the closest key only when one is near", () => {
    const known = ["job_id", "workspace", "dry_run", "mode", "name"]
    expect(closestKey("jobId", known)).toBe("job_id")
    expect(closestKey("dry-run", known)).toBe("dry_run")
    expect(closestKey("workspce", known)).toBe("workspace")
    expect(closestKey("wrokspace", known)).toBe("workspace")
    expect(closestKey("nmae", known)).toBe("name")
    expect(closestKey("banana", known)).toBeUndefined()
    expect(closestKey("", known)).toBeUndefined()
  })
})
