import { createRequire as __inspireCreateRequire } from "node:module"
const require = __inspireCreateRequire(import.meta.url)
import {
  SETTINGS_READ,
  modelToolName,
  tool
} from "./shared-impl-index.js";
import {
  InspireError,
  OPERATIONS,
  checkInput,
  checkOperationInput,
  createInspireClient,
  external_exports,
  inputJsonSchema,
  invoke,
  invokeParsed,
  loginOperation,
  notifyAfter,
  notifyTargetOf,
  recoverAttemptsOf,
  recoverOf,
  renderDeep,
  renderError,
  renderWords,
  resolveStorePaths,
  takeNotify,
  withNotifyField
} from "./shared-impl-waiter.js";
import {
  init_define_INSPIRE_SETTINGS,
  init_define_INSPIRE_SKILL,
  init_define_INSPIRE_TOOLS
} from "./shared-dist-docker-impl-index-locales.zh-CN.generated-undici-waiter-websocket.js";

// src/impl.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();

// src/cli.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();
import { readFile } from "node:fs/promises";

// ../../packages/core/src/index.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();

// ../../packages/core/src/operations/common/forward.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();

// ../../packages/core/src/api/forward/relay.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();

// ../../packages/core/src/api/forward/targets.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();

// ../../packages/core/src/operations/toolsets.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();
var TOOLSETS = {
  core: ["config", "login", "status", "jobs", "job_detail", "logs", "metrics", "wait", "events", "job_exec"],
  submit: ["submit", "submit_hpc", "submit_ray", "resubmit", "stop", "sweep"],
  notebooks: ["notebook", "notebook_exec", "notebook_files", "notebook_shell", "storage"],
  serving: ["inference", "models"],
  images: ["images", "image_push"],
  capacity: ["availability", "usage"]
};
var TOOLSET_NAMES = Object.keys(TOOLSETS);
var isToolsetName = (name) => Object.hasOwn(TOOLSETS, name);
var chooseToolsets = (names2) => {
  const named = names2.map((n) => n.trim()).filter((n) => n !== "");
  if (named.includes("all")) return { toolsets: TOOLSET_NAMES };
  const unknown = named.filter((n) => !isToolsetName(n));
  if (unknown.length > 0 || named.length === 0) return { unknown };
  return { toolsets: TOOLSET_NAMES.filter((n) => named.includes(n)) };
};
var toolsetOf = (operation) => TOOLSET_NAMES.find((set) => TOOLSETS[set].includes(operation.name)) ?? "core";

// ../../packages/core/src/words/index.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();

// src/cli.ts
var USAGE = 2;
var LOGIN_NEEDED = 4;
var exitCodeOf = (reason) => {
  if (reason === "InvalidInput") return USAGE;
  if (reason === "NotLoggedIn" || reason === "CredentialsRejected" || reason === "SessionExpired" || reason === "RegistryAuthFailed")
    return LOGIN_NEEDED;
  return 1;
};
var text2 = (value) => typeof value === "string" && value.trim() !== "" ? value : void 0;
var failure = (message, hint, exitCode) => ({
  stderr: `error: ${message}
hint: ${hint}
`,
  exitCode
});
var passwordOf = async (args, target) => {
  if (typeof args.password === "string" && args.password !== "") return args.password;
  const file = text2(args["password-file"]);
  if (file !== void 0) {
    const read = await readFile(file, "utf8").catch(() => void 0);
    const password = read?.replace(/\r?\n$/, "");
    if (password === void 0 || password === "")
      return failure(
        `Could not read a password from ${file}.`,
        "Give a readable file holding only the password.",
        USAGE
      );
    return password;
  }
  const fromEnv = target === "inspire" ? process.env.INSPIRE_PASSWORD : void 0;
  return fromEnv !== void 0 && fromEnv !== "" ? fromEnv : void 0;
};
var saveLogin = async (args, target) => {
  const command = target === "inspire" ? "login" : "harbor-login";
  const username = text2(args.username);
  const password = await passwordOf(args, target);
  if (typeof password === "object") return password;
  if (username === void 0 || password === void 0)
    return failure(
      "--username and a password are both needed.",
      `synergy inspire ${command} --username <${target === "inspire" ? "学工号" : "robot account"}> --password <password>${target === "harbor" ? " [--registry qb|sj]" : ""} (or --password-file <file>${target === "inspire" ? ", or INSPIRE_PASSWORD in the environment" : ""})`,
      USAGE
    );
  const registry = text2(args.registry) ?? "qb";
  if (target === "harbor" && registry !== "qb" && registry !== "sj")
    return failure(`Unknown registry "${registry}".`, "Use --registry qb (七宝, the default) or sj (松江).", USAGE);
  const profile = text2(args.profile);
  const client = createInspireClient({ env: process.env, words: "cli", ...profile !== void 0 ? { profile } : {} });
  try {
    const run = await client.run(
      invoke(loginOperation, { target, username, password, ...target === "harbor" ? { registry } : {} })
    );
    const store = resolveStorePaths(process.env).credentialsFile;
    return { stdout: `${run.text}
store: ${store}
`, exitCode: 0 };
  } catch (e) {
    if (e instanceof InspireError) return failure(e.message, renderWords(e.hint, "cli"), exitCodeOf(e.reason));
    return failure(
      "The login could not be completed because of an unexpected error.",
      "Run it again; if it keeps failing, report it with `synergy inspire login` and the time.",
      1
    );
  } finally {
    await client.close();
  }
};
var loginHandlers = {
  login: (args) => saveLogin(args, "inspire"),
  "harbor-login": (args) => saveLogin(args, "harbor")
};

// src/tools.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();

// src/choice.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();
var WHERE = "pluginConfig.inspire in $SYNERGY_HOME/.synergy/config/synergy.d/50-plugins.jsonc";
var SETTINGS_SCHEMA = {
  type: "object",
  properties: {
    toolsets: {
      type: "array",
      items: { type: "string" },
      default: ["all"],
      description: `The tool sets whose tools may run: ${TOOLSET_NAMES.join(", ")}, or all (the default)`
    },
    readOnly: {
      type: "boolean",
      default: false,
      description: "Offer and run only the tools that change nothing on the platform"
    }
  }
};
var choiceOf = (values) => {
  const raw = values.toolsets ?? ["all"];
  const names2 = typeof raw === "string" ? raw.split(",") : Array.isArray(raw) ? raw.map(String) : void 0;
  const chosen = names2 === void 0 ? { unknown: [] } : chooseToolsets(names2);
  if (!("toolsets" in chosen))
    return `The setting toolsets (${WHERE}) names ${chosen.unknown.length > 0 ? `an unknown toolset "${chosen.unknown.join('", "')}"` : "no toolset"}; the toolsets are ${TOOLSET_NAMES.join(", ")}, or all. Correct it and call again.`;
  if (values.readOnly !== void 0 && typeof values.readOnly !== "boolean")
    return `The setting readOnly (${WHERE}) must be true or false, not ${JSON.stringify(values.readOnly)}.`;
  return { toolsets: chosen.toolsets, readOnly: values.readOnly === true };
};
var refusalOf = async (op, context, notifying = false) => {
  const choice = choiceOf(await context.settings?.get() ?? {});
  if (typeof choice === "string") return choice;
  const name = modelToolName(op.name);
  if (choice.readOnly && !op.annotations.readOnly)
    return `${name} changes the platform, and the plugin runs read-only (readOnly: true in ${WHERE}): only tools that change nothing can be called. Set readOnly to false to use it.`;
  if (choice.readOnly && notifying)
    return `notify and recover leave a waiter that sends and resubmits, and the plugin runs read-only (readOnly: true in ${WHERE}). Call ${name} without them, or set readOnly to false.`;
  const set = toolsetOf(op);
  if (!choice.toolsets.includes(set))
    return `${name} is in the toolset "${set}", which the plugin's settings leave out (toolsets: ${choice.toolsets.join(", ")}). Add "${set}" to toolsets in ${WHERE} (or set ["all"]) to use it.`;
  return void 0;
};

// src/result.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();
var names = [...OPERATIONS.map((op) => op.name), "poll"].sort((a, b) => b.length - a.length);
var MCP_NAME = new RegExp(`\\binspire_(${names.join("|")})\\b`, "g");
var synergyNames = (text3) => text3.replace(MCP_NAME, (_, name) => modelToolName(name));
var REASON_TITLES = {
  NotLoggedIn: "not logged in",
  CredentialsRejected: "credentials rejected",
  SessionExpired: "session expired",
  Forbidden: "not allowed",
  NotFound: "not found",
  InvalidInput: "invalid input",
  Conflict: "conflict",
  RateLimited: "rate limited",
  PlatformUnreachable: "platform unreachable",
  PlatformError: "platform error",
  DockerUnavailable: "Docker unavailable",
  RegistryAuthFailed: "registry login failed",
  StoreError: "store error"
};
var MAX_CANDIDATES = 40;
var LOGIN_COMMAND = "synergy inspire login --username <学工号> --password <password>";
var candidateLine = (c) => typeof c === "string" ? c : JSON.stringify(c);
var errorFields = (e) => ({
  reason: e.reason,
  message: e.message,
  hint: renderWords(e.hint, "mcp"),
  ...e.candidates !== void 0 ? { candidates: e.candidates } : {},
  ...e.fix !== void 0 ? { fix: renderWords(e.fix, "mcp") } : {},
  ...e.ambiguous !== void 0 ? { ambiguous: e.ambiguous } : {},
  ...e.code !== void 0 ? { code: e.code } : {}
});
var problemResult = (title, error) => {
  const e = renderError(error, "mcp");
  const lines = [`Problem: ${e.message}`, `Hint: ${renderWords(e.hint, "mcp")}`];
  if (e.reason === "NotLoggedIn" || e.reason === "CredentialsRejected" || e.reason === "SessionExpired")
    lines.push(`In a terminal: ${LOGIN_COMMAND} (saved for the inspire CLI, its MCP server and this plugin alike).`);
  if (e.fix !== void 0) lines.push(`Suggested fix: ${renderWords(e.fix, "mcp")}`);
  if (e.ambiguous === true)
    lines.push("The request may still have taken effect: check (e.g. with inspire_jobs) before repeating it.");
  if (e.candidates !== void 0 && e.candidates.length > 0) {
    lines.push("Candidates:");
    for (const c of e.candidates.slice(0, MAX_CANDIDATES)) lines.push(`- ${candidateLine(c)}`);
    if (e.candidates.length > MAX_CANDIDATES) lines.push(`(${e.candidates.length - MAX_CANDIDATES} more)`);
  }
  return {
    title: `${title}: ${REASON_TITLES[e.reason]}`,
    output: synergyNames(lines.join("\n")),
    metadata: { ok: false, error: errorFields(e) }
  };
};
var successResult = (title, text3, result, note) => ({
  title,
  output: synergyNames(note !== void 0 ? `${text3}

${note}` : text3),
  metadata: { ok: true, result }
});

// src/runs.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();
import { randomBytes } from "node:crypto";
var DEFAULT_BUDGET_MS = 1e5;
var callBudgetMs = (env = process.env) => {
  const n = Number(env.INSPIRE_PLUGIN_CALL_BUDGET_MS);
  return Number.isFinite(n) && n > 0 ? Math.min(n, DEFAULT_BUDGET_MS) : DEFAULT_BUDGET_MS;
};
var runs = /* @__PURE__ */ new Map();
var KEEP_FINISHED_MS = 60 * 60 * 1e3;
var prune = (now) => {
  for (const [handle, run] of runs)
    if (run.live.settledAt !== void 0 && now - run.live.settledAt > KEEP_FINISHED_MS) runs.delete(handle);
};
var settle = (work) => work.then(
  (result) => ({ result }),
  (defect) => ({ defect })
);
var sleep = (ms) => {
  let timer;
  const p = new Promise((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  p.cancel = () => clearTimeout(timer);
  return p;
};
var seconds = (ms) => `${Math.round(ms / 1e3)} s`;
var progressLine = (p) => {
  if (p === void 0) return "";
  const counts = p.current !== void 0 && p.total !== void 0 ? ` (${p.current}/${p.total})` : "";
  return `
Last progress: ${p.message}${counts}`;
};
var runBounded = async (tool2, work, hostSignal, budgetMs = callBudgetMs()) => {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  if (hostSignal?.aborted === true) controller.abort();
  hostSignal?.addEventListener("abort", onAbort, { once: true });
  const startedAt = Date.now();
  const live = {};
  const done = settle(
    work(controller.signal, (p) => {
      live.progress = p;
    })
  );
  const timer = sleep(budgetMs);
  const first = await Promise.race([done, timer]);
  hostSignal?.removeEventListener("abort", onAbort);
  if (first !== "timeout") {
    timer.cancel();
    if ("defect" in first) throw first.defect;
    return first.result;
  }
  prune(Date.now());
  const handle = `run-${randomBytes(6).toString("hex")}`;
  runs.set(handle, { handle, tool: tool2, startedAt, controller, done, live });
  void done.then((s) => {
    live.settled = s;
    live.settledAt = Date.now();
  });
  return {
    title: `${tool2}: still running (handle ${handle})`,
    output: `${tool2} is still running after ${seconds(budgetMs)}; it goes on in the background. Call ${modelToolName("poll")} with handle "${handle}" to get its result (cancel=true stops it). Do not start it again meanwhile.${progressLine(live.progress)}`,
    metadata: { ok: true, state: "running", handle, tool: tool2 }
  };
};
var unknownHandle = (handle) => ({
  title: `poll: unknown handle ${handle}`,
  output: `Problem: there is no background call "${handle}" in this plugin process.
Hint: the plugin process may have restarted (Synergy restarts it after an upgrade or a timeout), which ends its background work. Check whether the work happened (the job list, the download file, the image) before starting it again.`,
  metadata: { ok: false, error: { reason: "NotFound", message: `Unknown handle ${handle}` }, handle }
});
var finished = (run, s) => {
  if ("defect" in s) throw s.defect;
  return {
    ...s.result,
    title: `${s.result.title ?? run.tool} (background call ${run.handle})`,
    metadata: { ...s.result.metadata, handle: run.handle, state: "done" }
  };
};
var pollRun = async (options, hostSignal) => {
  prune(Date.now());
  const run = runs.get(options.handle);
  if (run === void 0) return unknownHandle(options.handle);
  if (options.cancel) run.controller.abort();
  if (run.live.settled !== void 0) return finished(run, run.live.settled);
  const timer = sleep(options.cancel ? Math.max(options.waitMs, 1e4) : options.waitMs);
  const aborted = new Promise(
    (resolve) => hostSignal?.addEventListener("abort", () => resolve("timeout"), { once: true })
  );
  const first = await Promise.race([run.done, timer, aborted]);
  timer.cancel();
  if (first !== "timeout") return finished(run, first);
  return {
    title: `${run.tool}: still running (handle ${run.handle})`,
    output: `${run.tool} has been running for ${seconds(Date.now() - run.startedAt)}. Call ${modelToolName("poll")} again with handle "${run.handle}" later.${progressLine(run.live.progress)}`,
    metadata: { ok: true, state: "running", handle: run.handle, tool: run.tool, progress: run.live.progress }
  };
};

// src/waiter-start.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();
import { fileURLToPath } from "node:url";
var script = () => fileURLToPath(new URL("../waiter.js", import.meta.url));
var waiterCommand = (id, profile) => {
  const args = [script(), id, ...profile !== void 0 ? ["--profile", profile] : []];
  return process.versions.bun !== void 0 ? { file: process.execPath, args: ["run", ...args], env: { ...process.env, BUN_BE_BUN: "1" } } : { file: process.execPath, args };
};

// src/tools.ts
var cancelledResult = (op) => ({
  title: `${op.title}: cancelled`,
  output: `${op.name} was cancelled before it finished. A write may or may not have reached the platform; check before repeating it.`,
  metadata: { ok: false, error: { reason: "Cancelled", message: `${op.name} was cancelled.` } }
});
var executeOperation = async (op, prepared, signal, progress) => {
  const client = createInspireClient({ env: process.env, words: "mcp" });
  try {
    const target = prepared.notify !== void 0 ? await client.run(notifyTargetOf(prepared.notify)) : void 0;
    const recover = await client.run(recoverAttemptsOf(prepared.recover));
    const lang = await client.language();
    const worded = (p) => progress({ ...p, message: synergyNames(renderWords(p.message, "mcp", lang)) });
    const done = await client.run(invokeParsed(op, prepared.input, { progress: worded }), { signal });
    const told = target !== void 0 || recoverOf(op, done.result, recover) > 0 ? await notifyAfter(waiterCommand, client, op, prepared.input, done.result, target, recover) : "";
    const note = [prepared.note?.(done.result), told.trim()].filter((n) => n !== void 0 && n !== "").join("\n");
    return successResult(op.title, done.text, done.result, note !== "" ? note : void 0);
  } catch (e) {
    if (e instanceof InspireError) return problemResult(op.title, e);
    if (signal.aborted) return cancelledResult(op);
    throw e;
  } finally {
    await client.close();
  }
};
var WAIT_MARGIN_S = 10;
var prepare = (op, raw) => {
  const { args, ...notifying } = takeNotify(op, raw);
  const parsed = checkOperationInput(op, args);
  if (parsed._tag === "Left") return parsed.left;
  const input = parsed.right;
  const field = op.agent?.waitField;
  const asked = field !== void 0 ? input[field] : void 0;
  if (field === void 0 || typeof asked !== "number") return { input, ...notifying };
  const cap = Math.max(1, Math.floor(callBudgetMs() / 1e3) - WAIT_MARGIN_S);
  if (asked <= cap) return { input, ...notifying };
  return {
    ...notifying,
    input: { ...input, [field]: cap },
    note: (result) => result.outcome === "timed-out" ? `Synergy limits one tool call to 120 s, so this call waited ${cap} s of the ${asked} s asked; call ${modelToolName(op.name)} again to keep waiting.` : void 0
  };
};
var BUDGET_S = DEFAULT_BUDGET_MS / 1e3;
var BACKGROUND_NOTE = ` Long runs continue in the background: after about ${BUDGET_S} s the call returns a handle; fetch the result with ${modelToolName("poll")}.`;
var describe = (op) => {
  const base = synergyNames(renderWords(op.description, "mcp"));
  if (op.agent?.waitField !== void 0)
    return `${base} One call waits at most ${BUDGET_S - WAIT_MARGIN_S} s (Synergy's per-call limit); call again to wait longer.`;
  if (op.agent?.longRunning === true) return base + BACKGROUND_NOTE;
  return base;
};
var operationTool = (op) => tool({
  id: op.name,
  description: describe(op),
  input: withNotifyField(op, renderDeep(inputJsonSchema(op), "mcp")),
  // The host checks arguments against the JSON Schema but hands over raw JSON: core's zod schema
  // validates them again, strictly (an unknown key is refused, not dropped), once, in prepare.
  // Every tool reads the plugin's settings (toolsets, readOnly); a tool that changes the platform is
  // not offered at all while readOnly is set.
  requires: [SETTINGS_READ],
  ...op.annotations.readOnly ? {} : { enabledWhen: { setting: "readOnly", equals: false } },
  handler: async (raw, context) => {
    const asked = takeNotify(op, raw);
    const refused = await refusalOf(op, context, asked.notify !== void 0 || asked.recover !== void 0);
    if (refused !== void 0)
      return {
        title: `${op.title}: not enabled`,
        output: refused,
        metadata: { ok: false, error: { reason: "NotEnabled", message: refused } }
      };
    const prepared = prepare(op, raw);
    if (prepared instanceof InspireError) return problemResult(op.title, prepared);
    return runBounded(op.name, (signal, progress) => executeOperation(op, prepared, signal, progress), context.signal);
  }
});
var PollInput = external_exports.object({
  handle: external_exports.string().min(1).describe('The handle a call returned when it went on in the background, e.g. "run-1a2b3c4d5e6f"'),
  wait_seconds: external_exports.number().min(0).max(90).default(30).describe("How long to wait for it to finish before reporting that it is still running (default 30, at most 90)"),
  cancel: external_exports.boolean().default(false).describe("Stop the background call instead of waiting for it")
});
var pollTool = tool({
  id: "poll",
  description: "Gets the result of an inspire tool call that outlived Synergy's per-call time limit (a long log download, an image push, a slow platform) and went on in the background: such calls return a handle instead of a result. Waits up to wait_seconds, then returns the call's own result, or says it is still running with its last progress; cancel=true stops it. Handles live in the plugin process: after a Synergy restart they are gone, so check the outcome (jobs, files, images) before repeating the work.",
  input: inputJsonSchema({ input: PollInput }),
  handler: async (raw, context) => {
    const parsed = checkInput("poll", PollInput, raw);
    if (parsed._tag === "Left") return problemResult("poll", parsed.left);
    const input = parsed.right;
    return pollRun({ handle: input.handle, waitMs: input.wait_seconds * 1e3, cancel: input.cancel }, context.signal);
  }
});
var catalogueTools = () => [...OPERATIONS.map(operationTool), pollTool];

// src/impl.ts
var tools = new Map(catalogueTools().map((t) => [t.id, t]));
var callTool = (id, raw, context) => {
  const found = tools.get(id);
  if (found === void 0) throw new Error(`The runtime has no tool ${id}; rebuild the plugin.`);
  return found.handler(raw, context);
};
var runCommand = (id, args) => {
  const found = loginHandlers[id];
  if (found === void 0) throw new Error(`The runtime has no command ${id}; rebuild the plugin.`);
  return found(args);
};
export {
  callTool,
  runCommand
};
