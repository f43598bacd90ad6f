import { z } from "zod"
import { type NormalizedStatus, normalizeStatus } from "../../domain/status.js"
import { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { decode, decodeItems, firstAvailable, ListPage, Text } from "../support.js"

/** One pod of a serving (one per replica and node), named as the platform names it. */
export interface ServingInstance {
  readonly pod: string
  readonly node: string
  readonly status: NormalizedStatus
}

const RawInstance = z.object({
  name: Text,
  pod_name: Text,
  node: Text,
  instance_status: Text,
  status: Text,
})

/**
 * The pods of a serving: V2 `inference_serving.ListServingInstances` (INSPIRE-API §4.8; the only listing
 * known, no V1 or OpenAPI one), its body only the
 * serving's id (as OQ's spec has it), its answer read as the other kinds' instance lists (`items`, `name`, a status).
 */
export const listServingInstances = (
  servingId: string,
): Effect.Effect<ReadonlyArray<ServingInstance>, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const data = yield* firstAvailable(msg("servexec-list-pods"), [
      platform.v2(
        "inference_serving",
        "ListServingInstances",
        { inference_serving_id: servingId },
        { idempotent: true },
      ),
    ])
    const page = yield* decode(ListPage, data, "inference_serving.ListServingInstances")
    const raws = yield* decodeItems(RawInstance, page.items, "inference_serving.ListServingInstances")
    return raws
      .map((r) => ({
        pod: r.name || r.pod_name,
        node: r.node,
        status: normalizeStatus(r.instance_status || r.status, "serving"),
      }))
      .filter((i) => i.pod !== "")
  })
