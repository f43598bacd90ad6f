import type { z } from "zod"
import { Effect } from "../../effect.js"
import { type InspireError, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { collectPages, type Page } from "../../platform/paging.js"
import type { Text } from "../../words/text.js"
import { decode, readHint } from "../support.js"

/** The console page a workspace's resource listings are read from (their V1 Referer). */
export const spacesOverview = (workspaceId: string): string => `/jobs/spacesOverview?spaceId=${workspaceId}`

/** Which dimension listing of a workspace to read, and how its pages look. */
export interface Dimension<A> {
  /** V2 action of the `workspace` service, e.g. `ListNodeDimension`. */
  readonly action: string
  /** V1 path under `cluster_metric/`, e.g. `list_node_dimension`. */
  readonly v1: string
  /** One page, decoded into its items and total. */
  readonly page: z.ZodType<Page<A>>
  readonly pageSize: number
  /** What is read, for the error when no surface answers, e.g. "read the nodes' GPU use". */
  readonly what: Text
}

/**
 * Every row of one of a workspace's dimension listings (§4.4: nodes, tasks): V2 `workspace.<action>` (★),
 * else V1 `cluster_metric/<v1>`, all pages.
 */
export const workspaceDimension = <A>(
  workspaceId: string,
  d: Dimension<A>,
): Effect.Effect<ReadonlyArray<A>, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const listing = (surface: string, call: (body: object) => ReturnType<Platform["Type"]["v2"]>) =>
      collectPages(
        (page, size) =>
          Effect.flatMap(call({ page_num: page, page_size: size, filter: { workspace_id: workspaceId } }), (data) =>
            decode(d.page, data, surface),
          ),
        { firstPage: 1, pageSize: d.pageSize },
      )
    const rows = yield* listing(`api/v2/workspace.${d.action}`, (body) =>
      platform.v2("workspace", d.action, body, { idempotent: true }),
    ).pipe(
      Effect.catchTag("SurfaceUnavailable", () =>
        listing(`api/v1/cluster_metric/${d.v1}`, (body) =>
          platform.v1("POST", `cluster_metric/${d.v1}`, body, {
            idempotent: true,
            referer: spacesOverview(workspaceId),
          }),
        ),
      ),
      Effect.catchTag("SurfaceUnavailable", (e) => Effect.fail(surfaceError(e, { what: d.what, hint: readHint() }))),
    )
    return rows.items
  })
