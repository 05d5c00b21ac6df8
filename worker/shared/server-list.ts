/**
 * Whether a servers request searches or lists, and in which order: decided here once for both
 * sides. The SPA picks its endpoint and its sort control's value with it; the routes answer by it,
 * and db/ runs what they decided.
 */
import type { ServerSort } from './limits'

/** A list's order when none is asked for: most GitHub stars first. */
export const DEFAULT_SERVER_SORT = 'stars' satisfies ServerSort

/** A search (its text, ranked by relevance unless a sort is asked for) or a list (always in an order). */
export type ServerListing<S extends ServerSort = ServerSort> =
  | { q: string; sortBy: S | undefined }
  | { q: undefined; sortBy: S | typeof DEFAULT_SERVER_SORT }

/**
 * How a request for servers is answered. Blank text lists (the specification runs search only on
 * non-empty text); a search without a sort is ranked by relevance, a list without one by
 * `DEFAULT_SERVER_SORT`.
 * @example serverListing(' git ', null) // { q: 'git', sortBy: undefined }: a search by relevance
 * @example serverListing('', 'likes') // { q: undefined, sortBy: 'likes' }: a list
 */
export function serverListing<S extends ServerSort>(q: string | null | undefined, sortBy: S | null | undefined): ServerListing<S> {
  const text = q?.trim()
  return text ? { q: text, sortBy: sortBy ?? undefined } : { q: undefined, sortBy: sortBy ?? DEFAULT_SERVER_SORT }
}
