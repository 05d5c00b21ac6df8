import { preload } from 'swr'
import type { ErrorCode } from '@shared/types'
import { api, apiKey, fetcher, hasStatus, isApiError } from '../lib/api'
import { type ServersView, serversKey } from '../lib/servers-view'
import { MINUTE, retrying, staleAfter } from './swr-options'
import { useApi } from './useApi'

/** The detail's key, which edits, likes and the featured editor write into. */
export const serverKey = (id: string) => apiKey(api.servers[':id'], { param: { id } })
export const permissionsKey = (id: string) => apiKey(api.servers[':id'].permissions, { param: { id } })
/** The featured editor's recommendation for one server. */
export const featuredKey = (id: string) => apiKey(api.servers[':id'].featured, { param: { id } })
/** Every page, sort and filter of the list, and of a search. */
export const SERVER_LIST_KEY = apiKey(api.servers)
export const SERVER_SEARCH_KEY = apiKey(api.servers.search)
/** The landing page's featured cards. */
export const FEATURED_LIST_KEY = apiKey(api.servers.featured)
/** The tag and category facets of the list. */
export const TAGS_KEY = apiKey(api.tags)
export const CATEGORIES_KEY = apiKey(api.categories)

/** One page of the list or of a search; the previous page stays on screen while the next loads. */
export function useServerList(view: ServersView) {
  return useApi(serversKey(view), { keepPreviousData: true })
}

export function useServer(id: string) {
  return useApi(serverKey(id))
}

/** Warms the detail's cache (hover or focus on a card) so opening it is instant. */
export function prefetchServer(id: string) {
  void preload(serverKey(id), fetcher).catch(() => undefined)
}

/** Only asked for signed-in users; a guest can do nothing a permission would unlock. */
export function useServerPermissions(id: string, signedIn: boolean) {
  return useApi(signedIn ? permissionsKey(id) : null, {
    ...staleAfter(5 * MINUTE),
    ...retrying(3, (err) => hasStatus(err, 401, 403, 404)),
  })
}

export function useReadme(id: string) {
  return useApi(apiKey(api.servers[':id'].readme, { param: { id } }), {
    ...staleAfter(5 * MINUTE),
    // A missing README or repository will not appear on a retry.
    ...retrying(2, (err) => hasStatus(err, 404, 400)),
  })
}

/** Failures a retry cannot mend within the next seconds. */
const NO_REPO_RETRY: ErrorCode[] = ['upstream_rate_limited', 'upstream_timeout', 'repository_not_found']

/** Owner avatar, stars and licence, through the Worker's cache of the repository. */
export function useRepoInfo(id: string, hasRepository: boolean) {
  return useApi(hasRepository ? apiKey(api.servers[':id'].repo, { param: { id } }) : null, {
    ...staleAfter(10 * MINUTE),
    ...retrying(2, (err) => isApiError(err) && (err.status < 500 || isApiError(err, ...NO_REPO_RETRY))),
  })
}

export function useFeatured() {
  return useApi(FEATURED_LIST_KEY, staleAfter(MINUTE))
}

export function useTags() {
  return useApi(TAGS_KEY)
}

/** Every category with its count: the /servers facet, category pages and the landing strip. */
export function useCategories() {
  return useApi(CATEGORIES_KEY, staleAfter(5 * MINUTE))
}
