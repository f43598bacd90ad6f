import { z } from "zod"
import { RegistryId } from "../domain/workspaces.js"
import type { OutputOf } from "../operations/catalogue/operation.js"
import { textOutput } from "../operations/catalogue/schema.js"
import { PlanOutput } from "../operations/common/plan.js"

/** Where registration happens in the console. */
export const REGISTRATION_PAGE = "启智平台 → 镜像管理 → 新建镜像"

/** The values to enter when registering a pushed image, and whether the platform already has it. */
export const ImageRegistration = z.object({
  required: z
    .literal(true)
    .describe("Registration is mandatory: jobs, notebooks and servings cannot use the image before"),
  page: z.literal(REGISTRATION_PAGE).describe("Where to register it in the console"),
  imageName: z.string().describe("镜像名称 to enter"),
  version: z.string().describe("版本号 to enter"),
  description: z.string().optional().describe("描述 to enter, when one was given"),
  registered: z
    .boolean()
    .nullable()
    .describe("Whether the platform's image list already shows this address; null when it could not be checked"),
  checkedIn: z
    .object({ id: z.string(), name: z.string() })
    .optional()
    .describe("The workspace whose image list was checked"),
})
export type ImageRegistration = z.output<typeof ImageRegistration>

/** What inspire_image_push returns. */
export const ImagePushResult = z.object({
  dryRun: z.boolean().describe("True when nothing was tagged or pushed (the plan only)"),
  image: z.string().describe("The local image as given"),
  imageId: z
    .string()
    .optional()
    .describe("The local image's id (sha256:…); absent in a dry run that could not reach the Docker engine"),
  registry: RegistryId.describe("The Harbor registry pushed to: qb (七宝) or sj (松江)"),
  registryFrom: z
    .enum(["argument", "workspace", "default"])
    .describe("Where the registry came from: the argument, the workspace (SJ spaces use sj), or the qb default"),
  name: z.string().describe("The repository name inside inspire-studio"),
  tag: z.string().describe("The tag pushed"),
  pushedTo: z.string().describe("The push-domain address the engine pushed to; never use it in jobs"),
  address: z.string().describe("The display-domain address to use in jobs, notebooks and servings (once registered)"),
  digest: z.string().optional().describe("The manifest digest the registry stored (absent in a dry run)"),
  layers: z
    .object({
      total: z.number().int(),
      pushed: z.number().int(),
      existing: z.number().int().describe("Layers the registry already had, not sent again"),
      bytesPushed: z.number().int(),
    })
    .optional()
    .describe("What the push sent (absent in a dry run)"),
  harbor: z
    .object({
      confirmed: z.boolean().describe("True when Harbor's REST API lists the tag with the pushed digest"),
      replacedDigest: z.string().optional().describe("The digest the tag pointed to before this push, if it moved"),
      descriptionSet: z.boolean().optional().describe("Whether the repository description was saved"),
    })
    .describe("What Harbor's REST API says after the push"),
  registration: ImageRegistration,
  durationMs: z.number().int().describe("How long the call took"),
  notes: z.array(textOutput()).describe("Things to know or do next"),
  plan: PlanOutput().optional(),
})
export interface ImagePushResult extends OutputOf<typeof ImagePushResult> {}
