// The Effect modules core uses, each from its own entry. The "effect" root index loads every module
// Effect has (and fast-check, for Arbitrary) before anything runs: about 600 modules, 20 MB and a few
// hundred milliseconds for each process that imports core. Bundlers drop the rest either way; node does
// not, so core imports Effect through here.
export * as Cause from "effect/Cause"
export * as Clock from "effect/Clock"
export * as Context from "effect/Context"
export * as Data from "effect/Data"
export * as Duration from "effect/Duration"
export * as Effect from "effect/Effect"
export * as Either from "effect/Either"
export * as Exit from "effect/Exit"
export * as Fiber from "effect/Fiber"
export * as FiberRef from "effect/FiberRef"
export * as Layer from "effect/Layer"
export * as ManagedRuntime from "effect/ManagedRuntime"
export * as Random from "effect/Random"
export * as Ref from "effect/Ref"
export * as Schedule from "effect/Schedule"
export * as ScheduleDecision from "effect/ScheduleDecision"
export * as Scope from "effect/Scope"
