import { z } from "zod"
import { resolveWorkspace } from "../../api/resources/resolve.js"
import type { Workspace } from "../../api/resources/workspaces.js"
import { formatBytes } from "../../docker/progress.js"
import { pushToHarbor, targetNames } from "../../docker/push.js"
import { registrationOf } from "../../docker/registration.js"
import { ImagePushResult } from "../../docker/result.js"
import { HARBOR_PROJECT } from "../../domain/images.js"
import { RegistryId } from "../../domain/workspaces.js"
import { Clock, Effect, Either } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord, joinText, plain, type Text, text } from "../../words/text.js"
import { defineOperation, type OperationContext } from "../catalogue/operation.js"
import { defaultOf } from "../common/defaults.js"
import { planned, renderPlan } from "../common/plan.js"
import { renderFields } from "../common/render.js"

/** The input of inspire_image_push. */
export const ImagePushInputSchema = z.object({
  image: z
    .string()
    .min(1)
    .describe(
      "The local Docker image to push: name[:tag] (e.g. my-train:v1) or an image id; `docker images` lists them",
    ),
  name: z
    .string()
    .optional()
    .describe("Repository name in Harbor's inspire-studio project (default: the local image's name); becomes 镜像名称"),
  tag: z.string().optional().describe("Tag to push (default: the local image's tag, else latest); becomes 版本号"),
  registry: RegistryId.optional().describe(
    "qb (七宝) or sj (松江); by default the workspace's registry (SJ spaces use sj only), else qb",
  ),
  workspace: z
    .string()
    .optional()
    .describe(
      "The workspace the image is for (name or ws- id; defaultWorkspace when omitted): it decides the registry",
    ),
  description: z.string().optional().describe("Repository description saved in Harbor, and 描述 for registration"),
  dry_run: z
    .boolean()
    .default(false)
    .describe("Check the credentials, the Docker engine and the local image and show the plan, pushing nothing"),
})

/** The parsed input of inspire_image_push. */
export type ImagePushInput = z.output<typeof ImagePushInputSchema>

/** What inspire_image_push returns. */
export type { ImagePushResult } from "../../docker/result.js"

interface Choice {
  readonly registry: RegistryId
  readonly from: ImagePushResult["registryFrom"]
  readonly workspace?: Workspace
  readonly note?: Text
}

// The argument wins, then the workspace's registry; a default workspace that cannot be resolved
// (no platform login, say) only costs the default: Harbor pushes need no platform session.
const whichRegistry = (input: ImagePushInput): Effect.Effect<Choice, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    if (input.workspace !== undefined) {
      const workspace = yield* resolveWorkspace(input.workspace)
      const own = workspace.policy.registry
      if (input.registry !== undefined && input.registry !== own)
        return yield* Effect.fail(
          invalidInput(
            msg("images-push-wrong-registry", {
              workspace: workspace.name,
              own,
              asked: fieldWord("registry", input.registry),
            }),
            msg("images-push-wrong-registry-fix", { field: fieldWord("registry", own), workspace: workspace.name }),
            { fix: plain(own) },
          ),
        )
      return {
        registry: own,
        from: input.registry !== undefined ? "argument" : "workspace",
        workspace,
      } satisfies Choice
    }
    if (input.registry !== undefined) return { registry: input.registry, from: "argument" } satisfies Choice
    const named = yield* defaultOf("defaultWorkspace")
    if (named === undefined) return { registry: "qb", from: "default" } satisfies Choice
    const resolved = yield* Effect.either(resolveWorkspace(named))
    if (Either.isRight(resolved))
      return { registry: resolved.right.policy.registry, from: "workspace", workspace: resolved.right } satisfies Choice
    return {
      registry: "qb",
      from: "default",
      note: msg("images-push-default-unresolved", {
        workspace: named,
        error: resolved.left.text,
        field: fieldWord("registry", "sj"),
      }),
    } satisfies Choice
  })

const runPush = (input: ImagePushInput, context: OperationContext) =>
  Effect.gen(function* () {
    const started = yield* Clock.currentTimeMillis
    const choice = yield* whichRegistry(input)
    const hosts = (yield* ActiveProfile).registries[choice.registry]
    const { name, tag } = yield* targetNames(input, hosts.push)
    // The platform's image list is read while the image uploads; a failed push cancels it.
    const [report, { registration, note }] = yield* Effect.all(
      [
        pushToHarbor(
          {
            image: input.image,
            name,
            tag,
            registry: choice.registry,
            description: input.description,
            dryRun: input.dry_run,
          },
          context.progress,
        ),
        registrationOf({
          registry: choice.registry,
          name,
          tag,
          address: `${hosts.display}/${HARBOR_PROJECT}/${name}:${tag}`,
          description: input.description,
          workspace: choice.workspace,
        }),
      ],
      { concurrency: "unbounded" },
    )
    const next =
      registration.registered === true
        ? msg("images-push-registered", { address: report.address })
        : msg("images-push-register", {
            page: registration.page,
            name: report.name,
            tag: report.tag,
            address: report.address,
          })
    const finished = yield* Clock.currentTimeMillis
    return {
      dryRun: input.dry_run,
      image: input.image,
      ...(report.local !== undefined ? { imageId: report.local.id } : {}),
      registry: choice.registry,
      registryFrom: choice.from,
      name: report.name,
      tag: report.tag,
      pushedTo: report.pushedTo,
      address: report.address,
      ...(report.digest !== undefined ? { digest: report.digest } : {}),
      ...(report.layers !== undefined ? { layers: report.layers } : {}),
      harbor: {
        confirmed: report.confirmed,
        ...(report.replacedDigest !== undefined ? { replacedDigest: report.replacedDigest } : {}),
        ...(report.descriptionSet !== undefined ? { descriptionSet: report.descriptionSet } : {}),
      },
      registration,
      durationMs: Math.max(0, Math.round(finished - started)),
      notes: [
        ...(choice.note !== undefined ? [choice.note] : []),
        ...report.notes,
        ...(note !== undefined ? [note] : []),
        next,
      ],
      ...(input.dry_run
        ? {
            plan: {
              summary: msg("images-push-plan", { image: input.image, address: report.address }),
              targets: [
                {
                  kind: "image",
                  id: `${report.name}:${report.tag}`,
                  change: msg("images-push-change", { target: report.pushedTo }),
                },
              ],
              requests: [
                planned("LOCAL", `docker tag ${input.image} ${report.pushedTo}`),
                planned("PUT", `https://${hosts.push}/v2/${HARBOR_PROJECT}/${report.name}/manifests/${report.tag}`),
              ],
            },
          }
        : {}),
    } satisfies ImagePushResult
  })

const render = (r: ImagePushResult): Text => {
  const head =
    r.plan !== undefined
      ? renderPlan(r.plan)
      : r.harbor.confirmed
        ? msg("images-pushed-confirmed", { image: r.image, registry: r.registry, target: `${r.name}:${r.tag}` })
        : msg("images-pushed", { image: r.image, registry: r.registry, target: `${r.name}:${r.tag}` })
  const layers =
    r.layers !== undefined
      ? msg("images-push-layers", {
          pushed: r.layers.pushed,
          bytes: formatBytes(r.layers.bytesPushed),
          existing: r.layers.existing,
        })
      : undefined
  const registered =
    r.registration.registered === null
      ? msg("images-push-unknown")
      : r.registration.registered
        ? msg("images-yes")
        : msg("images-push-register-now")
  return joinText(
    [
      head,
      renderFields([
        [msg("images-push-label-use"), r.address],
        [msg("images-push-label-pushed-as"), r.dryRun ? undefined : r.pushedTo],
        [msg("images-push-label-digest"), r.digest],
        [msg("images-push-label-layers"), layers],
        [msg("images-push-label-registered"), registered],
      ]),
      "",
      msg("images-push-register-under", { page: r.registration.page }),
      renderFields([
        // The console's own field names, as it shows them in every language.
        [plain("  镜像名称"), r.registration.imageName],
        [plain("  版本号"), r.registration.version],
        [plain("  描述"), r.registration.description],
      ]),
      "",
      ...r.notes,
    ],
    "\n",
  )
}

export const imagePushOperation = defineOperation({
  name: "image_push",
  title: "Push a local Docker image to Harbor",
  description: text`Pushes a local Docker image to Harbor with the registry's robot account (needs Docker, the campus network or VPN, and ${callWord("login", { target: "harbor", registry: "…" })}). Returns the display address for jobs and the values to enter under 启智平台 → 镜像管理 → 新建镜像: registration is mandatory before use unless the result says it is registered.`,
  input: ImagePushInputSchema,
  output: () => ImagePushResult,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  effects: { writes: true },
  examples: [{ image: "alpine:3.20", name: "dry-image", tag: "v1", registry: "qb" }],
  cli: {
    path: ["image", "push"],
    summary: "Push a local Docker image to Harbor and print the address and registration values",
    positional: ["image"],
  },
  agent: { longRunning: true },
  run: runPush,
  render,
})
