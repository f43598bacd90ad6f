import { z } from "zod"
import { saveHarborLogin, saveInspireLogin } from "../auth/save.js"
import { Effect } from "../effect.js"
import type { InspireError } from "../errors.js"
import { ActiveProfile } from "../profile.js"
import { Store } from "../store/store.js"
import { msg } from "../words/message.js"
import { callWord, joinText, text } from "../words/text.js"
import { defineOperation, type OutputOf } from "./catalogue/operation.js"
import { textOutput } from "./catalogue/schema.js"
import type { ClientServices } from "./catalogue/services.js"
import { PlanOutput, planned, renderPlan } from "./common/plan.js"
import { renderFields } from "./common/render.js"

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
  dry_run: z
    .boolean()
    .default(false)
    .describe("Show where the account would be checked and saved; send nothing, save nothing"),
})

const LoginOutput = () =>
  z.object({
    target: z.enum(["inspire", "harbor"]).describe("Which account was saved"),
    registry: z.enum(["qb", "sj"]).optional().describe("For harbor: the registry"),
    profile: z.string().describe("The profile it was saved to"),
    username: z.string().describe("The account name (never the password)"),
    saved: z.boolean().describe("Whether the credentials were stored"),
    verified: z.boolean().describe("True when the platform accepted them just now; false when it could not be asked"),
    method: z.enum(["token", "session"]).optional().describe("How the platform accepted the account"),
    replaced: z
      .string()
      .optional()
      .describe("The account the profile held before, when it was another one: this login replaced it"),
    message: textOutput().describe("What happened, in one line"),
    dryRun: z.boolean().optional().describe("True when nothing was sent or saved"),
    plan: PlanOutput().optional(),
  })

/** What inspire_login returns: the saved account, or with dry_run the plan. */
export interface LoginOperationResult extends OutputOf<ReturnType<typeof LoginOutput>> {}

// The dry run names the address the password would go to and the file it would be kept in; it sends
// nothing (the password least of all) and saves nothing.
const planLogin = (input: z.output<typeof Input>) =>
  Effect.gen(function* () {
    const profile = yield* ActiveProfile
    const store = yield* Store
    const name = profile.name.value ?? "default"
    const inspire = input.target === "inspire"
    const where = inspire
      ? new URL("/auth/token", profile.baseUrl.value).toString()
      : `${profile.registries[input.registry].api}/api/v2.0/projects?page_size=1`

    return {
      target: input.target,
      ...(inspire ? {} : { registry: input.registry }),
      profile: name,
      username: input.username,
      saved: false,
      verified: false,
      message: msg("login-dry-run", {
        target: input.target,
        registry: input.registry,
        username: input.username,
        where,
        profile: name,
      }),
      dryRun: true,
      plan: {
        summary: msg("login-plan-summary", {
          target: input.target,
          registry: input.registry,
          username: input.username,
          profile: name,
        }),
        targets: [
          {
            kind: "credentials",
            id: inspire ? "inspire" : `harbor ${input.registry}`,
            name: input.username,
            change: msg("login-change-saved"),
          },
        ],
        requests: [
          planned(
            inspire ? "POST" : "GET",
            where,
            inspire ? { username: input.username, password: "(not shown)" } : undefined,
          ),
          planned("LOCAL", store.paths.credentialsFile),
        ],
      },
    } satisfies LoginOperationResult
  })

export const loginOperation = defineOperation({
  name: "login",
  title: "Save and check credentials",
  description: text`Saves the platform account (target="inspire") or a Harbor robot account (target="harbor", registry qb|sj, from 镜像管理 → 本地推送) and checks it; rejected ones are not saved.`,
  input: Input,
  output: LoginOutput,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  effects: { by: "target", writes: ["inspire", "harbor"] },
  examples: [
    { target: "inspire", username: "{username}", password: "{password}" },
    { target: "harbor", registry: "qb", username: "robot$inspire-studio+demo", password: "not-sent" },
  ],
  actions: {
    inspire: {
      summary: "Save and check your platform account (学工号); the password is never a flag",
      fields: ["username", "password"],
      cli: { path: ["login"] },
    },
    harbor: {
      summary: "Save and check a Harbor robot account (镜像管理 → 本地推送)",
      fields: ["registry", "username", "password"],
      cli: { path: ["harbor-login"] },
    },
  },
  agent: {
    note: text`Before asking the user for a password: if they can open a terminal, \`inspire login\` there saves the same credentials for this server and keeps the password out of the conversation; then call ${callWord("status")}.`,
  },
  run: (input): Effect.Effect<LoginOperationResult, InspireError, ClientServices> =>
    input.dry_run
      ? planLogin(input)
      : input.target === "inspire"
        ? saveInspireLogin(input.username, input.password)
        : saveHarborLogin(input.registry, input.username, input.password),
  render: (r: LoginOperationResult) =>
    r.plan !== undefined
      ? renderPlan(r.plan)
      : joinText(
          [
            r.message,
            ...(r.replaced !== undefined ? [msg("login-replaced", { previous: r.replaced, profile: r.profile })] : []),
            renderFields([
              [msg("login-label-profile"), r.profile],
              [msg("login-label-account"), r.username],
              [msg("login-label-target"), r.target === "harbor" ? `harbor (${r.registry})` : "inspire"],
              [
                msg("login-label-verified"),
                r.verified
                  ? r.method !== undefined
                    ? msg("login-verified-by", { method: r.method })
                    : msg("login-verified")
                  : msg("login-not-verified"),
              ],
            ]),
          ],
          "\n",
        ),
})
