import { describe, expect, it } from "vitest"
import { addMessages, formatMessage } from "../../src/words/message.js"

// A catalogue is parsed a file at a time, when one of its messages is first said: a message must still
// find the messages and terms it refers to in the catalogue's other files.
addMessages({
  en: {
    "a.ftl": "files-greeting = Hello from { -files-product }: { files-signature }\n",
    "b.ftl": "-files-product = the product\nfiles-unused = never said\n",
    "c.ftl": "files-signature = { files-name.short }\nfiles-name = long name\n    .short = short name\n",
  },
  load: {},
})

describe("a catalogue read a file at a time", () => {
  it("says a message with the terms and messages it names from other files", () => {
    expect(formatMessage("en", "files-greeting")).toBe("Hello from the product: short name")
  })

  it("says a message of a file whose neighbours were never read", () => {
    expect(formatMessage("en", "files-name")).toBe("long name")
  })
})
