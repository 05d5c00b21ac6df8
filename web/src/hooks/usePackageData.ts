import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr'
import type { CommentList, PackageDetail, PackageList, ServerDetail } from '../../../worker/shared/types'
import { request } from '../lib/api'
import { packagesApiPath, type PackagesView } from '../lib/packages-view'

export const DASHBOARD_KEY = '/api/users/me/dashboard'
export const packageKey = (id: string) => `/api/packages/${id}`

/** Comments shown per page in the package view. */
export const COMMENT_PAGE_SIZE = 10
export type CommentSort = 'newest' | 'oldest'

export const commentsKey = (id: string, sortBy: CommentSort, page: number) =>
  `${packageKey(id)}/comments?sortBy=${sortBy}&page=${page}&limit=${COMMENT_PAGE_SIZE}`

/**
 * Community data changes under the visitor's feet (others like, comment, publish), so these
 * screens refetch when they mount, showing what is cached meanwhile; the app-wide default of
 * never going stale suits the catalogue's slower-moving servers better than this.
 */
const freshOnMount: SWRConfiguration = { revalidateIfStale: true }

export function usePackageList(view: PackagesView) {
  return useSWR<PackageList>(packagesApiPath(view), { ...freshOnMount, keepPreviousData: true })
}

export function usePackage(id: string) {
  return useSWR<PackageDetail>(packageKey(id), freshOnMount)
}

export function useComments(id: string, sortBy: CommentSort, page: number) {
  return useSWR<CommentList>(commentsKey(id, sortBy, page), { ...freshOnMount, keepPreviousData: true })
}

/**
 * Every server of a package in full (packages, remotes), for the merged configuration: a card
 * lacks what the install entry needs. A server that cannot be read stays out of the answer, and
 * the caller falls back to its card.
 */
export function usePackageServerDetails(id: string, serverIds: string[]) {
  return useSWR<Map<string, ServerDetail>>(serverIds.length ? [`${packageKey(id)}#server-details`, ...serverIds] : null, async () => {
    const settled = await Promise.allSettled(serverIds.map((sid) => request<ServerDetail>(`/api/servers/${sid}`)))
    const details = new Map<string, ServerDetail>()
    settled.forEach((r) => {
      if (r.status === 'fulfilled') details.set(r.value.id, r.value)
    })
    return details
  })
}

const isCommunityKey = (key: unknown, packageId?: string) =>
  typeof key === 'string' &&
  (key === DASHBOARD_KEY ||
    key.startsWith('/api/packages?') ||
    key.startsWith('/api/packages/top') ||
    (packageId !== undefined && (key === packageKey(packageId) || key.startsWith(`${packageKey(packageId)}/comments?`))))

/**
 * Refetches, after a change, whatever shows packages or the dashboard and is on screen; the rest
 * refetches when it is next shown (freshOnMount).
 */
export function useRevalidateCommunity() {
  const { mutate } = useSWRConfig()
  return (packageId?: string) => mutate((key) => isCommunityKey(key, packageId))
}
