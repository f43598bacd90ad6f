import { describe, expect, it } from "vitest"
import type { Finding } from "../../../src/domain/lint/finding.js"
import { lintTrainingCommand } from "../../../src/domain/lint/training.js"
import { renderWords } from "../../../src/words/render.js"

const INIT = "source /opt/conda/etc/profile.d/conda.sh && conda activate exp && "
const LOG = " 2>&1 | tee /inspire/hdd/project/p/logs/x.log"

const rules = (findings: ReadonlyArray<Finding>) => findings.map((f) => `${f.level}:${f.rule}`)
const lint = (command: string, workspaceOnline: boolean | undefined = true, commandPrefix?: string) =>
  lintTrainingCommand(
    commandPrefix === undefined ? { command, workspaceOnline } : { command, workspaceOnline, commandPrefix },
  )
const ruleIds = (command: string, workspaceOnline: boolean | undefined = true, commandPrefix?: string) =>
  rules(lint(command, workspaceOnline, commandPrefix))

describe("empty-command", () => {
  it.each([[""], ["   "], ["\n\t"]])("rejects %j and nothing else", (command) => {
    expect(ruleIds(command)).toEqual(["error:empty-command"])
  })

  it("accepts a command with content", () => {
    expect(ruleIds("echo hi")).toEqual([])
  })
})

describe("offline-network", () => {
  const command = `${INIT}pip install x && git clone u && python t.py${LOG}`

  it("errors once per network command in an offline workspace", () => {
    const findings = lint(command, false).filter((f) => f.rule === "offline-network")
    expect(findings.map((f) => [f.level, f.match])).toEqual([
      ["error", "pip install x"],
      ["error", "git clone u"],
    ])
  })

  it("says nothing in an online workspace", () => {
    expect(ruleIds(command, true)).toEqual([])
  })

  it("warns when the workspace policy is unknown", () => {
    // Called directly: the helpers' default would turn an explicit undefined into "online".
    const findings = lintTrainingCommand({ command, workspaceOnline: undefined })
    expect(rules(findings)).toEqual(["warning:offline-network", "warning:offline-network"])
  })

  it("finds network commands hidden in bash -c, $(...) and later lines", () => {
    const findings = lint(`${INIT}bash -c "wget u" && X=$(curl -s v) python t.py${LOG}\nhf download m`, false)
    expect(findings.map((f) => f.match)).toEqual(["wget u", "curl -s v", "hf download m"])
  })

  it("checks the commandPrefix too", () => {
    expect(ruleIds(`python t.py${LOG}`, false, "pip install -r req.txt && cd /x")).toEqual(["error:offline-network"])
  })

  it.each([
    [`${INIT}echo "run wget later" && python download_wget.py${LOG}`],
    [`${INIT}pip install -e . && pip list && python curl_utils.py${LOG}`],
    [`${INIT}ls /opt/wget/bin && python t.py${LOG}`],
  ])("does not flag look-alikes offline: %s", (c) => {
    expect(ruleIds(c, false)).toEqual([])
  })
})

describe("no-env-init", () => {
  it.each([
    ["python train.py"],
    ["python3 -u train.py"],
    ["cd /x && torchrun --nproc_per_node 8 train.py"],
    ["deepspeed train.py"],
    ["accelerate launch train.py"],
    ["source ~/.bashrc && python train.py"],
    ["bash -c 'python train.py'"],
  ])("warns for %s", (command) => {
    const findings = lint(`${command}${LOG}`)
    expect(rules(findings)).toEqual(["warning:no-env-init"])
    expect(renderWords(findings[0]?.fix ?? "", "library")).toContain(
      "source /opt/conda/etc/profile.d/conda.sh && conda activate",
    )
    expect(renderWords(findings[0]?.message ?? "", "library")).toContain("non-interactive")
  })

  it.each([
    ["conda activate exp && python t.py"],
    ["source /opt/conda/etc/profile.d/conda.sh && conda activate exp && python t.py"],
    ["source /inspire/hdd/project/p/venv/bin/activate && python t.py"],
    [". venv/bin/activate; python t.py"],
    ["micromamba activate exp && python t.py"],
    ["export PATH=/opt/conda/envs/exp/bin:$PATH && python t.py"],
    ["PATH=/opt/conda/envs/exp/bin:$PATH python t.py"],
    ["/opt/conda/envs/exp/bin/python t.py"],
    ["conda run -n exp python t.py"],
    ['eval "$(conda shell.bash hook)" && conda activate exp && python t.py'],
    ["bash -lc 'python t.py'"],
    ["bash -c 'source /opt/conda/bin/activate exp && torchrun t.py'"],
  ])("accepts environment initialisation: %s", (command) => {
    expect(ruleIds(`${command}${LOG}`)).toEqual([])
  })

  it("is silenced by a commandPrefix", () => {
    expect(ruleIds(`python t.py${LOG}`, true, "source /opt/conda/etc/profile.d/conda.sh && conda activate x")).toEqual(
      [],
    )
    expect(ruleIds(`python t.py${LOG}`, true, "source /inspire/hdd/project/p/setup.sh")).toEqual([])
  })

  it("ignores blank prefixes and commands that run no Python", () => {
    expect(ruleIds(`python t.py${LOG}`, true, "  ")).toEqual(["warning:no-env-init"])
    expect(ruleIds("nvidia-smi && ls /inspire && echo python")).toEqual([])
  })
})

describe("no-log-capture", () => {
  it.each([
    ["python t.py"],
    ["torchrun t.py 2>&1 | grep loss"],
    ["deepspeed t.py > /dev/null 2>&1"],
    ["python prep.py > prep.log 2>&1 && python t.py"],
  ])("hints when output is not saved: %s", (command) => {
    const findings = lint(`${INIT}${command}`)
    expect(rules(findings)).toEqual(["hint:no-log-capture"])
    expect(renderWords(findings[0]?.fix ?? "", "library")).toContain("2>&1 | tee /inspire/hdd/project/{en_name}/logs/")
  })

  it.each([
    [LOG],
    [" > /inspire/hdd/project/p/logs/x.log 2>&1"],
    [" &> x.log"],
    [" >> x.log 2>&1"],
    [" |& tee x.log"],
    [" 2> err.log > out.log"],
  ])("accepts saved output: python t.py%s", (capture) => {
    expect(ruleIds(`${INIT}python t.py${capture}`)).toEqual([])
  })

  it("accepts a group or bash -c whose output is saved as a whole", () => {
    expect(ruleIds(`${INIT}(python a.py && torchrun b.py)${LOG}`)).toEqual([])
    expect(ruleIds(`${INIT}bash -c 'python a.py; python b.py'${LOG}`)).toEqual([])
  })

  it.each([[" | tee x.log"], [" > x.log"], [" 2>&1 > x.log"]])(
    "hints that stderr is lost with python t.py%s",
    (capture) => {
      const findings = lint(`${INIT}python t.py${capture}`)
      expect(rules(findings)).toEqual(["hint:no-log-capture"])
      expect(renderWords(findings[0]?.message ?? "", "library")).toContain("tracebacks")
    },
  )

  it("ignores Python that is not a training run", () => {
    expect(ruleIds(`${INIT}python --version && python -c 'import torch' && N=$(python n.py)`)).toEqual([])
  })
})

describe("set-e", () => {
  it.each([["set -e"], ["set -euo pipefail"], ["set -o errexit"], ["{ set -ex; }"]])("warns for %s", (line) => {
    const findings = lint(`${line}\n${INIT}python t.py${LOG}`)
    expect(rules(findings)).toEqual(["warning:set-e"])
    expect(findings[0]?.match).toBe(line.replace(/[{};]/g, "").trim())
  })

  it.each([["set -x"], ["set +e"], ['echo "set -e"'], ["bash -c 'set -e; make'"], ["(set -e; make)"], ["set -- -e"]])(
    "does not warn for %s",
    (line) => {
      expect(ruleIds(`${line}\n${INIT}python t.py${LOG}`)).toEqual([])
    },
  )
})

describe("torchrun-rdzv", () => {
  it.each([
    ["torchrun --rdzv_endpoint=$MASTER_ADDR:29500 t.py"],
    ["torchrun --rdzv-endpoint $MASTER_ADDR:29500 t.py"],
    ["torchrun --rdzv_backend c10d --nnodes 2 t.py"],
    ["python -m torch.distributed.run --rdzv-backend=c10d t.py"],
  ])("warns for %s", (command) => {
    const findings = lint(`${INIT}${command}${LOG}`)
    expect(rules(findings)).toEqual(["warning:torchrun-rdzv"])
    expect(renderWords(findings[0]?.fix ?? "", "library")).toMatch(/MASTER_ADDR.*MASTER_PORT|PET_NNODES/)
    expect(renderWords(findings[0]?.fix ?? "", "library")).toContain("PET_NODE_RANK")
  })

  it("accepts torchrun launched from the injected variables", () => {
    const command =
      "torchrun --nnodes=$PET_NNODES --node_rank=$PET_NODE_RANK --nproc_per_node=$PET_NPROC_PER_NODE " +
      "--master_addr=$MASTER_ADDR --master_port=$MASTER_PORT t.py"
    expect(ruleIds(`${INIT}${command}${LOG}`)).toEqual([])
    expect(ruleIds(`${INIT}python t.py --rdzv_endpoint x${LOG}`)).toEqual([])
  })
})

describe("a realistic multi-line command", () => {
  it("reports each problem once, in rule order", () => {
    const command = [
      "set -e",
      "cd /inspire/hdd/project/p/code",
      "pip install -r requirements.txt",
      "torchrun --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT \\",
      "  --nproc_per_node=$PET_NPROC_PER_NODE train.py",
    ].join("\n")
    expect(ruleIds(command, false)).toEqual([
      "error:offline-network",
      "warning:no-env-init",
      "hint:no-log-capture",
      "warning:set-e",
      "warning:torchrun-rdzv",
    ])
  })
})
