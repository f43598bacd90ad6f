/** The tool calls still running, so that a server whose input has ended can answer them before it exits. */
export class InFlight {
  private readonly calls = new Set<Promise<unknown>>()

  /** Counts a call until it settles. */
  track<A>(call: Promise<A>): Promise<A> {
    this.calls.add(call)
    const forget = () => this.calls.delete(call)
    call.then(forget, forget)
    return call
  }

  /** Resolves once no call is running, including calls dispatched just before this was asked. */
  async settled(): Promise<void> {
    // The SDK starts a handler a turn after the message arrives; let the last ones begin first.
    await new Promise((resolve) => setImmediate(resolve))
    while (this.calls.size > 0) await Promise.allSettled([...this.calls])
  }
}
