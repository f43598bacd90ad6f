import type { CliCommandContribution } from "./sdk.js"

const common = {
  username: { type: "string", description: "The account name" },
  password: { type: "string", description: "The password (stored in a 0600 file, never printed)" },
  "password-file": {
    type: "string",
    description: "Read the password from this file instead: keeps it out of Synergy's log and your shell history",
  },
  profile: { type: "string", description: "The holos-inspire profile to save it in (default: the current one)" },
} as const

/** What `synergy inspire --help` shows; the handlers load with the rest of the runtime on first use. */
export const LOGIN_COMMANDS: ReadonlyArray<Omit<CliCommandContribution, "kind" | "handler">> = [
  {
    id: "login",
    description: "Save and check your SII Inspire platform account (学工号) for inspire, inspire-mcp and Synergy",
    options: { ...common, username: { type: "string", description: "Your 学工号" } },
    timeoutMs: 90_000,
  },
  {
    id: "harbor-login",
    description: "Save and check a Harbor robot account (启智平台 → 镜像管理 → 本地推送) for image pushes",
    options: {
      ...common,
      username: { type: "string", description: "The robot account, robot$inspire-studio+…" },
      registry: { type: "string", description: "qb (七宝, default) or sj (松江, SJ spaces only)" },
    },
    timeoutMs: 90_000,
  },
]
