import { z } from "zod"
import { RegistryId } from "../../domain/workspaces.js"

/** The input of inspire_images. */
export const ImagesInputSchema = z.object({
  source: z
    .enum(["platform", "harbor"])
    .default("platform")
    .describe(
      "platform = images registered in 镜像管理 (what jobs can use); harbor = raw pushed repositories and tags",
    ),
  search: z.string().optional().describe("Keep images (platform) or repositories (harbor) whose name contains this"),
  visibility: z
    .enum(["official", "public", "private", "all"])
    .default("all")
    .describe("For platform: official images, public ones, your private ones, or all"),
  workspace: z
    .string()
    .optional()
    .describe("Workspace name or ws- id (defaultWorkspace when omitted): its registry decides which images are listed"),
  registry: RegistryId.optional().describe(
    "For harbor: qb (七宝) or sj (松江); by default the workspace's registry (SJ spaces use sj), else qb",
  ),
  repo: z
    .string()
    .optional()
    .describe("For harbor: one repository (e.g. my-image) to list its tags with size, push time and registration"),
})

/** The parsed input of inspire_images. */
export type ImagesInput = z.output<typeof ImagesInputSchema>
