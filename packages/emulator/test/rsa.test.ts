import { describe, expect, it } from "vitest"
import { ciphertextMatches, encryptPassword, isCiphertext } from "../src/auth/rsa.js"

const V1 =
  "83cd4e3e6f4246e737f0db7b3c5c749ded5dd27f82c4ec358db2b7d66ee1820976591413c9377b4457f2c8021401f519dd76f05b205081a54b6c5012ec56adf44ca804724f5be0088ad75ad7ee169fda0d630fc90995700bde7ac01fb7b3129512fa0f3dc0a5a10c6c61b45551d6219461c43b5533355f83f3b717c8e15952e8"
const V2 =
  "44f4ab83a4f052218676b3528d7f8070ab1b573a8cf1a946d10bd9c5b11638f9f3bc5b60f2f64ce8e7954dd0729837d94fae288edba4b2e4426b386cd1d86a392c4e918de180c64353c68e4a745ab909be23ee585aba556a0889b679c213ede5598a95e1de9b4c34029b4f9ab7d310bdbef343487d0a1de1583ffc8617229838"

describe("CAS textbook RSA (§2.4)", () => {
  it("reproduces the document's test vectors", () => {
    expect(encryptPassword("12345678")).toBe(V1)
    expect(encryptPassword("Passw0rd!")).toBe(V2)
  })

  it("renders 256 lower-case hex digits per 126-byte block", () => {
    const long = "x".repeat(130)
    const c = encryptPassword(long)
    expect(c).toMatch(/^[0-9a-f]{512}$/)
    expect(c.slice(0, 256)).toBe(encryptPassword("x".repeat(126)))
  })

  it("passes a 254–256 hex character password through as already encrypted", () => {
    expect(isCiphertext(V1)).toBe(true)
    expect(encryptPassword(V1)).toBe(V1)
    expect(isCiphertext("abc")).toBe(false)
  })

  it("compares case-insensitively and tolerates a missing left pad", () => {
    expect(ciphertextMatches(V2.toUpperCase(), "Passw0rd!")).toBe(true)
    expect(ciphertextMatches(V1, "Passw0rd!")).toBe(false)
    // A password whose ciphertext has a leading zero byte: a client that forgot the pad sends 254 digits.
    const pw = Array.from({ length: 5000 }, (_, i) => `pw${i}`).find((p) => encryptPassword(p).startsWith("00"))
    expect(pw).toBeDefined()
    const unpadded = encryptPassword(pw ?? "").slice(2)
    expect(unpadded).toHaveLength(254)
    expect(ciphertextMatches(unpadded, pw ?? "")).toBe(true)
  })
})
