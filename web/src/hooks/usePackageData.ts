import useSWR, { type SWRConfiguration, useSWRConfig } from 'swr'
import type { COMMENT_SORTS } from '@shared/limits'
import type { ServerDetail } from '@shared/types'
import { api, apiKey, call, isKeyOf } from '../lib/api'
import { type PackagesView, packagesKey } from '../lib/packages-view'
import { useApi } from './useApi'

export const DASHBOARD_KEY = apiKey(api.users.me.dashboard)
export const packageKey = (id: string) => apiKey(api.packages[':id'], { param: { id } })
/** Every page and sort of the public list. */
export const PACKAGE_LIST_KEY = apiKey(api.packages)
/** The landing page's top packages, whatever their number. */
export const TOP_PACKAGES_KEY = apiKey(api.packages.top)

/** Comments shown per page in the package view. */
export const COMMENT_PAGE_SIZE = 10
export type CommentSort = (typeof COMMENT_SORTS)[number]

/** The key of one page of a package's comments, and without a query, of all of them. */
export function commentsKey(id: string, view?: { sortBy: CommentSort; page: number }) {
  const route = api.packages[':id'].comments
  if (!view) return apiKey(route, { param: { id } })
  return apiKey(route, { param: { id }, query: { sortBy: view.sortBy, page: String(view.page), limit: String(COMMENT_PAGE_SIZE) } })
}

/**
 * Community data changes under the visitor's feet (others like, comment, publish), so these
 * screens refetch when they mount, showing what is cached meanwhile; the app-wide default of
 * never going stale suits the catalogue's slower-moving servers better than this.
 */
const freshOnMount: SWRConfiguration = { revalidateIfStale: true }

export function usePackageList(view: PackagesView) {
  return useApi(packagesKey(view), { ...freshOnMount, keepPreviousData: true })
}

export function usePackage(id: string) {
  return useApi(packageKey(id), freshOnMount)
}

export function useComments(id: string, sortBy: CommentSort, page: number) {
  return useApi(commentsKey(id, { sortBy, page }), { ...freshOnMount, keepPreviousData: true })
}

/**
 * Every server of a package in full (packages, remotes), for the merged configuration: a card
 * lacks what the install entry needs. A server that cannot be read stays out of the answer, and
 * the caller falls back to its card.
 */
export function usePackageServerDetails(id: string, serverIds: string[]) {
  return useSWR<Map<string, ServerDetail>>(serverIds.length ? [`${packageKey(id)}#server-details`, ...serverIds] : null, async () => {
    const settled = await Promise.allSettled(serverIds.map((sid) => call(api.servers[':id'].$get({ param: { id: sid } }))))
    const details = new Map<string, ServerDetail>()
    settled.forEach((r) => {
      if (r.status === 'fulfilled') details.set(r.value.id, r.value)
    })
    return details
  })
}

/** Whether a key shows public packages: any page of the list, or the top ones. */
export const isPackageListKey = (key: unknown) => isKeyOf(key, PACKAGE_LIST_KEY) || isKeyOf(key, TOP_PACKAGES_KEY)

const isCommunityKey = (key: unknown, packageId?: string) =>
  key === DASHBOARD_KEY ||
  isPackageListKey(key) ||
  (packageId !== undefined && (key === packageKey(packageId) || isKeyOf(key, commentsKey(packageId))))

/**
 * Refetches, after a change, whatever shows packages or the dashboard and is on screen; the rest
 * refetches when it is next shown (freshOnMount).
 */
export function useRevalidateCommunity() {
  const { mutate } = useSWRConfig()
  return (packageId?: string) => mutate((key) => isCommunityKey(key, packageId))
}

/**
 * The owner's registry actions: pin a server of the package to one of its versions (null serves
 * its newest not held back) and rotate the private link's secret. Each refetches the package,
 * whose registryPath and pins then show what the registry serves.
 */
export function usePackageRegistryActions(packageId: string) {
  const { mutate } = useSWRConfig()
  const refresh = () => mutate(packageKey(packageId))
  return {
    async pin(serverId: string, version: string | null) {
      const pin = await call(
        api.packages[':id'].servers[':serverId'].version.$put({ param: { id: packageId, serverId }, json: { version } }),
      )
      await refresh()
      return pin
    },
    async rotate() {
      const link = await call(api.packages[':id']['registry-key'].$post({ param: { id: packageId } }))
      await refresh()
      return link
    },
  }
}
