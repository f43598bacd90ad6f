// Recipe files become commands run under the user's account: ./recipes/ and the config folder are used
// only when they are the user's alone, every file is read as a bounded regular file, one bad file is
// skipped with a warning (and is the error only when that recipe is asked for), and nothing of a file
// that is not a recipe mapping is echoed.
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { findRecipe } from "../../../src/operations/inference/recipes/deploy.js"
import { type RecipeBook, readRecipes } from "../../../src/operations/inference/recipes/files.js"
import { renderWords } from "../../../src/words/render.js"
import { refusal } from "../../helpers.js"

const RECIPE = (engine: string) =>
  `engine: ${engine}\nimage: docker.sii.shaipower.online/inspire-studio/vllm:0.6.3\nmodel:\n  repository: qwen2.5-7b-instruct\n`

// A shipped folder and a ./recipes/ folder of a fresh working directory, both the user's own.
const folders = () => {
  const root = mkdtempSync(join(tmpdir(), "recipes-trust-"))
  const shipped = join(root, "shipped")
  const project = join(root, "work", "recipes")
  mkdirSync(shipped)
  mkdirSync(project, { recursive: true })
  chmodSync(project, 0o755)
  writeFileSync(join(shipped, "qwen.yaml"), RECIPE("vllm"))
  return { root, shipped, project }
}

const read = (shipped: string, project: string): Promise<RecipeBook> =>
  Effect.runPromise(
    readRecipes([
      { dir: shipped, source: "shipped" },
      { dir: project, source: "project" },
    ]),
  )

const warnings = (book: RecipeBook): string => book.warnings.map((w) => renderWords(w, "library")).join("\n")

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill()
})

describe.skipIf(process.getuid === undefined)("./recipes/ is used only when it is the user's alone", () => {
  it("skips a ./recipes/ folder others can write, with a warning; the shipped recipe stays", async () => {
    const { shipped, project } = folders()
    writeFileSync(join(project, "qwen.yaml"), `${RECIPE("sglang")}env:\n  HF_ENDPOINT: http://attacker.example\n`)
    chmodSync(project, 0o777)
    const book = await read(shipped, project)
    expect(book.recipes.find((r) => r.name === "qwen")?.engine).toBe("vllm")
    expect(warnings(book)).toContain(`Recipes in ${project} skipped: ${project} can be written by group and others`)
    // Asked for by name, the planted file is the error, not silently the shipped recipe.
    const refused = await refusal(findRecipe(book, "qwen"))
    expect(refused.reason).toBe("StoreError")
    expect(renderWords(refused.text, "library")).toContain(project)
  })

  it("skips a recipe file others can write, with a warning naming it", async () => {
    const { shipped, project } = folders()
    const planted = join(project, "planted.yaml")
    writeFileSync(planted, RECIPE("sglang"))
    chmodSync(planted, 0o666)
    writeFileSync(join(project, "mine.yaml"), RECIPE("sglang"))
    const book = await read(shipped, project)
    expect(book.recipes.map((r) => r.name)).toEqual(["mine", "qwen"])
    expect(warnings(book)).toContain(`Recipe file skipped: ${planted} can be written by group and others`)
  })
})

describe("recipe files are bounded regular files inside their folder", () => {
  it("skips a FIFO instead of waiting on it", async () => {
    const { shipped, project } = folders()
    const fifo = join(project, "pipe.yaml")
    execFileSync("mkfifo", [fifo])
    // Were the FIFO opened and read, this writer would end the read after a moment (so the test fails
    // rather than hangs); it is never needed.
    children.push(spawn("sh", ["-c", `exec 3>${JSON.stringify(fifo)}; sleep 2`]))
    const book = await read(shipped, project)
    expect(book.recipes.map((r) => r.name)).toEqual(["qwen"])
    expect(warnings(book)).toContain(`${fifo} is not a regular file (it is a named pipe)`)
  })

  it("skips a link to a file outside the folder, and a file over the bound", async () => {
    const { root, shipped, project } = folders()
    writeFileSync(join(root, "elsewhere.yaml"), RECIPE("sglang"))
    symlinkSync(join(root, "elsewhere.yaml"), join(project, "linked.yaml"))
    symlinkSync("/dev/zero", join(project, "zero.yaml"))
    writeFileSync(join(project, "big.yaml"), `${RECIPE("sglang")}description: "${"x".repeat(300 * 1024)}"\n`)
    writeFileSync(join(project, "inside-target.yml"), RECIPE("sglang"))
    symlinkSync(join(project, "inside-target.yml"), join(project, "inside.yaml"))
    const book = await read(shipped, project)
    expect(book.recipes.map((r) => r.name).sort()).toEqual(["inside", "inside-target", "qwen"])
    const said = warnings(book)
    expect(said).toContain(`${join(project, "linked.yaml")} leads (through a link) outside ${project}`)
    expect(said).toContain(`${join(project, "zero.yaml")} leads (through a link) outside ${project}`)
    expect(said).toContain(`${join(project, "big.yaml")} is larger than 256 KiB`)
  })
})

describe("one bad recipe file does not break the others", () => {
  it("skips an invalid recipe with a warning naming the file and the problem; asking for it is the error", async () => {
    const { shipped, project } = folders()
    writeFileSync(join(project, "broken.yaml"), `${RECIPE("vllm")}port: many\n`)
    writeFileSync(join(project, "good.yaml"), RECIPE("sglang"))
    const book = await read(shipped, project)
    expect(book.recipes.map((r) => r.name)).toEqual(["good", "qwen"])
    expect(warnings(book)).toContain(`Recipe file skipped: ${join(project, "broken.yaml")}:5: port:`)
    const refused = await refusal(findRecipe(book, "broken"))
    expect(refused.reason).toBe("InvalidInput")
    expect(renderWords(refused.text, "library")).toContain("The recipe broken.yaml is not valid")
  })

  it("echoes nothing of a file that is not a recipe mapping, and only a few keys cut short of one", async () => {
    const { shipped, project } = folders()
    writeFileSync(join(project, "key.yaml"), "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n")
    const secrets = Array.from({ length: 8 }, (_, i) => `ghp_${i}_${"s".repeat(40)}: token-value-${i}`)
    writeFileSync(join(project, "env.yaml"), `${RECIPE("vllm")}${secrets.join("\n")}\n`)
    const book = await read(shipped, project)
    const said = warnings(book)
    expect(said).toContain(`${join(project, "key.yaml")}: this is not a recipe`)
    expect(said).not.toContain("b3BlbnNz")
    expect(said).not.toContain("BEGIN")
    expect(said).toContain("unknown keys ghp_0_ssssssssssssssssss…, ghp_1_")
    expect(said).toContain("and 5 more")
    expect(said).not.toContain("ghp_3")
    expect(said).not.toContain("token-value")
    expect(said).not.toContain("s".repeat(30))
  })
})
