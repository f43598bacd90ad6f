import { describe, expect, it } from "vitest"
import { z } from "zod"
import { findOperation, OPERATIONS } from "../../src/operations/registry.js"

// The manual's tools and the three added beside them.
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
  it("lists the manual's tools in its order, then wait, resubmit and events", () => {
    expect(OPERATIONS.map((op) => op.name)).toEqual([...MANUAL, "wait", "resubmit", "events"])
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
    expect(op.description.length).toBeGreaterThan(80)
    const schema = z.toJSONSchema(op.input, { io: "input" }) as {
      properties?: Record<string, { description?: string }>
    }
    const fields = Object.entries(schema.properties ?? {})
    expect(fields.length).toBeGreaterThan(0)
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
    for (const name of ["status", "jobs", "job_detail", "images", "wait", "events"])
      expect(byName[name]?.readOnly).toBe(true)
    // They can write a file (a download): not read-only, though they change nothing on the platform.
    for (const name of ["logs", "metrics"]) expect(byName[name]?.readOnly).toBe(false)
    for (const name of ["submit", "submit_hpc", "resubmit"]) expect(byName[name]?.idempotent).toBe(false)
  })
})
