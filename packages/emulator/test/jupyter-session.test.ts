import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Json, start } from "./helpers.js"
import { Lab, rawRequest, Term } from "./jupyter-client.js"

// What Jupyter Server 2.x does beyond the token: the lab page's login and `_xsrf` cookies, cookie-only
// calls with the xsrf check, the identity, empty kernel and session lists, server-named new files, and
// the contents model's mimetype and hash keys.

let emu: RunningEmulator

beforeAll(async () => {
  emu = await start()
})
afterAll(() => emu.close())

const lab = () => {
  const nb = emu.control.jupyter.runningNotebook()
  return { nb, lab: new Lab(nb.labBase, nb.token) }
}

/** The cookies a response sets, as `name=value` pairs, and their attributes. */
const setCookies = (res: Response) =>
  res.headers.getSetCookie().map((c) => {
    const [pair = "", ...attrs] = c.split(";").map((x) => x.trim())
    const eq = pair.indexOf("=")
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), pair, attrs }
  })

describe("the lab page's cookies (Jupyter Server 2.x)", () => {
  it("opening the lab with ?token= sets the login cookie and _xsrf; with them a cookie-only client works", async () => {
    const { nb, lab: l } = lab()
    const page = await fetch(nb.labUrl)
    expect(page.status).toBe(200)
    const cookies = setCookies(page)
    const host = new URL(nb.labBase).host
    const login = cookies.find((c) => c.name === `username-${host.replace(/[^A-Za-z0-9]/g, "-")}`)
    const xsrf = cookies.find((c) => c.name === "_xsrf")
    expect(login?.attrs).toContain(`Path=${new URL(nb.labBase).pathname}/`)
    expect(login?.attrs).toContain("HttpOnly")
    expect(xsrf?.attrs).toContain(`Path=${new URL(nb.labBase).pathname}/`)
    const jar = [login?.pair, xsrf?.pair].join("; ")
    // Reads need only the cookie.
    expect((await fetch(`${nb.labBase}/api/terminals`, { headers: { cookie: jar } })).status).toBe(200)
    // A write with the cookie alone must echo _xsrf.
    const bare = await fetch(`${nb.labBase}/api/terminals`, { method: "POST", headers: { cookie: jar } })
    expect(bare.status).toBe(403)
    expect(await bare.json()).toEqual({ message: "'_xsrf' argument missing from POST", reason: null })
    const wrong = await fetch(`${nb.labBase}/api/terminals`, {
      method: "POST",
      headers: { cookie: jar, "X-XSRFToken": "2|00000000|00112233445566778899aabbccddeeff|1" },
    })
    expect(((await wrong.json()) as Json).message).toBe("XSRF cookie does not match POST argument")
    const ok = await fetch(`${nb.labBase}/api/terminals`, {
      method: "POST",
      headers: { cookie: jar, "X-XSRFToken": decodeURIComponent(xsrf?.value ?? "") },
    })
    expect(ok.status).toBe(200)
    expect(((await ok.json()) as Json).name).toBe("1")
    // A token request skips the xsrf check, and one that already has a valid login cookie gets no new one.
    const token = await fetch(`${nb.labBase}/api/terminals?token=${nb.token}`, {
      method: "POST",
      headers: { cookie: jar },
    })
    expect(token.status).toBe(200)
    expect(setCookies(token).map((c) => c.name)).not.toContain(login?.name)
    // The terminal's socket takes the cookie too, from the server's own origin only.
    const origin = new URL(nb.labBase).origin
    const term = await Term.connect(l.socketUrl("1", false), { cookie: jar, origin })
    term.ws.close()
    await expect(
      Term.connect(l.socketUrl("1", false), { cookie: jar, origin: "http://elsewhere.example" }),
    ).rejects.toThrow(/403/)
    // Another notebook's server does not take this one's login cookie.
    const other = lab()
    expect((await fetch(`${other.nb.labBase}/api/terminals`, { headers: { cookie: jar } })).status).toBe(403)
  })

  it("answers the identity, empty kernel and session lists, and an HTML 404 for an unknown page", async () => {
    const { nb, lab: l } = lab()
    const me = await l.api("GET", `/api/me?permissions=${encodeURIComponent('{"contents":["read","write"]}')}`)
    expect(me.status).toBe(200)
    expect(me.body.identity).toMatchObject({ username: expect.stringMatching(/^[0-9a-f]{32}$/) })
    expect(me.body.identity.name).toMatch(/^Anonymous /)
    expect(me.body.permissions).toEqual({ contents: ["read", "write"] })
    expect((await l.api("GET", "/api/kernels")).body).toEqual([])
    expect((await l.api("GET", "/api/sessions")).body).toEqual([])
    const unknown = await fetch(`${nb.labBase}/no-such-page?token=${nb.token}`)
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get("content-type")).toMatch(/^text\/html/)
    // Tornado routes the path as sent: a `..` outside the contents API matches no route (jupyter-contents.test.ts
    // has the contents API's own answer to one).
    const prefix = new URL(nb.labBase).pathname
    const dotted = await rawRequest(nb.labBase, `${prefix}/api/kernels/../nothing`, nb.token)
    expect(dotted.status).toBe(404)
    expect(dotted.text).toContain("404 : Not Found")
  })
})

describe("the contents model as Jupyter Server 2.x gives it", () => {
  it("names new entries on POST: untitled files, Untitled Folder, copies", async () => {
    const { lab: l } = lab()
    expect((await l.api("PUT", "/api/contents/data", { type: "directory" })).status).toBe(201)
    const first = await l.api("POST", "/api/contents/data", { type: "file", ext: ".txt" })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ name: "untitled.txt", path: "data/untitled.txt", type: "file", size: 0 })
    expect(first.headers.get("location")).toMatch(/\/api\/contents\/data\/untitled\.txt$/)
    expect((await l.api("POST", "/api/contents/data", { type: "file", ext: ".txt" })).body.name).toBe("untitled1.txt")
    expect((await l.api("POST", "/api/contents/data", { type: "directory" })).body).toMatchObject({
      name: "Untitled Folder",
      type: "directory",
    })
    expect((await l.api("POST", "/api/contents/data", { type: "directory" })).body.name).toBe("Untitled Folder 1")
    const copy = await l.api("POST", "/api/contents/data", { copy_from: "data/untitled.txt" })
    expect(copy.body.name).toBe("untitled-Copy1.txt")
    expect((await l.api("POST", "/api/contents/data/untitled.txt", {})).status).toBe(400)
    expect((await l.api("POST", "/api/contents/missing", {})).status).toBe(404)
  })

  it("guesses the mimetype without content and on PUT replies; hash keys are null unless asked for", async () => {
    const { lab: l } = lab()
    const put = await l.api("PUT", "/api/contents/run.py", { type: "file", format: "text", content: "print(1)\n" })
    expect(put.body).toMatchObject({ mimetype: "text/x-python", hash: null, hash_algorithm: null, content: null })
    const meta = await l.api("GET", "/api/contents/run.py?content=0")
    expect(meta.body).toMatchObject({ mimetype: "text/x-python", hash: null, hash_algorithm: null })
    const hashed = await l.api("GET", "/api/contents/run.py?content=0&hash=1")
    expect(hashed.body).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), hash_algorithm: "sha256" })
    const listing = await l.api("GET", "/api/contents/")
    const child = listing.body.content.find((x: Json) => x.name === "run.py")
    expect(child).toMatchObject({ mimetype: "text/x-python", hash: null, hash_algorithm: null })
    expect(listing.body).toMatchObject({ mimetype: null, hash: null, hash_algorithm: null })
  })
})
