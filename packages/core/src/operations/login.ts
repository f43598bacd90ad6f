import { z } from "zod"
import { type LoginResult, saveHarborLogin, saveInspireLogin } from "../auth/save.js"
import { defineOperation } from "./operation.js"
import { renderFields } from "./render.js"

const Input = z.object({
  target: z
    .enum(["inspire", "harbor"])
    .default("inspire")
    .describe("inspire = the platform account (学工号); harbor = a registry robot account"),
  username: z
    .string()
    .min(1)
    .describe("学工号 for inspire; the robot account name (robot$inspire-studio+…) for harbor"),
  password: z.string().min(1).describe("The password; it is stored in a 0600 file and never echoed back"),
  registry: z
    .enum(["qb", "sj"])
    .default("qb")
    .describe("For harbor: qb (七宝, all spaces but SJ) or sj (松江, SJ spaces only)"),
})

const Output = () =>
  z.object({
    target: z.enum(["inspire", "harbor"]).describe("Which account was saved"),
    registry: z.enum(["qb", "sj"]).optional().describe("For harbor: the registry"),
    profile: z.string().describe("The profile it was saved to"),
    username: z.string().describe("The account name (never the password)"),
    saved: z.boolean().describe("Whether the credentials were stored"),
    verified: z.boolean().describe("True when the platform accepted them just now; false when it could not be asked"),
    method: z.enum(["token", "session"]).optional().describe("How the platform accepted the account"),
    message: z.string().describe("What happened, in one line"),
  })

export const loginOperation = defineOperation({
  name: "login",
  title: "Save and check credentials",
  description:
    "Saves the platform account (target=inspire) or a Harbor robot account (target=harbor, registry qb|sj, from 启智平台 → 镜像管理 → 本地推送; not the platform password) and checks it when the platform can be reached. " +
    "Rejected credentials are not saved. When the platform cannot be reached (off campus, no VPN) they are saved anyway and reported as not verified; they will work once the network is back. " +
    "Prefer logging in from a terminal (`inspire login`), which keeps the password out of the conversation. Next: inspire_status.",
  input: Input,
  output: Output,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  run: (input) =>
    input.target === "inspire"
      ? saveInspireLogin(input.username, input.password)
      : saveHarborLogin(input.registry, input.username, input.password),
  render: (r: LoginResult) =>
    [
      r.message,
      renderFields([
        ["profile", r.profile],
        ["account", r.username],
        ["target", r.target === "harbor" ? `harbor (${r.registry})` : "inspire"],
        [
          "verified",
          r.verified
            ? `yes${r.method !== undefined ? ` (${r.method})` : ""}`
            : "no (saved; the platform could not be reached)",
        ],
      ]),
    ].join("\n"),
})
