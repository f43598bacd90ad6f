/**
 * Platform time. Timestamps stay on the wall clock (so a client's "last 30 minutes" window matches
 * the data); `speed` compresses how long each lifecycle phase lasts instead of skewing timestamps.
 * Tests pause the clock and advance it by exact amounts.
 */
export class Clock {
  private offsetMs = 0
  private pausedAt: number | undefined
  /** The platform's clock error against the host's (a fault: `clockOffsetMs`). */
  skewMs = 0

  constructor(public speed: number) {}

  now(): number {
    return (this.pausedAt ?? Date.now()) + this.offsetMs + this.skewMs
  }

  /** How long (platform ms) a phase of `nominalSeconds` lasts at the current speed. */
  scaled(nominalSeconds: number): number {
    return Math.max(1, Math.round((nominalSeconds * 1000) / this.speed))
  }

  advance(seconds: number): void {
    this.offsetMs += Math.round(seconds * 1000)
  }

  pause(): void {
    if (this.pausedAt === undefined) this.pausedAt = Date.now()
  }

  resume(): void {
    if (this.pausedAt === undefined) return
    // Keep time continuous: the paused span is not replayed.
    this.offsetMs -= Date.now() - this.pausedAt
    this.pausedAt = undefined
  }

  get paused(): boolean {
    return this.pausedAt !== undefined
  }
}
