import { createHash, randomUUID } from "node:crypto"

/** A UUID derived from a seed, so fixture ids are stable across runs and machines. */
export const uuidFrom = (seed: string): string => {
  const h = createHash("sha256").update(seed).digest("hex")
  const variant = ((Number.parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export const newUuid = (): string => randomUUID()

export const shortHash = (text: string, length = 16): string =>
  createHash("sha1").update(text).digest("hex").slice(0, length)
