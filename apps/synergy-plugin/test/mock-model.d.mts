// Types of mock-model.mjs (plain JavaScript, shared with bench/synergy-overhead.mjs).

/** One scripted tool call. */
export interface ScriptedCall {
  readonly name: string
  readonly args: Readonly<Record<string, unknown>>
}

/** One chat request the mock answered. */
export interface ModelRequest {
  /** When it arrived: `performance.now()` of the process that runs the mock. */
  readonly at: number
  /** How many tools were offered. */
  readonly tools: number
  /** How many tool results it carried. */
  readonly results: number
}

/** What the mock saw. */
export interface MockModel {
  /** The OpenAI-compatible base URL, http://127.0.0.1:<port>/v1 */
  readonly url: string
  /** Tool results received, in order (the content the model would read). */
  readonly toolResults: string[]
  /** Tool names offered on the first request that offered any. */
  readonly offered: string[]
  /** Every chat request, in order. */
  readonly requests: ModelRequest[]
  /** The rounds of tool calls to make, in order; an empty script answers at once. */
  readonly script: (rounds: ReadonlyArray<ReadonlyArray<ScriptedCall>>) => void
  readonly close: () => Promise<void>
}

/** Starts the mock on a free loopback port. */
export declare const startMockModel: () => Promise<MockModel>
