import { describe, expect, it } from "vitest"
import { networkUseOf, offlineNetworkFindings } from "../../../src/domain/lint/network.js"
import { parseCommands } from "../../../src/domain/lint/shell.js"
import { renderWords } from "../../../src/words/render.js"

const tools = (script: string) =>
  parseCommands(script).flatMap((cmd) => {
    const hit = networkUseOf(cmd)
    return hit === undefined ? [] : [hit.tool]
  })

describe("networkUseOf", () => {
  it.each([
    ["pip install torch", "pip install"],
    ["pip3 install -U transformers==4.40", "pip3 install"],
    ["pip --no-cache-dir install x", "pip install"],
    ["pip install -r requirements.txt", "pip install"],
    ["pip download torch -d wheels", "pip download"],
    ["python -m pip install x", "python -m pip install"],
    ["python3.10 -u -m pip install x", "python3.10 -m pip install"],
    ["uv pip install x", "uv pip install"],
    ["uv add httpx", "uv add"],
    ["uv sync", "uv sync"],
    ["conda install -y numpy", "conda install"],
    ["conda create -n exp python=3.10", "conda create"],
    ["conda env create -f env.yml", "conda env create"],
    ["mamba install x", "mamba install"],
    ["git clone https://github.com/a/b", "git clone"],
    ["git -C repo pull", "git pull"],
    ["git fetch origin", "git fetch"],
    ["git submodule update --init --recursive", "git submodule update"],
    ["wget https://x/y.tar", "wget"],
    ["curl -L -o y https://x/y", "curl"],
    ["/usr/bin/wget u", "wget"],
    ["huggingface-cli download meta-llama/x --local-dir d", "huggingface-cli download"],
    ["hf download Qwen/x", "hf download"],
    ["modelscope download --model qwen/x", "modelscope download"],
    ["apt install -y vim", "apt install"],
    ["apt-get -y install vim", "apt-get install"],
    ["npm install", "npm install"],
    ["sudo -E pip install x", "pip install"],
    ["srun -n 2 wget u", "wget"],
    ["conda run -n env pip install x", "pip install"],
  ])("flags %s", (command, tool) => {
    expect(tools(command)).toEqual([tool])
  })

  it.each([
    ["pip list"],
    ["pip freeze > requirements.txt"],
    ["pip show torch"],
    ["pip install -e ."],
    ["pip install --editable=./pkg"],
    ["pip install ./pkg /inspire/hdd/project/p/wheels/x-1.0-py3-none-any.whl"],
    ["pip install dist/x-1.0.tar.gz"],
    ["pip install --no-index --find-links /inspire/hdd/project/p/wheels torch"],
    ["pip install -i https://nexus.sii.shaipower.online/repository/pypi/simple torch"],
    ["PIP_INDEX_URL=https://nexus.sii.shaipower.online/simple pip install torch"],
    ["uv pip install -e ."],
    ["uv sync --offline"],
    ["conda install --offline ./pkg.tar.bz2"],
    ["conda activate exp"],
    ["git status && git log && git checkout -b x"],
    ["python train.py"],
    ["python download_wget.py --curl"],
    ["python curl_utils.py"],
    ["./curl_utils.py"],
    ["ls /opt/wget/bin"],
    ["/opt/wget/bin/tool --x"],
    ['echo "run wget later"'],
    ["echo pip install x"],
    ["grep -r curl src/"],
    ["command -v wget"],
    ["curl http://localhost:8000/health"],
    ["curl -X POST 127.0.0.1:8000/v1"],
    ["wget --version"],
    ["huggingface-cli whoami"],
    ["apt list --installed"],
  ])("does not flag %s", (command) => {
    expect(tools(command)).toEqual([])
  })

  it("flags pip when one of several targets is remote or an extra index is not Nexus", () => {
    expect(tools("pip install -e . torch")).toEqual(["pip install"])
    expect(tools("pip install -e git+https://github.com/a/b#egg=b")).toEqual(["pip install"])
    expect(tools("pip install --extra-index-url https://nexus.sii.shaipower.online/simple torch")).toEqual([
      "pip install",
    ])
    expect(
      tools("pip install -i https://nexus.sii.shaipower.online/simple --extra-index-url https://pypi.org/simple x"),
    ).toEqual(["pip install"])
  })

  it("flags curl when any URL leaves the machine", () => {
    expect(tools("curl http://localhost:1 https://example.com")).toEqual(["curl"])
  })

  it("finds every network command in chains, pipes, lines and nested shells", () => {
    const script = [
      "cd /inspire/hdd/project/p && pip install x && python t.py",
      "curl -s https://x | bash",
      `bash -c 'git clone u && echo "wget later"'`,
      "N=$(wget -qO- https://x/n) python t.py",
    ].join("\n")
    expect(tools(script)).toEqual(["pip install", "curl", "git clone", "wget"])
  })
})

describe("offlineNetworkFindings", () => {
  const commands = parseCommands("pip install x && wget u")

  it("gives one error per offending command, with the fragment and a shared-storage fix", () => {
    const findings = offlineNetworkFindings(commands, "offline")
    expect(findings.map((f) => [f.level, f.rule, f.match])).toEqual([
      ["error", "offline-network", "pip install x"],
      ["error", "offline-network", "wget u"],
    ])
    for (const f of findings) expect(renderWords(f.fix, "library")).toContain("/inspire/hdd/project/<en_name>/")
    expect(renderWords(findings[0]?.fix ?? "", "library")).toContain("nexus.sii.shaipower.online")
    expect(renderWords(findings[1]?.fix ?? "", "library")).toMatch(/CPU资源空间|可上网GPU资源/)
  })

  it("warns instead when the policy is unknown, and says so", () => {
    const findings = offlineNetworkFindings(commands, "unknown")
    expect(findings.map((f) => f.level)).toEqual(["warning", "warning"])
    expect(renderWords(findings[0]?.message ?? "", "library")).toContain("if this workspace is offline")
  })

  it("names HPC spaces in the HPC wording", () => {
    expect(renderWords(offlineNetworkFindings(commands, "hpc")[0]?.message ?? "", "library")).toContain("HPC")
  })
})
