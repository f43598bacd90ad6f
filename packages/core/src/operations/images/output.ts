import { z } from "zod"
import { RegistryId } from "../../domain/workspaces.js"
import { once } from "../catalogue/operation.js"
import { textOutput } from "../catalogue/schema.js"
import { epochMs } from "../common/output.js"

/** What inspire_images returns, by source. */
export const ImagesOutput = once(() => {
  const Platform = z.object({
    source: z.literal("platform"),
    workspace: z
      .object({ id: z.string(), name: z.string(), registry: RegistryId.describe("qb or sj") })
      .describe("The workspace whose registry was listed"),
    visibility: z.enum(["official", "public", "private", "all"]).describe("The visibility asked for"),
    search: z.string().optional().describe("The search text"),
    images: z
      .array(
        z.object({
          address: z.string().describe("Display-domain address to use in jobs, notebooks and servings"),
          name: z.string().describe("Image name"),
          version: z.string().describe("Version (tag)"),
          status: z.string().describe("Registration status"),
          source: z.string().describe("official, public or private"),
          visibility: z.string().describe("Visibility"),
          sizeBytes: z.number().optional().describe("Size in bytes"),
          createdAt: epochMs("Registered"),
          description: z.string().describe("Description"),
        }),
      )
      .describe("Registered images, newest first"),
  })

  const Harbor = z.object({
    source: z.literal("harbor"),
    registry: RegistryId.describe("The Harbor registry listed: qb or sj"),
    registryFrom: z.enum(["argument", "workspace", "default"]).describe("Where the registry choice came from"),
    checkedIn: z
      .object({ id: z.string(), name: z.string() })
      .optional()
      .describe("The workspace whose image list was used to check registration"),
    search: z.string().optional().describe("The search text"),
    repo: z.string().optional().describe("The repository whose tags are listed"),
    repositories: z
      .array(
        z.object({
          name: z.string().describe("Repository name"),
          address: z.string().describe("Display-domain address without a tag; add :<tag>"),
          artifactCount: z.number().describe("Tags (artifacts)"),
          pullCount: z.number().describe("Pulls"),
          updatedAt: epochMs("Last push"),
          description: z.string().describe("Description"),
          registeredVersions: z
            .array(z.string())
            .optional()
            .describe("Tags registered on the platform; absent when it could not be checked"),
        }),
      )
      .optional()
      .describe("Without repo: the repositories"),
    total: z.number().optional().describe("Repositories in all"),
    tags: z
      .array(
        z.object({
          tag: z.string().describe("Tag"),
          address: z.string().describe("Display-domain address to use in jobs (once registered)"),
          digest: z.string().describe("Digest"),
          sizeBytes: z.number().describe("Size in bytes"),
          pushedAt: epochMs("Pushed"),
          registered: z
            .boolean()
            .optional()
            .describe("Whether the platform has it registered; absent when it could not be checked"),
        }),
      )
      .optional()
      .describe("With repo: its tags"),
    notes: z.array(textOutput()).describe("Notes, e.g. how to register an image"),
  })

  return z.discriminatedUnion("source", [Platform, Harbor])
})
