import { createRequire as __inspireCreateRequire } from "node:module"
const require = __inspireCreateRequire(import.meta.url)
import {
  runWaiterProcess
} from "./chunks/shared-impl-waiter.js";
import {
  init_define_INSPIRE_SETTINGS,
  init_define_INSPIRE_SKILL,
  init_define_INSPIRE_TOOLS
} from "./chunks/shared-dist-docker-impl-index-locales.zh-CN.generated-undici-waiter-websocket.js";

// src/waiter.ts
init_define_INSPIRE_SETTINGS();
init_define_INSPIRE_SKILL();
init_define_INSPIRE_TOOLS();
import { parseArgs } from "node:util";
var { positionals, values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { profile: { type: "string" } }
});
var id = positionals[0];
if (id === void 0) {
  process.stderr.write("usage: waiter.js <waiter id> [--profile <name>] (inspire waiters lists them)\n");
  process.exitCode = 2;
} else await runWaiterProcess(id, values.profile);
