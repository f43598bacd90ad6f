import { createRequire as __inspireCreateRequire } from "node:module"
const require = __inspireCreateRequire(import.meta.url)
import {
  PLUGIN_ID,
  SETTINGS_READ,
  capability,
  cliCommand,
  definePlugin,
  settings,
  skill,
  tool
} from "./chunks/shared-impl-index.js";
import {
  define_INSPIRE_SETTINGS_default,
  define_INSPIRE_SKILL_default,
  define_INSPIRE_TOOLS_default,
  init_define_INSPIRE_SETTINGS,
  init_define_INSPIRE_SKILL,
  init_define_INSPIRE_TOOLS
} from "./chunks/shared-dist-docker-impl-index-locales.zh-CN.generated-undici-waiter-websocket.js";

// src/index.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();

// src/cli-spec.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();
var common = {
  username: { type: "string", description: "The account name" },
  password: { type: "string", description: "The password (stored in a 0600 file, never printed)" },
  "password-file": {
    type: "string",
    description: "Read the password from this file instead: keeps it out of Synergy's log and your shell history"
  },
  profile: { type: "string", description: "The holos-inspire profile to save it in (default: the current one)" }
};
var LOGIN_COMMANDS = [
  {
    id: "login",
    description: "Save and check your SII Inspire platform account (学工号) for inspire, inspire-mcp and Synergy",
    options: { ...common, username: { type: "string", description: "Your 学工号" } },
    timeoutMs: 9e4
  },
  {
    id: "harbor-login",
    description: "Save and check a Harbor robot account (启智平台 → 镜像管理 → 本地推送) for image pushes",
    options: {
      ...common,
      username: { type: "string", description: "The robot account, robot$inspire-studio+…" },
      registry: { type: "string", description: "qb (七宝, default) or sj (松江, SJ spaces only)" }
    },
    timeoutMs: 9e4
  }
];

// src/index.ts
var impl = () => import("./chunks/impl.js");
var tools = define_INSPIRE_TOOLS_default.map(
  (t) => tool({ ...t, handler: async (raw, context) => (await impl()).callTool(t.id, raw, context) })
);
var commands = LOGIN_COMMANDS.map(
  (c) => cliCommand({ ...c, handler: async (args) => (await impl()).runCommand(c.id, args) })
);
var skills = define_INSPIRE_SKILL_default === null ? [] : [skill({ id: define_INSPIRE_SKILL_default.name, skill: { ...define_INSPIRE_SKILL_default } })];
var settingsForm = settings({
  id: "settings",
  label: "SII Inspire",
  order: 0,
  group: "plugins",
  formSchema: define_INSPIRE_SETTINGS_default
});
var src_default = definePlugin({
  id: PLUGIN_ID,
  name: "SII Inspire",
  version: "0.1.0",
  description: "The SII Inspire GPU/HPC platform (启智平台) for agents: resources, training/HPC jobs, logs, metrics, images, notebooks, inference and models, with the credentials shared by the inspire CLI and MCP server.",
  repository: "github:SII-Holos/holos-inspire",
  keywords: ["sii", "inspire", "gpu", "hpc", "slurm", "training"],
  capabilities: [capability(SETTINGS_READ)],
  contributions: [...tools, settingsForm, ...skills, ...commands]
});
export {
  src_default as default
};
