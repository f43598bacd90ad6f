import { type DiscoveredWorkspace, discoverWorkspaces } from "../../api/resources/discover.js"
import { nodesByGroup } from "../../api/resources/nodes.js"
import { type TrainingQueue, trainingQueue } from "../../api/resources/queue.js"
import { listSpecs } from "../../api/resources/specs.js"
import type { NodeView } from "../../domain/availability.js"
import { Clock, Effect, Either } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import type { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import type { Text } from "../../words/text.js"
import type { WorkspaceNodes } from "./fit.js"

/** The workspaces asked about with their nodes, and what could not be read. */
export interface NodesRead {
  readonly places: ReadonlyArray<
    WorkspaceNodes & { readonly problems: ReadonlyArray<Text>; readonly holding?: TrainingQueue["holding"] }
  >
  /** Epoch ms when the nodes were read. */
  readonly readAt: number
}

/** Workspaces read at once; the account's shared rate limit paces the requests themselves. */
const WORKSPACE_CONCURRENCY = 4

const NO_NODES: ReadonlyMap<string, ReadonlyArray<NodeView>> = new Map()

/** Which workspaces to read, and what besides their nodes. */
export interface ReadNodesOptions {
  /** One workspace (name or id); undefined means every workspace (or the ids below). */
  readonly workspace?: string | undefined
  /** Only these workspace ids (a narrower set than every workspace). */
  readonly workspaces?: ReadonlyArray<string> | undefined
  readonly refresh?: boolean
  /**
   * Also read the training jobs queued in each workspace, and those holding GPUs (one listing each), for
   * "queued ahead" and a waiting job's start estimate.
   */
  readonly queue?: boolean
  /** Read the nodes of a discovered workspace only when this says so (e.g. one of its groups offers the spec). */
  readonly want?: (w: DiscoveredWorkspace) => boolean
  /** Also read each group's Ray specs (one listing per group), which discovery leaves out. */
  readonly raySpecs?: boolean
}

// The groups of a workspace with their Ray specs added; a group whose listing fails offers none.
const withRaySpecs = (workspace: DiscoveredWorkspace) =>
  Effect.map(
    Effect.forEach(
      workspace.groups,
      (g) =>
        Effect.map(Effect.either(listSpecs(workspace.id, g.id, "RAY_JOB")), (r) => ({
          ...g,
          specs: { ...g.specs, RAY_JOB: Either.isRight(r) ? r.right : [] },
        })),
      { concurrency: 2 },
    ),
    (groups): DiscoveredWorkspace => ({ ...workspace, groups }),
  )

/**
 * The groups (and their specs) of the workspaces asked about, from the kept discovery, and their nodes
 * read fresh: one node listing per workspace (two when a node shares GPUs between pre-emptible and
 * other work, api/resources/nodes.ts), plus the queued training jobs when asked.
 */
export const readNodes = (
  options: ReadNodesOptions,
): Effect.Effect<NodesRead, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const discovered = yield* discoverWorkspaces({
      freeGpus: false,
      ...(options.refresh === true ? { refresh: true } : {}),
      ...(options.workspace !== undefined ? { workspace: options.workspace } : {}),
      ...(options.workspaces !== undefined ? { workspaceIds: options.workspaces } : {}),
    })
    const workspaces =
      options.raySpecs === true
        ? yield* Effect.forEach(discovered, (w) => (w.enabled ? withRaySpecs(w) : Effect.succeed(w)), {
            concurrency: WORKSPACE_CONCURRENCY,
          })
        : discovered
    const readAt = yield* Clock.currentTimeMillis
    const places = yield* Effect.forEach(
      workspaces,
      (workspace) =>
        Effect.gen(function* () {
          const read = workspace.enabled && (options.want?.(workspace) ?? true)
          const [nodes, queue] = yield* Effect.all(
            [
              read ? Effect.either(nodesByGroup(workspace.id)) : Effect.succeed(undefined),
              read && options.queue === true ? Effect.either(trainingQueue(workspace.id)) : Effect.succeed(undefined),
            ],
            { concurrency: 2 },
          )
          const listed = queue !== undefined && Either.isRight(queue) ? queue.right : undefined
          return {
            workspace,
            nodes: nodes !== undefined && Either.isRight(nodes) ? nodes.right.byGroup : NO_NODES,
            ...(listed !== undefined ? { queued: listed.queued, holding: listed.holding } : {}),
            problems: [
              ...workspace.problems,
              ...(nodes === undefined
                ? []
                : Either.isLeft(nodes)
                  ? [msg("common-ops-nodes-unknown", { reason: nodes.left.text })]
                  : nodes.right.problems),
              ...(queue !== undefined && Either.isLeft(queue)
                ? [msg("common-ops-queue-unknown", { reason: queue.left.text })]
                : []),
            ],
          }
        }),
      { concurrency: WORKSPACE_CONCURRENCY },
    )
    return { places, readAt }
  })
