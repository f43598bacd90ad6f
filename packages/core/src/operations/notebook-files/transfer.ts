import { createHash, type Hash } from "node:crypto"
import { closeSync, writeSync } from "node:fs"
import { blockBodySize, deleteRemote, putBlock, readBlock, renameRemote } from "../../api/jupyter/chunks.js"
import { type RemoteEntry, serverSha256, statRemote } from "../../api/jupyter/contents.js"
import type { Lab } from "../../api/jupyter/lab.js"
import { Effect, Fiber } from "../../effect.js"
import { InspireError } from "../../errors.js"
import type { Transport } from "../../platform/transport.js"
import { fileError, type Placement } from "../../store/confined.js"
import { msg } from "../../words/message.js"
import { openLocal, readAt, sha256 } from "./local.js"
import { commitPart, dropPart, openPart } from "./partial.js"

// One file of any size between this machine and a notebook, a block at a time, so memory stays flat
// whatever the size, and resumable: an upload grows `<name>.<fingerprint>.inspire-part` beside its
// target (the fingerprint: the local file's size and time and the block size), which a re-run continues
// from its size when that is a whole number of blocks; a download grows a local part (partial.ts). Both
// end with the sha256 of the bytes sent or received compared with the server's, and only then is the
// part renamed to its target, so a target is never half a file.

/** The block size of an upload unless asked otherwise (each block travels as base64 in one JSON body). */
export const BLOCK_BYTES = 8 * 1024 * 1024

/** The block size of a download unless asked otherwise: one range per request, streamed to the file. */
export const READ_BYTES = 32 * 1024 * 1024

/** How a file moves. */
export interface BlockOptions {
  readonly block: number
  readonly overwrite: boolean
  /** Bytes moved (or found moved by an earlier run), and whether more of the file is to come. */
  readonly onBytes: (n: number, more: boolean) => void
}

/** A file moved: its size, sha256, and how many bytes an earlier run had moved already. */
export interface Moved {
  readonly size: number
  readonly sha256: string
  readonly resumed: number
}

const shaMismatch = (up: boolean, path: string) =>
  new InspireError({
    reason: "PlatformError",
    message: up ? msg("notebook-files-sha-upload", { path }) : msg("notebook-files-sha-download", { path }),
    hint: msg("notebook-files-copy-again"),
  })

const changed = (path: string) =>
  new InspireError({
    reason: "Conflict",
    message: msg("storage-local-changed", { path }),
    hint: msg("notebook-files-copy-again"),
  })

/** The sha256 of a remote file: the server's own, else read back a block at a time. */
const remoteHash = (lab: Lab, path: string, size: number, block: number) =>
  Effect.gen(function* () {
    const offered = yield* serverSha256(lab, path)
    if (offered !== undefined) return offered
    let hash = createHash("sha256")
    for (let at = 0; at < size; at += block) {
      let h = hash
      yield* readBlock(lab, path, at, Math.min(size, at + block) - 1, size, () => {
        h = hash.copy()
        return (chunk) => void h.update(chunk)
      })
      hash = h
    }
    return hash.digest("hex")
  })

const sync = <A>(path: string, f: () => A): Effect.Effect<A, InspireError> =>
  Effect.try({ try: f, catch: (e) => fileError(path, e) })

/** The name an upload of a local file grows under until it is whole. */
const remotePart = (path: string, size: number, mtimeMs: number, block: number): string =>
  `${path}.${sha256(Buffer.from(`${size}:${mtimeMs}:${block}`)).slice(0, 12)}.inspire-part`

/** Sends a local file to `path` in the notebook; an existing target is replaced only with `overwrite`. */
export const sendFile = (
  lab: Lab,
  place: Placement,
  path: string,
  o: BlockOptions,
): Effect.Effect<Moved, InspireError, Transport> =>
  Effect.acquireUseRelease(
    sync(place.path, () => openLocal(place, "local")),
    (file) =>
      Effect.gen(function* () {
        const buf = Buffer.allocUnsafe(Math.max(1, Math.min(o.block, file.size)))
        const read = (at: number) => {
          const want = Math.min(o.block, file.size - at)
          const bytes = readAt(place, file.fd, buf, want, at)
          if (bytes.length !== want) throw changed(place.path)
          return bytes
        }
        const hash = createHash("sha256")
        if (file.size <= o.block) {
          // One block: written whole at its place, as any save.
          const bytes = yield* sync(place.path, () => read(0))
          hash.update(bytes)
          yield* putBlock(lab, path, bytes, undefined)
          o.onBytes(bytes.length, false)
          const sum = hash.digest("hex")
          if ((yield* remoteHash(lab, path, file.size, o.block)) !== sum)
            return yield* Effect.fail(shaMismatch(true, path))
          return { size: file.size, sha256: sum, resumed: 0 }
        }
        const part = remotePart(path, file.size, file.mtimeMs, o.block)
        const there = yield* statRemote(lab, part)
        const had = there?.type === "file" ? (there.size ?? 0) : 0
        const start = had > 0 && had % o.block === 0 && had < file.size ? had : 0
        for (let at = 0; at < start; at += o.block) hash.update(yield* sync(place.path, () => read(at)))
        if (start > 0) o.onBytes(start, true)
        // The next block is read while the one before travels (its JSON was made at once, into `body`).
        const body = Buffer.allocUnsafe(blockBodySize(o.block))
        let bytes = start < file.size ? yield* sync(place.path, () => read(start)) : Buffer.alloc(0)
        for (let at = start; at < file.size; at += o.block) {
          hash.update(bytes)
          const last = at + bytes.length >= file.size
          const sending = yield* Effect.fork(putBlock(lab, part, bytes, last ? -1 : at / o.block + 1, body))
          yield* Effect.yieldNow()
          const moved = bytes.length
          if (!last) bytes = yield* sync(place.path, () => read(at + o.block))
          yield* Fiber.join(sending)
          o.onBytes(moved, !last)
        }
        const sum = hash.digest("hex")
        if ((yield* remoteHash(lab, part, file.size, o.block)) !== sum) {
          yield* deleteRemote(lab, part)
          return yield* Effect.fail(shaMismatch(true, path))
        }
        if (o.overwrite && (yield* statRemote(lab, path)) !== undefined) yield* deleteRemote(lab, path)
        yield* renameRemote(lab, part, path)
        return { size: file.size, sha256: sum, resumed: start }
      }),
    (file) => Effect.sync(() => closeSync(file.fd)),
  )

/** How much of a kept part is read at a time to hash it: a download holds no buffer of a block's size. */
const HASH_SLICE = 1024 * 1024

/** The hash of the first `size` bytes of a local part, read a slice at a time. */
const hashedPart = (place: Placement, fd: number, size: number): Hash => {
  const hash = createHash("sha256")
  const buf = Buffer.allocUnsafe(Math.max(1, Math.min(HASH_SLICE, size)))
  for (let at = 0; at < size; at += buf.length) hash.update(readAt(place, fd, buf, Math.min(buf.length, size - at), at))
  return hash
}

/** Fetches a notebook's file (as `statRemote` described it) to a local place, continuing an earlier part. */
export const fetchFile = (
  lab: Lab,
  entry: RemoteEntry,
  target: Placement,
  o: BlockOptions,
): Effect.Effect<Moved, InspireError, Transport> => {
  const size = entry.size ?? 0
  return Effect.acquireUseRelease(
    sync(target.path, () => openPart(target, { path: entry.path, size, modified: entry.modified }, "local")),
    (part) =>
      Effect.gen(function* () {
        let hash = yield* sync(target.path, () => hashedPart(target, part.fd, part.size))
        if (part.size > 0) o.onBytes(part.size, part.size < size)
        // The server's hash is asked for at once; each block goes to the part and the hash as it arrives.
        const offering = yield* Effect.fork(serverSha256(lab, entry.path))
        let failed: unknown
        for (let at = part.size; at < size; at += o.block) {
          const end = Math.min(size, at + o.block) - 1
          let h = hash
          yield* readBlock(lab, entry.path, at, end, size, () => {
            h = hash.copy()
            return (chunk, pos) => {
              try {
                let done = 0
                while (done < chunk.length) done += writeSync(part.fd, chunk, done, chunk.length - done, pos + done)
              } catch (e) {
                failed = e
                throw e
              }
              h.update(chunk)
            }
          }).pipe(Effect.mapError((e) => (failed !== undefined ? fileError(target.path, failed) : e)))
          hash = h
          o.onBytes(end - at + 1, end + 1 < size)
        }
        const sum = hash.digest("hex")
        const offered = yield* Fiber.join(offering)
        if (offered !== undefined && offered !== sum) {
          dropPart(part)
          return yield* Effect.fail(shaMismatch(false, target.path))
        }
        yield* sync(target.path, () => commitPart(part, target, o.overwrite))
        return { size, sha256: sum, resumed: part.size }
      }),
    (part) => Effect.sync(() => part.close()),
  )
}
