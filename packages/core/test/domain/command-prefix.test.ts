import { describe, expect, it } from "vitest"
import { composeCommand, substitutePlaceholders } from "../../src/domain/command-prefix.js"
import { renderWords } from "../../src/words/render.js"
import { left, right } from "../helpers.js"

const manualPrefix =
  "source /opt/conda/etc/profile.d/conda.sh && conda activate myenv && cd /inspire/hdd/project/{en_name}/code"

describe("composeCommand", () => {
  it("joins the manual's prefix and the command, really substituting en_name", () => {
    expect(
      right(composeCommand({ command: "python train.py", prefix: manualPrefix, vars: { en_name: "vision-lab" } })),
    ).toBe(
      "source /opt/conda/etc/profile.d/conda.sh && conda activate myenv && cd /inspire/hdd/project/vision-lab/code && python train.py",
    )
  })

  it("substitutes placeholders in the command too, and {username}", () => {
    const out = right(
      composeCommand({
        command: "python train.py 2>&1 | tee /inspire/hdd/project/{en_name}/logs/exp.log",
        prefix: "cd /inspire/hdd/global_user/{username}",
        vars: { en_name: "nlp", username: "20231234" },
      }),
    )
    expect(out).toBe(
      "cd /inspire/hdd/global_user/20231234 && python train.py 2>&1 | tee /inspire/hdd/project/nlp/logs/exp.log",
    )
    expect(out).not.toContain("{")
  })

  it("leaves shell ${...} and other braces alone", () => {
    const command = "echo ${en_name} {a,b} ${HOME} {other}"
    expect(right(composeCommand({ command, vars: { en_name: "x" } }))).toBe(command)
  })

  it("does not double a trailing && or ; in the prefix, nor a prefix already present", () => {
    expect(right(composeCommand({ command: "ls", prefix: "cd /a &&", vars: {} }))).toBe("cd /a && ls")
    expect(right(composeCommand({ command: "ls", prefix: "cd /a ; ", vars: {} }))).toBe("cd /a && ls")
    expect(right(composeCommand({ command: "cd /a && ls", prefix: "cd /a", vars: {} }))).toBe("cd /a && ls")
    expect(right(composeCommand({ command: "  ls  ", vars: {} }))).toBe("ls")
  })

  it("fails with a hint when a placeholder has no value", () => {
    const e = left(composeCommand({ command: "python t.py", prefix: manualPrefix, vars: {} }))
    expect(e.message).toMatch(/\{en_name\}/)
    expect(renderWords(e.hint, "mcp")).toMatch(/project/)
    expect(renderWords(left(substitutePlaceholders("cd {username}", { en_name: "x" })).hint, "mcp")).toMatch(/Log in/)
  })

  it("refuses values that would need shell quoting", () => {
    expect(left(substitutePlaceholders("cd {en_name}", { en_name: "a b; rm -rf /" })).message).toMatch(/safely/)
  })
})
