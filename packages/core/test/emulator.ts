import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll } from "vitest"

/** Starts one paused emulator for a test file on a free loopback port and stops it afterwards. */
export const useEmulator = (): { readonly current: RunningEmulator } => {
  const holder: { current: RunningEmulator } = { current: undefined as unknown as RunningEmulator }
  beforeAll(async () => {
    holder.current = await startEmulator({ port: 0, paused: true })
  })
  afterAll(async () => {
    await holder.current.close()
  })
  return holder
}
