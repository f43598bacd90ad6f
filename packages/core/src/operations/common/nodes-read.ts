import { discover } from "../../api/resources/discover.js"
import { nodesByGroup } from "../../api/resources/nodes.js"
import type { NodeView } from "../../domain/availability.js"
import { Clock, Effect, Either } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import type { ActiveProfile } from "../../profile.js"
import type { WorkspaceNodes } from "./fit.js"

/** The workspaces asked about with their nodes, and what could not be read. */
export interface NodesRead {
  readonly places: ReadonlyArray<WorkspaceNodes & { readonly problems: ReadonlyArray<string> }>
  /** Epoch ms when the nodes were read. */
  readonly readAt: number
}

/** Workspaces read at once; the account's shared rate limit paces the requests themselves. */
const WORKSPACE_CONCURRENCY = 4

/**
 * The groups (and their specs) of the workspaces asked about, from the kept discovery, and their nodes
 * read fresh: one node listing per workspace. `workspace` undefined means every workspace.
 */
export const readNodes = (options: {
  readonly workspace?: string | undefined
  readonly refresh?: boolean
}): Effect.Effect<NodesRead, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const found = yield* discover({
      freeGpus: false,
      ...(options.refresh === true ? { refresh: true } : {}),
      ...(options.workspace !== undefined ? { workspace: options.workspace } : {}),
    })
    const readAt = yield* Clock.currentTimeMillis
    const places = yield* Effect.forEach(
      found.workspaces,
      (workspace) =>
        Effect.map(
          workspace.enabled
            ? Effect.either(nodesByGroup(workspace.id))
            : Effect.succeed(Either.right(new Map<string, ReadonlyArray<NodeView>>())),
          (nodes) => ({
            workspace,
            nodes: Either.isRight(nodes) ? nodes.right : new Map<string, ReadonlyArray<NodeView>>(),
            problems: [
              ...workspace.problems,
              ...(Either.isLeft(nodes) ? [`Nodes unknown: ${nodes.left.message}`] : []),
            ],
          }),
        ),
      { concurrency: WORKSPACE_CONCURRENCY },
    )
    return { places, readAt }
  })
