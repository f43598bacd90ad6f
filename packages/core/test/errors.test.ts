import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { z } from "zod"
import { type InspireErrorOf, SurfaceUnavailable, surfaceError } from "../src/errors.js"
import { checkInput } from "../src/operations/catalogue/strict.js"
import { renderWords } from "../src/words/render.js"
import { plain } from "../src/words/text.js"

const surface = (why: SurfaceUnavailable["why"]) =>
  new SurfaceUnavailable({ surface: "api/v2/x.Y", why, message: plain("x.Y is not offered here."), sent: false })

describe("surfaceError, the one converter of an unavailable surface", () => {
  it("maps a refusal of access to Forbidden and anything else to PlatformError, with advice per cause", () => {
    expect(surfaceError(surface("AccessForbidden"))).toMatchObject({
      reason: "Forbidden",
      message: "x.Y is not offered here.",
    })
    for (const why of ["InvalidAction", "NotFound", "TokenUnavailable"] as const)
      expect(surfaceError(surface(why)).reason).toBe("PlatformError")
    expect(renderWords(surfaceError(surface("TokenUnavailable")).hint, "library")).toContain("session login")
    expect(renderWords(surfaceError(surface("AccessForbidden")).hint, "library")).toContain("permission")
  })

  it("names what the call was for and takes the caller's advice", () => {
    const e = surfaceError(surface("NotFound"), {
      what: plain("read the training job"),
      hint: plain("Use the console."),
    })
    expect(renderWords(e.message, "library")).toBe("Could not read the training job: x.Y is not offered here.")
    expect(renderWords(e.hint, "library")).toBe("Use the console.")
  })
})

describe("reasons in signatures", () => {
  it("say which reasons a check fails with", () => {
    const refused = checkInput("demo", z.object({ n: z.number() }), { n: "1" })
    if (Either.isRight(refused)) throw new Error("expected a refusal")
    const invalid: InspireErrorOf<"InvalidInput"> = refused.left
    expect(invalid.reason).toBe("InvalidInput")
    // @ts-expect-error the signature rules out every other reason
    const notFound: InspireErrorOf<"NotFound"> = refused.left
    expect(notFound).toBe(invalid)
    const converted: InspireErrorOf<"Forbidden" | "PlatformError"> = surfaceError(surface("NotFound"))
    expect(converted.reason).toBe("PlatformError")
  })
})
