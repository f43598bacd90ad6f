import type { RunningEmulator } from "@holos-inspire/emulator"
import { Cause, Effect, Exit, Fiber, Option } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { createModel, prepareModel } from "../../src/api/models/index.js"
import { createNotebook, prepareNotebook } from "../../src/api/notebooks/index.js"
import { createServing, prepareServing } from "../../src/api/servings/index.js"
import type { InspireError } from "../../src/errors.js"
import { Platform } from "../../src/platform/client.js"
import type { ActiveProfile } from "../../src/profile.js"
import type { Store } from "../../src/store/store.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { placement, workspaceId } from "./notebooks/fixture.js"
import { servingInput } from "./servings/fixture.js"

// Recovery after a lost answer for the kinds that are not jobs: a model finds its own by the
// marker in its description; a notebook or a serving by every field it sent that the platform shows,
// never a task that existed before the send, and never by its name alone.

const emu = useEmulator()

beforeEach(() => {
  emu.current.control.reset()
  emu.current.control.faults.reset()
})

type R = Platform | ActiveProfile | Store

/** One kind of create: through the library, and bare (another submit, which the library does not see). */
interface Kind {
  readonly what: string
  /** The create's surface, for the spoiled-answer fault. */
  readonly surface: string
  /** Creates `name`; `variant` changes one field the platform shows. */
  readonly create: (name: string, variant: number) => Effect.Effect<string, InspireError, R>
  readonly bare: (name: string, variant: number) => Effect.Effect<unknown, unknown, R>
  /** The ids of the emulator's tasks of that name, and the variant each was made with. */
  readonly made: (name: string) => ReadonlyArray<{ readonly id: string; readonly variant: number }>
}

const state = () => emu.current.control.state()

const notebookInput = (e: RunningEmulator, name: string, variant: number) => {
  const p = placement(e, "分布式训练空间", "DSW", 1)
  return {
    workspaceId: p.workspaceId,
    projectId: p.projectId,
    logicComputeGroupId: p.lcgId,
    name,
    spec: p.spec,
    image: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
    priority: 4,
    command: `echo variant-${variant}`,
  }
}

const modelInput = (name: string, variant: number) => ({
  workspaceId: workspaceId(emu.current, "分布式训练空间"),
  projectId: state().projects[0]?.id ?? "",
  name,
  description: `variant-${variant}`,
})

const variantOf = (text: string): number => Number(/variant-(\d+)/.exec(text)?.[1] ?? -1)

const KINDS: ReadonlyArray<Kind> = [
  {
    what: "notebook",
    surface: "v2:notebook.CreateNotebook",
    create: (name, v) => Effect.map(createNotebook(notebookInput(emu.current, name, v)), (c) => c.notebookId),
    bare: (name, v) =>
      Effect.gen(function* () {
        const { body } = yield* prepareNotebook(notebookInput(emu.current, name, v))
        return yield* (yield* Platform).v2("notebook", "CreateNotebook", body, { idempotent: false, write: true })
      }),
    made: (name) =>
      state()
        .tasks.filter((t) => t.kind === "notebook" && t.name === name)
        .map((t) => ({ id: t.id, variant: variantOf(t.command) })),
  },
  {
    what: "serving",
    surface: "oa:/openapi/v1/inference_servings/create",
    create: (name, v) =>
      Effect.map(createServing({ ...servingInput(emu.current, name), port: 8000 + v }), (c) => c.servingId),
    bare: (name, v) =>
      Effect.gen(function* () {
        const { body } = yield* prepareServing({ ...servingInput(emu.current, name), port: 8000 + v })
        return yield* (yield* Platform).openapi("inference_servings/create", body, { idempotent: false, write: true })
      }),
    made: (name) =>
      state()
        .tasks.filter((t) => t.kind === "serving" && t.name === name)
        .map((t) => ({ id: t.id, variant: Number(t.extra.port ?? 0) - 8000 })),
  },
  {
    what: "model",
    surface: "v1:POST /api/v1/model/create",
    create: (name, v) => Effect.map(createModel(modelInput(name, v)), (c) => c.modelId),
    bare: (name, v) =>
      Effect.gen(function* () {
        const { body } = yield* prepareModel(modelInput(name, v))
        return yield* (yield* Platform).v1("POST", "model/create", body, { idempotent: false, write: true })
      }),
    made: (name) =>
      state()
        .models.filter((m) => m.name === name)
        .map((m) => ({ id: m.id, variant: variantOf(m.description) })),
  },
]

/** Every answer of the create's surface unreadable from now on (the create is carried out). */
const spoil = (kind: Kind, on: boolean) =>
  Effect.sync(() =>
    emu.current.control.faults.set({ answers: on ? { [kind.surface]: { mode: "truncated", rate: 1 } } : {} }),
  )

const value = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
  return exit.value
}

describe.each(KINDS)("recovery of a $what create after a lost answer", (kind) => {
  it("takes its own task, not the one a same-named submit made meanwhile", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        yield* spoil(kind, true)
        const mine = yield* Effect.fork(kind.create("twin", 0))
        // The other submit lands after this one was carried out and before it looks for its task.
        while (kind.made("twin").length === 0) yield* Effect.sleep("5 millis")
        // A second later, so that it comes first in the list (newest first).
        emu.current.control.clock.advance(1)
        yield* Effect.either(kind.bare("twin", 1))
        const id = yield* Fiber.join(mine)
        yield* spoil(kind, false)
        return id
      }),
    )
    const id = value(exit)
    const made = kind.made("twin")
    expect(made).toHaveLength(2)
    expect(made.find((t) => t.id === id)?.variant).toBe(0)
  }, 20_000)

  // A model's marker tells the two apart.
  it.skipIf(kind.what === "model")(
    "an identical same-named task made meanwhile: 'unknown', both listed",
    async () => {
      const exit = await profileFor(emu.current).run(
        Effect.gen(function* () {
          yield* spoil(kind, true)
          const mine = yield* Effect.fork(kind.create("same", 0))
          while (kind.made("same").length === 0) yield* Effect.sleep("5 millis")
          yield* Effect.either(kind.bare("same", 0))
          return yield* Effect.ensuring(Fiber.join(mine), spoil(kind, false))
        }),
      )
      const failure = Cause.failureOption(Exit.isFailure(exit) ? exit.cause : Cause.empty)
      const error = Option.getOrThrow(failure) as InspireError
      expect(error.created).toBe("unknown")
      expect([...(error.candidates ?? [])].sort()).toEqual(
        kind
          .made("same")
          .map((t) => t.id)
          .sort(),
      )
      expect(kind.made("same")).toHaveLength(2)
    },
    20_000,
  )

  it("never adopts an identical same-named task that existed before the send", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        yield* kind.bare("again", 0)
        const before = kind.made("again").map((t) => t.id)
        yield* spoil(kind, true)
        const id = yield* Effect.ensuring(kind.create("again", 0), spoil(kind, false))
        return { id, before }
      }),
    )
    const { id, before } = value(exit)
    expect(before).toHaveLength(1)
    expect(before).not.toContain(id)
    expect(kind.made("again").map((t) => t.id)).toContain(id)
    expect(kind.made("again")).toHaveLength(2)
  }, 20_000)

  it("two identical same-named creates at once, both answers lost: two tasks, each its own id", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        yield* spoil(kind, true)
        return yield* Effect.ensuring(
          Effect.all([kind.create("pair", 0), kind.create("pair", 0)], { concurrency: 2 }),
          spoil(kind, false),
        )
      }),
    )
    const [a, b] = value(exit)
    const made = kind.made("pair").map((t) => t.id)
    expect(made).toHaveLength(2)
    expect(a).not.toBe(b)
    expect(made).toContain(a)
    expect(made).toContain(b)
  }, 20_000)
})
