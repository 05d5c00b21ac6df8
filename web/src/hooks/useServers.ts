import useSWR, { preload } from 'swr'
import type { FeaturedServer, ReadmeResponse, RepoInfo, ServerDetail, ServerList, TagCount } from '../../../worker/shared/types'
import { fetcher, isApiError } from '../lib/api'
import { serversApiPath, type ServersView } from '../lib/servers-view'
import { MINUTE, retrying, staleAfter } from './swr-options'

export const serverPath = (id: string) => `/api/servers/${id}`

/** One page of the list or of a search; the previous page stays on screen while the next loads. */
export function useServerList(view: ServersView) {
  return useSWR<ServerList>(serversApiPath(view), { keepPreviousData: true })
}

export function useServer(id: string) {
  return useSWR<ServerDetail>(serverPath(id))
}

/** Warms the detail's cache (hover or focus on a card) so opening it is instant. */
export function prefetchServer(id: string) {
  void preload(serverPath(id), fetcher).catch(() => undefined)
}

export interface ServerPermissions {
  canEdit: boolean
  canDelete: boolean
  userRole: string
  isAdmin: boolean
}

/** Only asked for signed-in users; a guest can do nothing a permission would unlock. */
export function useServerPermissions(id: string, signedIn: boolean) {
  return useSWR<ServerPermissions>(signedIn ? `${serverPath(id)}/permissions` : null, {
    ...staleAfter(5 * MINUTE),
    ...retrying(3, (err) => isApiError(err, 401) || isApiError(err, 403) || isApiError(err, 404)),
  })
}

export function useReadme(id: string) {
  return useSWR<ReadmeResponse>(`${serverPath(id)}/readme`, {
    ...staleAfter(5 * MINUTE),
    // A missing README or repository will not appear on a retry.
    ...retrying(2, (err) => isApiError(err, 404) || isApiError(err, 400)),
  })
}

const NO_REPO_RETRY = ['Rate limited by GitHub API', 'Request timed out', 'Repository not found']

/** Owner avatar, stars and licence, through the Worker's cache of the repository. */
export function useRepoInfo(id: string, hasRepository: boolean) {
  return useSWR<RepoInfo>(hasRepository ? `${serverPath(id)}/repo` : null, {
    ...staleAfter(10 * MINUTE),
    ...retrying(2, (err) => isApiError(err) && (err.status < 500 || NO_REPO_RETRY.includes(err.reason ?? ''))),
  })
}

export function useFeatured() {
  return useSWR<FeaturedServer[]>('/api/servers/featured', staleAfter(MINUTE))
}

export function useTags() {
  return useSWR<TagCount[]>('/api/tags')
}
