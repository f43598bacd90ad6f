import { Effect } from "../effect.js"

/** One page of a list as an endpoint returns it; `total` may arrive as a string. */
export interface Page<A> {
  readonly items: ReadonlyArray<A>
  readonly total?: number | string | undefined
}

/** Every item of a list, and whether the page cap cut it short. */
export interface Collected<A> {
  readonly items: ReadonlyArray<A>
  readonly total: number | undefined
  readonly truncated: boolean
}

/** How a list endpoint pages (INSPIRE-API.md §5.5). */
export interface PagingOptions {
  /** The first page's number: 1 for most endpoints, 0 for `image/list` and `project/list_for_page`. */
  readonly firstPage: 0 | 1
  readonly pageSize: number
  /** A cap so that a platform that misreports `total` cannot loop forever. */
  readonly maxPages?: number
}

const toTotal = (t: number | string | undefined): number | undefined => {
  if (t === undefined || t === "") return undefined
  const n = Number(t)
  return Number.isFinite(n) && n >= 0 ? n : undefined
}

/**
 * Reads every page of a list: until the items reach `total`, a page comes back short or empty, or
 * the page cap is hit (reported as `truncated`, never silently).
 */
export const collectPages = <A, E, R>(
  fetchPage: (page: number, pageSize: number) => Effect.Effect<Page<A>, E, R>,
  options: PagingOptions,
): Effect.Effect<Collected<A>, E, R> =>
  Effect.gen(function* () {
    const maxPages = options.maxPages ?? 100
    const items: A[] = []
    let total: number | undefined
    for (let i = 0; i < maxPages; i++) {
      const page = yield* fetchPage(options.firstPage + i, options.pageSize)
      total = toTotal(page.total) ?? total
      items.push(...page.items)
      const done =
        page.items.length === 0 ||
        page.items.length < options.pageSize ||
        (total !== undefined && items.length >= total)
      if (done) return { items, total, truncated: false }
    }
    return { items, total, truncated: true }
  })
