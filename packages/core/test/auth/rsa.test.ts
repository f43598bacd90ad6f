import { describe, expect, it } from "vitest"
import { DEFAULT_CAS_KEY, encryptCasPassword, findCasKey } from "../../src/auth/rsa.js"
import { left, right } from "../helpers.js"

describe("encryptCasPassword", () => {
  it("matches the test vectors of INSPIRE-API.md §2.4", () => {
    expect(right(encryptCasPassword("12345678"))).toBe(
      "83cd4e3e6f4246e737f0db7b3c5c749ded5dd27f82c4ec358db2b7d66ee1820976591413c9377b4457f2c8021401f519dd76f05b205081a54b6c5012ec56adf44ca804724f5be0088ad75ad7ee169fda0d630fc90995700bde7ac01fb7b3129512fa0f3dc0a5a10c6c61b45551d6219461c43b5533355f83f3b717c8e15952e8",
    )
    expect(right(encryptCasPassword("Passw0rd!"))).toBe(
      "44f4ab83a4f052218676b3528d7f8070ab1b573a8cf1a946d10bd9c5b11638f9f3bc5b60f2f64ce8e7954dd0729837d94fae288edba4b2e4426b386cd1d86a392c4e918de180c64353c68e4a745ab909be23ee585aba556a0889b679c213ede5598a95e1de9b4c34029b4f9ab7d310bdbef343487d0a1de1583ffc8617229838",
    )
  })

  it("is deterministic, 256 hex characters per block", () => {
    const a = right(encryptCasPassword("secret"))
    expect(a).toBe(right(encryptCasPassword("secret")))
    expect(a).toMatch(/^[0-9a-f]{256}$/)
    const long = right(encryptCasPassword("x".repeat(127)))
    expect(long.split(" ")).toHaveLength(2)
    expect(right(encryptCasPassword("x".repeat(126))).split(" ")).toHaveLength(1)
  })

  it("passes through a value that is already ciphertext", () => {
    const cipher = right(encryptCasPassword("12345678"))
    expect(right(encryptCasPassword(cipher))).toBe(cipher)
  })

  it("refuses characters the scheme cannot carry", () => {
    expect(left(encryptCasPassword("密码123")).message).toMatch(/Latin-1/)
    expect(right(encryptCasPassword("café"))).toMatch(/^[0-9a-f]{256}$/)
  })
})

describe("findCasKey", () => {
  it("reads the key from the page's getKeyPair call", () => {
    const html = `<script>var key = RSAUtils.getKeyPair("010001", '', "${DEFAULT_CAS_KEY.modulus}");</script>`
    expect(findCasKey(html)).toEqual({ exponent: "010001", modulus: DEFAULT_CAS_KEY.modulus })
  })

  it("reads named modulus/exponent values and gives up when there are none", () => {
    expect(
      findCasKey(`<input id="modulus" value=""><script>var modulus = "${"ab".repeat(64)}"; exponent="10001"</script>`),
    ).toEqual({ exponent: "10001", modulus: "ab".repeat(64) })
    expect(findCasKey("<html>no key</html>")).toBeUndefined()
  })
})
