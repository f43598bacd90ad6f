/** The public key the CAS login page embeds; the emulator needs only this to check passwords. */
export const CAS_MODULUS_HEX =
  "008aed7e057fe8f14c73550b0e6467b023616ddc8fa91846d2613cdb7f7621e3cada4cd5d812d627af6b87727ade4e26d26208b7326815941492b2204c3167ab2d53df1e3a2c9153bdb7c8c2e968df97a5e7e01cc410f92c4c2c2fba529b3ee988ebc1fca99ff5119e036d732c368acf8beba01aa2fdafa45b21e4de4928d0d403"

const EXPONENT = 0x10001n
const BLOCK_BYTES = 126
const CIPHER_HEX = 256

const modPow = (base: bigint, exp: bigint, mod: bigint): bigint => {
  let result = 1n
  let b = base % mod
  let e = exp
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod
    b = (b * b) % mod
    e >>= 1n
  }
  return result
}

export const isCiphertext = (text: string): boolean => /^[0-9a-fA-F]{254,256}$/.test(text)

/** Textbook RSA as the CAS page's RSAUtils does it: no padding, little-endian blocks of 126 bytes. */
export const encryptPassword = (password: string, modulusHex: string = CAS_MODULUS_HEX): string => {
  if (isCiphertext(password)) return password
  const n = BigInt(`0x${modulusHex}`)
  const bytes = Array.from(password, (ch) => ch.charCodeAt(0) & 0xff)
  while (bytes.length === 0 || bytes.length % BLOCK_BYTES !== 0) bytes.push(0)
  const blocks: string[] = []
  for (let start = 0; start < bytes.length; start += BLOCK_BYTES) {
    let m = 0n
    for (let i = BLOCK_BYTES - 1; i >= 0; i--) m = (m << 8n) | BigInt(bytes[start + i] ?? 0)
    blocks.push(modPow(m, EXPONENT, n).toString(16).padStart(CIPHER_HEX, "0"))
  }
  return blocks.join("")
}

/** Compares block by block as numbers, so a client that forgot the left padding still matches. */
export const ciphertextMatches = (received: string, stored: string, modulusHex: string = CAS_MODULUS_HEX): boolean => {
  const got = received.replace(/\s+/g, "").toLowerCase()
  const want = encryptPassword(stored, modulusHex)
  if (got.length > 0 && got.length <= CIPHER_HEX && /^[0-9a-f]+$/.test(got)) {
    return want.length === CIPHER_HEX && BigInt(`0x${got}`) === BigInt(`0x${want}`)
  }
  return got === want
}
