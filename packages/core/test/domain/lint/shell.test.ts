import { describe, expect, it } from "vitest"
import { tokenize } from "../../../src/domain/lint/lexer.js"
import { parseCommands } from "../../../src/domain/lint/shell.js"
import { shellBody, unwrapCommand } from "../../../src/domain/lint/wrappers.js"

const words = (script: string) => parseCommands(script).map((c) => c.words.join(" "))
const sinks = (script: string) => parseCommands(script).map((c) => `${c.words[0]}:${c.stdout}/${c.stderr}`)

describe("tokenize", () => {
  it("keeps quoted operators inside one word and strips the quotes", () => {
    const values = tokenize(`echo "a && b" 'c | d' e\\;f`).map((t) => (t.kind === "word" ? t.value : t.op))
    expect(values).toEqual(["echo", "a && b", "c | d", "e;f"])
  })

  it("reads descriptor numbers only when they touch the redirection", () => {
    const ops = tokenize("python x 2>&1 2 > f").flatMap((t) => (t.kind === "redir" ? [`${t.fd ?? ""}${t.op}`] : []))
    expect(ops).toEqual(["2>&", ">"])
  })

  it("collects the bodies of command substitutions, also inside double quotes", () => {
    const [, word] = tokenize('echo "n=$(nproc) d=`date`"')
    expect(word?.kind === "word" ? word.subs : []).toEqual(["nproc", "date"])
  })
})

describe("parseCommands", () => {
  it("splits on &&, ||, ;, pipes and newlines", () => {
    expect(words("a 1 && b 2 || c; d | e\nf")).toEqual(["a 1", "b 2", "c", "d", "e", "f"])
  })

  it("joins backslash-continued lines into one command", () => {
    expect(words("torchrun \\\n  --nproc_per_node 8 \\\n  train.py")).toEqual(["torchrun --nproc_per_node 8 train.py"])
  })

  it("skips comments but keeps # inside words and quotes", () => {
    expect(words("# wget x\necho a#b '# c' # curl y")).toEqual(["echo a#b # c"])
  })

  it("does not parse here-document bodies as commands", () => {
    expect(words("python - <<'EOF'\nimport os\nwget = 1\nEOF\necho done")).toEqual(["python -", "echo done"])
  })

  it("finds commands inside $(...), backticks, subshells and compound commands", () => {
    const found = words("X=$(curl -s u) y `wget v`; (git pull); if a; then b; else c; fi; for i in 1; do d; done")
    expect(found).toEqual(["curl -s u", "wget v", "y `wget v`", "git pull", "a", "b", "c", "d"])
  })

  it("finds the commands of a bash -c or sh -c body", () => {
    const found = parseCommands(`bash -c 'cd /x && pip install y' && sh -lc "wget z"`)
    expect(found.map((c) => c.words.join(" "))).toEqual([
      "bash -c cd /x && pip install y",
      "cd /x",
      "pip install y",
      "sh -lc wget z",
      "wget z",
    ])
    expect(found.map((c) => c.nested)).toEqual([false, true, true, false, true])
  })

  it("records the source text of each command", () => {
    expect(parseCommands(`A=1 python  "t.py" > log 2>&1 && echo ok`).map((c) => c.text)).toEqual([
      `A=1 python  "t.py" > log 2>&1`,
      "echo ok",
    ])
  })

  it("separates leading assignments from words", () => {
    const [cmd] = parseCommands("CUDA_VISIBLE_DEVICES=0 A='b c' python t.py A=1")
    expect(cmd?.assignments).toEqual(["CUDA_VISIBLE_DEVICES=0", "A=b c"])
    expect(cmd?.words).toEqual(["python", "t.py", "A=1"])
  })

  it("treats a function body as commands that may run", () => {
    expect(words("run() { wget x; }\nrun")).toEqual(["wget x", "run"])
  })

  it("never throws on malformed input", () => {
    for (const s of ["(", ")", "if", "a &&", "'unterminated", '"x $(y', "case x in", "| |", "{ }", "$((1+"]) {
      expect(() => parseCommands(s)).not.toThrow()
    }
  })
})

describe("output resolution", () => {
  it("resolves redirections left to right, like the shell", () => {
    expect(sinks("p > f 2>&1")).toEqual(["p:file/file"])
    expect(sinks("p 2>&1 > f")).toEqual(["p:file/log"])
    expect(sinks("p &> f")).toEqual(["p:file/file"])
    expect(sinks("p >> f")).toEqual(["p:file/log"])
    expect(sinks("p > /dev/null 2>&1")).toEqual(["p:discarded/discarded"])
    expect(sinks("p 2> err.log > out.log")).toEqual(["p:file/file"])
  })

  it("counts a pipe into tee with a file as saved, and any other pipe as not", () => {
    expect(sinks("p 2>&1 | tee f")).toEqual(["p:file/file", "tee:log/log"])
    expect(sinks("p | tee f")).toEqual(["p:file/log", "tee:log/log"])
    expect(sinks("p |& tee -a f")).toEqual(["p:file/file", "tee:log/log"])
    expect(sinks("p 2>&1 | tee")).toEqual(["p:pipe/pipe", "tee:log/log"])
    expect(sinks("p 2>&1 | grep loss")).toEqual(["p:pipe/pipe", "grep:log/log"])
    expect(sinks("p 2>&1 | grep loss | tee f")[0]).toBe("p:file/file")
  })

  it("applies a group's redirections to the commands inside it", () => {
    expect(sinks("{ a; b; } > f 2>&1")).toEqual(["a:file/file", "b:file/file"])
    expect(sinks("(a; b) 2>&1 | tee f")).toEqual(["a:file/file", "b:file/file", "tee:log/log"])
    expect(sinks("for i in 1; do a; done &> f")).toEqual(["a:file/file"])
  })

  it("passes a bash -c command's output on to its body, and marks substitutions", () => {
    expect(sinks("bash -c 'a && b' 2>&1 | tee f").slice(0, 3)).toEqual(["bash:file/file", "a:file/file", "b:file/file"])
    expect(sinks("x $(a)")).toEqual(["a:substitution/log", "x:log/log"])
  })

  it("marks commands that run outside the platform's own shell", () => {
    const found = parseCommands("a; (b); c | d; { e; }; bash -c f; $(g)")
    expect(found.map((c) => `${c.words[0]}:${c.subshell}`)).toEqual([
      "a:false",
      "b:true",
      "c:true",
      "d:true",
      "e:false",
      "bash:false",
      "f:true",
      "g:true",
      "$(g):false",
    ])
  })
})

describe("unwrapCommand", () => {
  it.each([
    ["sudo -u me pip install x", "pip install x", ["sudo"]],
    ["env A=1 B=2 wget u", "wget u", ["env"]],
    ["nohup timeout -s KILL 3600 python t.py", "python t.py", ["nohup", "timeout"]],
    ["srun -n 4 --cpus-per-task 2 --exclusive python p.py", "python p.py", ["srun"]],
    ["srun --ntasks=4 python p.py", "python p.py", ["srun"]],
    ["conda run -n env python t.py", "python t.py", ["conda run"]],
    ["command -v pip", "command -v pip", []],
    ["/usr/bin/time python t.py", "python t.py", ["time"]],
  ])("%s", (command, expected, wrappers) => {
    const result = unwrapCommand(command.split(" "))
    expect(result.words.join(" ")).toBe(expected)
    expect(result.wrappers).toEqual(wrappers)
  })
})

describe("shellBody", () => {
  it("finds the -c script after options, in clusters too", () => {
    expect(shellBody(["bash", "-o", "pipefail", "-c", "x"])).toEqual({ index: 4, body: "x", login: false })
    expect(shellBody(["/bin/sh", "-lc", "x"])).toEqual({ index: 2, body: "x", login: true })
  })

  it("ignores shells that run a script file, and programs that are not shells", () => {
    expect(shellBody(["bash", "train.sh"])).toBeUndefined()
    expect(shellBody(["python", "-c", "x"])).toBeUndefined()
  })
})
