import { describe, expect, it } from "vitest"
import { z } from "zod"
import { CONTROL_FIELDS, catalogueCommands, commandsOf } from "../../src/operations/catalogue/commands.js"
import { findOperation, OPERATIONS } from "../../src/operations/registry.js"

// The manual's fifteen tools, in its order: the one fixed list (every other expectation is derived from
// the catalogue, so a new operation needs no edit here).
const MANUAL = [
  "config",
  "login",
  "status",
  "submit",
  "submit_hpc",
  "inference",
  "jobs",
  "job_detail",
  "logs",
  "metrics",
  "stop",
  "images",
  "image_push",
  "notebook",
  "models",
]

describe("the operation catalogue", () => {
  it("lists the manual's tools first, in its order, under unique names", () => {
    const names = OPERATIONS.map((op) => op.name)
    expect(names.slice(0, MANUAL.length)).toEqual(MANUAL)
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/)
    expect(findOperation("inspire_submit_hpc")?.name).toBe("submit_hpc")
    expect(findOperation("nope")).toBeUndefined()
  })

  it("builds each result schema when it is first read, once", () => {
    // A CLI call loads the whole catalogue and reads no result schema: none is built at load.
    for (const op of OPERATIONS) {
      const property = Object.getOwnPropertyDescriptor(op, "output")
      expect(typeof property?.get, op.name).toBe("function")
      expect(property?.enumerable, op.name).toBe(true)
      const first = op.output
      expect(first).toBeInstanceOf(z.ZodType)
      expect(op.output, op.name).toBe(first)
    }
  })

  it.each(OPERATIONS.map((op) => [op.name, op] as const))("%s describes itself for agents", (_name, op) => {
    expect(op.title.length).toBeGreaterThan(3)
    expect(String(op.description).length).toBeGreaterThan(80)
    const schema = z.toJSONSchema(op.input, { io: "input" }) as {
      properties?: Record<string, { description?: string }>
    }
    const fields = Object.entries(schema.properties ?? {})
    for (const [field, spec] of fields) expect(spec.description, `${op.name}.${field} has no description`).toBeTruthy()
  })

  it.each(OPERATIONS.map((op) => [op.name, op] as const))("%s has coherent annotations", (_name, op) => {
    const a = op.annotations
    if (a.readOnly) expect(a.destructive).toBe(false)
    if (a.readOnly) expect(a.idempotent).toBe(true)
  })

  it("marks what stops or deletes as destructive and what only reads as read-only", () => {
    const byName = Object.fromEntries(OPERATIONS.map((op) => [op.name, op.annotations]))
    for (const name of ["stop", "inference", "notebook", "models"]) expect(byName[name]?.destructive).toBe(true)
    for (const name of ["status", "jobs", "job_detail", "images"]) expect(byName[name]?.readOnly).toBe(true)
    // They can write a file (a download): not read-only, though they change nothing on the platform.
    for (const name of ["logs", "metrics"]) expect(byName[name]?.readOnly).toBe(false)
    for (const name of ["submit", "submit_hpc"]) expect(byName[name]?.idempotent).toBe(false)
  })
})

const enumValues = (schema: z.ZodType | undefined): ReadonlyArray<string> => {
  const json = schema === undefined ? {} : (z.toJSONSchema(schema, { io: "input" }) as { enum?: unknown[] })
  return (json.enum ?? []).map(String)
}

describe("each operation's actions and commands, from its one definition", () => {
  it.each(OPERATIONS.map((op) => [op.name, op] as const))(
    "%s: every action is listed with the fields it reads",
    (_n, op) => {
      const by = op.effects.by
      const fields = Object.keys(op.input.shape)
      if (by === undefined) {
        expect(op.actions, "actions without effects.by").toBeUndefined()
        return
      }
      expect(Object.keys(op.actions ?? {}).sort()).toEqual([...enumValues(op.input.shape[by])].sort())
      const read = new Set(Object.values(op.actions ?? {}).flatMap((a) => a.fields))
      for (const f of read) expect(fields, `${op.name}: an action reads ${f}, which is no input field`).toContain(f)
      // A field no action reads would be missing from the CLI's flags and the docs.
      for (const f of fields)
        if (f !== by && !CONTROL_FIELDS.includes(f))
          expect(read.has(f), `${op.name}.${f} is read by no action`).toBe(true)
    },
  )

  it("places every command at its own path, with arguments that are input fields", () => {
    const commands = catalogueCommands(OPERATIONS)
    const paths = commands.map((c) => c.path.join(" "))
    expect(new Set(paths).size, paths.join(", ")).toBe(paths.length)
    for (const c of commands) {
      expect(c.path.length).toBeGreaterThan(0)
      expect(c.path.length).toBeLessThanOrEqual(2)
      for (const part of c.path) expect(part).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/)
      const shape = c.operation.input.shape
      for (const f of c.positional) expect(Object.keys(shape), `${c.path.join(" ")}: ${f}`).toContain(f)
      // A last argument that may be left out is optional in the input too.
      const last = c.positional.at(-1)
      if (c.lastOptional) expect(last !== undefined && shape[last]?.isOptional() === true).toBe(true)
      // A command that asks first changes something.
      if (c.confirm) expect(c.writes).toBe(true)
    }
    // A group and a command never share a name (`inspire job` cannot be both).
    const groups = new Set(commands.filter((c) => c.path.length === 2).map((c) => c.path[0]))
    for (const c of commands) if (c.path.length === 1) expect(groups.has(c.path[0] ?? "")).toBe(false)
  })

  it("gives every operation at least one command", () => {
    for (const op of OPERATIONS) expect(commandsOf(op).length, op.name).toBeGreaterThan(0)
  })

  it.each(OPERATIONS.filter((op) => op.agent?.waitField !== undefined).map((op) => [op.name, op] as const))(
    "%s names a numeric wait field",
    (_n, op) => {
      const field = op.input.shape[op.agent?.waitField ?? ""]
      expect(field).toBeDefined()
      expect(field?.safeParse(5).success).toBe(true)
      expect(field?.safeParse("5").success).toBe(false)
    },
  )
})
