import { Effect } from "../../effect.js"
import { InspireError } from "../../errors.js"
import type { Transport } from "../../platform/transport.js"
import { msg } from "../../words/message.js"
import { contentsFailure, refusalExplained } from "./contents-failure.js"
import { type Lab, labFailure, labSend } from "./lab.js"

// A file of any size through a notebook's Jupyter server, a block at a time: written with the contents
// API's chunked PUT (Jupyter's LargeFileManager: `chunk` 1 writes the file anew, 2, 3, … and -1, the
// last, append), read from `<lab>/files/<path>` (tornado's StaticFileHandler) one byte range at a time.

const encoded = (path: string): string => path.split("/").map(encodeURIComponent).join("/")

// Base64 is made a slice at a time straight into the body: no string the size of the block (and no
// JSON.stringify copy of one) passes through the heap, which kept a large upload's process hundreds of
// megabytes larger.
const SLICE = 3 * 64 * 1024

/** The bytes the JSON model of a block of `size` bytes takes at most (a buffer for `putBlock` to reuse). */
export const blockBodySize = (size: number): number => 96 + 4 * Math.ceil(size / 3)

/** The contents API's JSON model of one block, as bytes, written into `out` when it is given and large enough. */
const blockBody = (bytes: Buffer, chunk: number | undefined, out?: Buffer): Buffer => {
  const head = `{"type":"file","format":"base64",${chunk !== undefined ? `"chunk":${chunk},` : ""}"content":"`
  const into =
    out !== undefined && out.length >= blockBodySize(bytes.length)
      ? out
      : Buffer.allocUnsafe(blockBodySize(bytes.length))
  let at = into.write(head, 0, "latin1")
  for (let i = 0; i < bytes.length; i += SLICE)
    at += into.write(bytes.subarray(i, i + SLICE).toString("base64"), at, "latin1")
  return into.subarray(0, at + into.write('"}', at, "latin1"))
}

/**
 * Writes one block of a remote file: `chunk` 1 starts it, 2, 3, … append, -1 appends the last; none: the
 * whole file. Its JSON is made at once (into `out`, when given, which must then stay untouched until the
 * write is done), so `bytes` may be reused as soon as this returns.
 */
export const putBlock = (
  lab: Lab,
  path: string,
  bytes: Buffer,
  chunk: number | undefined,
  out?: Buffer,
): Effect.Effect<void, InspireError, Transport> =>
  Effect.flatMap(
    labSend(lab, {
      method: "PUT",
      path: `/api/contents/${encoded(path)}`,
      json: blockBody(bytes, chunk, out),
      write: true,
      bulk: true,
      // A block appended twice would corrupt the file: only chunk 1 and a whole file are safe to resend.
      idempotent: chunk === undefined || chunk === 1,
      timeout: "5 minutes",
      final: refusalExplained,
    }),
    (answer) =>
      answer.status >= 200 && answer.status < 300
        ? Effect.void
        : Effect.fail(contentsFailure(lab, answer, msg("jupyter-what-writing", { path }), path)),
  )

/**
 * Reads bytes `start` to `end` (inclusive) of a remote file of `size` bytes, handing them to the consumer
 * `attempt` makes, a chunk and its offset in the file at a time, as they arrive. The answer's range is
 * checked before a byte is handed over; an attempt cut off is made again, with a fresh consumer.
 */
export const readBlock = (
  lab: Lab,
  path: string,
  start: number,
  end: number,
  size: number,
  attempt: () => (chunk: Buffer, at: number) => void,
): Effect.Effect<void, InspireError, Transport> =>
  Effect.gen(function* () {
    let got = 0
    let fits = false
    const answer = yield* labSend(lab, {
      method: "GET",
      path: `/files/${encoded(path)}`,
      headers: { range: `bytes=${start}-${end}` },
      bulk: true,
      timeout: "5 minutes",
      sink: ({ status, headers }) => {
        if (status !== 200 && status !== 206) return undefined
        const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(headers["content-range"] ?? "")
        // A server answers 200 with the whole file for a range that covers it (or when it ignores ranges).
        fits =
          status === 200
            ? start === 0 && end === size - 1
            : Number(range?.[1]) === start && Number(range?.[2]) === end && Number(range?.[3]) === size
        got = 0
        if (!fits) return () => undefined
        const take = attempt()
        return (chunk) => {
          take(chunk, start + got)
          got += chunk.length
        }
      },
    })
    if (fits && got === end - start + 1) return
    if (answer.status === 206 || answer.status === 200 || answer.status === 416)
      return yield* Effect.fail(
        new InspireError({
          reason: "PlatformError",
          message: msg("storage-range-mismatch", { path, start, end, status: answer.status, size }),
          hint: msg("storage-range-mismatch-fix"),
          retryable: true,
        }),
      )
    return yield* Effect.fail(labFailure(lab, answer, `"${path}"`))
  })

/** Renames a remote file or folder (`PATCH`; Jupyter refuses with 409 when `to` exists). */
export const renameRemote = (lab: Lab, from: string, to: string): Effect.Effect<void, InspireError, Transport> =>
  Effect.flatMap(
    labSend(lab, {
      method: "PATCH",
      path: `/api/contents/${encoded(from)}`,
      body: { path: to },
      write: true,
      final: refusalExplained,
    }),
    (answer) =>
      answer.status >= 200 && answer.status < 300
        ? Effect.void
        : Effect.fail(contentsFailure(lab, answer, msg("jupyter-what-writing", { path: to }), to)),
  )

/** Deletes a remote file or an empty folder; one already gone is fine. */
export const deleteRemote = (lab: Lab, path: string): Effect.Effect<void, InspireError, Transport> =>
  Effect.flatMap(
    labSend(lab, { method: "DELETE", path: `/api/contents/${encoded(path)}`, write: true, final: refusalExplained }),
    (answer) =>
      (answer.status >= 200 && answer.status < 300) || answer.status === 404
        ? Effect.void
        : Effect.fail(contentsFailure(lab, answer, msg("storage-what-delete", { path }), path)),
  )
