import { listPlatformImages } from "../api/images/platform.js"
import { listProjects } from "../api/resources/projects.js"
import { listWorkspaces, type Workspace } from "../api/resources/workspaces.js"
import type { RegistryId } from "../domain/workspaces.js"
import { Effect, Either } from "../effect.js"
import type { InspireError } from "../errors.js"
import type { Platform } from "../platform/client.js"
import type { ActiveProfile } from "../profile.js"
import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"
import { type ImageRegistration, REGISTRATION_PAGE } from "./result.js"

// Registration is per registry: any enabled workspace on the same registry sees the same image list.
const workspaceOn = (
  registry: RegistryId,
  preferred: Workspace | undefined,
): Effect.Effect<Workspace | undefined, InspireError, Platform | ActiveProfile> =>
  preferred !== undefined && preferred.policy.registry === registry
    ? Effect.succeed(preferred)
    : Effect.map(listProjects(), (projects) =>
        listWorkspaces(projects).find((w) => w.enabled && w.policy.registry === registry),
      )

/**
 * The registration values for a pushed image (镜像名称 = name, 版本号 = tag) and whether the platform's
 * image list already shows its display address. Best effort: without a platform login the answer is
 * null and the reason is returned as a note.
 */
export const registrationOf = (input: {
  readonly registry: RegistryId
  readonly name: string
  readonly tag: string
  readonly address: string
  readonly description?: string | undefined
  readonly workspace?: Workspace | undefined
}): Effect.Effect<
  { readonly registration: ImageRegistration; readonly note?: Text },
  never,
  Platform | ActiveProfile
> =>
  Effect.gen(function* () {
    const description = input.description?.trim()
    const base: Omit<ImageRegistration, "registered" | "checkedIn"> = {
      required: true,
      page: REGISTRATION_PAGE,
      imageName: input.name,
      version: input.tag,
      ...(description !== undefined && description !== "" ? { description } : {}),
    }
    const checked = yield* Effect.either(
      Effect.gen(function* () {
        const workspace = yield* workspaceOn(input.registry, input.workspace)
        if (workspace === undefined) return undefined
        const images = yield* listPlatformImages({ workspaceId: workspace.id, source: "all" })
        return { workspace, registered: images.some((i) => i.address === input.address) }
      }),
    )
    if (Either.isLeft(checked))
      return {
        registration: { ...base, registered: null },
        note: msg("docker-registration-unchecked", { reason: checked.left.text }),
      }
    if (checked.right === undefined)
      return {
        registration: { ...base, registered: null },
        note: msg("docker-registration-no-workspace", { registry: input.registry }),
      }
    const { workspace, registered } = checked.right
    return { registration: { ...base, registered, checkedIn: { id: workspace.id, name: workspace.name } } }
  })
