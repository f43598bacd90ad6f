import { createRequire as __inspireCreateRequire } from "node:module"
const require = __inspireCreateRequire(import.meta.url)
import {
  init_define_INSPIRE_SETTINGS,
  init_define_INSPIRE_SKILL,
  init_define_INSPIRE_TOOLS
} from "./shared-dist-docker-impl-index-locales.zh-CN.generated-undici-waiter-websocket.js";

// src/ids.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();
var PLUGIN_ID = "inspire";
var modelToolName = (id) => `plugin__${PLUGIN_ID}__${id}`;
var SETTINGS_READ = "settings.read";

// src/sdk.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();
var PLUGIN_ID2 = /^[a-z][a-z0-9.-]*$/;
var CONTRIBUTION_ID = /^[a-z][A-Za-z0-9._-]*$/;
var SEMVER = /^\d+\.\d+\.\d+(?:-[a-zA-Z0-9.]+)?(?:\+[a-zA-Z0-9.]+)?$/;
var tool = (spec) => ({ kind: "tool", ...spec });
var cliCommand = (spec) => ({
  kind: "cli.command",
  ...spec
});
var settings = (spec) => ({
  kind: "ui.settings",
  ...spec
});
var capability = (id) => ({ id });
var skill = (spec) => ({ kind: "skill", ...spec });
var definePlugin = (spec) => {
  const problems = [];
  if (!PLUGIN_ID2.test(spec.id)) problems.push(`plugin id "${spec.id}" must match ${PLUGIN_ID2}`);
  if (!SEMVER.test(spec.version)) problems.push(`version "${spec.version}" is not semver`);
  if (spec.description.length < 1 || spec.description.length > 1024) problems.push("description must be 1–1024 chars");
  const capabilities = spec.capabilities ?? [];
  const granted = new Set(capabilities.map((c) => c.id));
  const seen = /* @__PURE__ */ new Set();
  const form = spec.contributions.find((c) => c.kind === "ui.settings")?.formSchema.properties;
  const declaredSettings = new Set(Object.keys(typeof form === "object" && form !== null ? form : {}));
  for (const c of spec.contributions) {
    const key = `${c.kind}:${c.id}`;
    if (!CONTRIBUTION_ID.test(c.id)) problems.push(`contribution id "${c.id}" must match ${CONTRIBUTION_ID}`);
    if (seen.has(key)) problems.push(`duplicate contribution ${key}`);
    seen.add(key);
    for (const r of "requires" in c ? c.requires ?? [] : [])
      if (!granted.has(r)) problems.push(`${key} requires undeclared capability ${r}`);
    if (c.kind === "tool" && c.input.type !== "object") problems.push(`${key}: input must be a JSON Schema object`);
    if (c.kind === "tool" && c.enabledWhen !== void 0 && !declaredSettings.has(c.enabledWhen.setting))
      problems.push(`${key}: enabledWhen names the undeclared setting ${c.enabledWhen.setting}`);
  }
  if (problems.length > 0) throw new Error(`Invalid plugin definition: ${problems.join("; ")}`);
  return {
    ...spec,
    compatibility: spec.compatibility ?? { synergy: ">=3.0.11" },
    capabilities,
    assets: [],
    handlerIds: spec.contributions.filter((c) => "handler" in c).map((c) => `${c.kind}:${c.id}`)
  };
};

export {
  PLUGIN_ID,
  modelToolName,
  SETTINGS_READ,
  tool,
  cliCommand,
  settings,
  capability,
  skill,
  definePlugin
};
