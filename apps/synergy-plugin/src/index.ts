import { LOGIN_COMMANDS } from "./cli-spec.js"
import { PLUGIN_ID, SETTINGS_READ } from "./ids.js"
import { type Contribution, capability, cliCommand, definePlugin, settings, skill, tool } from "./sdk.js"

// This entry only declares: the tools' descriptions and schemas were computed from the catalogue by the
// build, and the code that runs them (core and its dependencies) is imported on the first call.
const impl = () => import("./impl.js")

const tools: ReadonlyArray<Contribution> = __INSPIRE_TOOLS__.map((t) =>
  tool({ ...t, handler: async (raw, context) => (await impl()).callTool(t.id, raw, context) }),
)

const commands: ReadonlyArray<Contribution> = LOGIN_COMMANDS.map((c) =>
  cliCommand({ ...c, handler: async (args) => (await impl()).runCommand(c.id, args) }),
)

// The build copies skills/sii-inspire into the package when it exists; without it there is no skill.
const skills: ReadonlyArray<Contribution> =
  __INSPIRE_SKILL__ === null ? [] : [skill({ id: __INSPIRE_SKILL__.name, skill: { ...__INSPIRE_SKILL__ } })]

// The settings (pluginConfig.inspire): toolsets and readOnly, as the MCP server's --toolsets and --read-only.
const settingsForm = settings({
  id: "settings",
  label: "SII Inspire",
  order: 0,
  group: "plugins",
  formSchema: __INSPIRE_SETTINGS__,
})

/** The Synergy plugin `inspire`: the catalogue as tools, the sii-inspire skill, `synergy inspire login`. */
export default definePlugin({
  id: PLUGIN_ID,
  name: "SII Inspire",
  version: __INSPIRE_PLUGIN_VERSION__,
  description:
    "The SII Inspire GPU/HPC platform (启智平台) for agents: resources, training/HPC jobs, logs, metrics, images, notebooks, inference and models, with the credentials shared by the inspire CLI and MCP server.",
  repository: "github:SII-Holos/holos-inspire",
  keywords: ["sii", "inspire", "gpu", "hpc", "slurm", "training"],
  capabilities: [capability(SETTINGS_READ)],
  contributions: [...tools, settingsForm, ...skills, ...commands],
})
