import { describe, expect, it } from "vitest"
import { fromTransportFailure } from "../../src/platform/failures.js"
import { TransportFailure } from "../../src/platform/transport.js"
import { renderWords } from "../../src/words/render.js"

describe("a refused connection", () => {
  const refused = (host: string) =>
    fromTransportFailure(
      new TransportFailure({ kind: "unreachable", delivered: "no", host, code: "ECONNREFUSED", attempts: 1 }),
    )

  it("says nothing listens at a loopback or custom host, without the VPN hint", () => {
    for (const host of ["127.0.0.1:8080", "localhost:3000", "[::1]:9000", "emu.example.org"]) {
      const e = refused(host)
      expect(renderWords(e.message, "library")).toBe(`Nothing listens at ${host} (connection refused).`)
      expect(renderWords(e.hint, "library")).not.toMatch(/VPN|campus/)
      expect(renderWords(e.hint, "library")).toMatch(/baseUrl/)
    }
  })

  it("keeps the campus-network hint for the platform's own hosts", () => {
    expect(renderWords(refused("qz.sii.edu.cn").hint, "library")).toMatch(/VPN/)
  })
})
