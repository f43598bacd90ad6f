import { Either } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"

/** The CAS page's public key (INSPIRE-API.md §2.4): exponent 0x10001 and a 1024-bit modulus. */
export const DEFAULT_CAS_KEY = {
  exponent: "10001",
  modulus:
    "008aed7e057fe8f14c73550b0e6467b023616ddc8fa91846d2613cdb7f7621e3cada4cd5d812d627af6b87727ade4e26d26208b7326815941492b2204c3167ab2d53df1e3a2c9153bdb7c8c2e968df97a5e7e01cc410f92c4c2c2fba529b3ee988ebc1fca99ff5119e036d732c368acf8beba01aa2fdafa45b21e4de4928d0d403",
} as const

/** An RSA public key as hex strings. */
export interface CasKey {
  readonly exponent: string
  readonly modulus: string
}

const modPow = (base: bigint, exponent: bigint, modulus: bigint): bigint => {
  let result = 1n
  let b = base % modulus
  let e = exponent
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus
    b = (b * b) % modulus
    e >>= 1n
  }
  return result
}

// The browser routine's block size: twice the index of the highest non-zero 16-bit digit of n.
const blockBytes = (n: bigint): number => {
  let digits = 0
  for (let x = n; x > 0n; x >>= 16n) digits++
  return 2 * (digits - 1)
}

/**
 * Encrypts a password as the CAS login page does: textbook RSA over little-endian blocks, no padding,
 * hence deterministic. A value that is already 254–256 hex characters is taken as ciphertext.
 */
export const encryptCasPassword = (
  password: string,
  key: CasKey = DEFAULT_CAS_KEY,
): Either.Either<string, InspireError> => {
  if (/^[0-9a-fA-F]{254,256}$/.test(password)) return Either.right(password)
  const codes = Array.from({ length: password.length }, (_, i) => password.charCodeAt(i))
  if (codes.some((c) => c > 0xff)) return Either.left(invalidInput(msg("auth-latin1"), msg("auth-latin1-hint")))
  const n = BigInt(`0x${key.modulus}`)
  const e = BigInt(`0x${key.exponent}`)
  const size = blockBytes(n)
  const width = key.modulus.replace(/^0+/, "").length <= 256 ? 256 : key.modulus.length
  const padded = [...codes]
  while (padded.length === 0 || padded.length % size !== 0) padded.push(0)
  const blocks: string[] = []
  for (let start = 0; start < padded.length; start += size) {
    let m = 0n
    for (let i = size - 1; i >= 0; i--) m = (m << 8n) | BigInt(padded[start + i] ?? 0)
    blocks.push(modPow(m, e, n).toString(16).padStart(width, "0"))
  }
  return Either.right(blocks.join(" "))
}

/** Finds the RSA modulus and exponent a CAS login page embeds, if it does. */
export const findCasKey = (html: string): CasKey | undefined => {
  const call =
    /getKeyPair\(\s*["']([0-9a-fA-F]+)["']\s*,\s*["'][0-9a-fA-F]*["']\s*,\s*["']([0-9a-fA-F]{128,})["']/.exec(html)
  if (call?.[1] !== undefined && call[2] !== undefined) return { exponent: call[1], modulus: call[2] }
  const named = /modulus["']?\s*[:=]\s*["']([0-9a-fA-F]{128,})["']/i.exec(html)
  if (named?.[1] !== undefined) {
    const exp = /exponent["']?\s*[:=]\s*["']([0-9a-fA-F]+)["']/i.exec(html)
    return { exponent: exp?.[1] ?? DEFAULT_CAS_KEY.exponent, modulus: named[1] }
  }
  return undefined
}
