/**
 * What /packages shows, as read from and written to its URL (its cards' formats are
 * lib/format.ts's). Kept free of zod and of worker/shared/schemas.ts so the list's chunk stays small.
 */
import { LIMITS, type PackageSort } from '@shared/limits'
import { api, apiKey } from './api'
import { readOption, readPage, writePage } from './list-url'

/** The sort select's options, in order; the first is the default. */
export const PACKAGE_SORT_OPTIONS = [
  { value: 'ranking', label: 'Trending' },
  { value: 'likes', label: 'Most Liked' },
  { value: 'updated', label: 'Recently Updated' },
  { value: 'created', label: 'Newest' },
] as const satisfies ReadonlyArray<{ value: PackageSort; label: string }>
export const DEFAULT_PACKAGE_SORT: PackageSort = 'ranking'

export interface PackagesView {
  page: number
  sortBy: PackageSort
}

/** Reads the page URL: a bad page or an unknown sort falls back to the default. */
export function readPackagesView(search: string): PackagesView {
  const p = new URLSearchParams(search)
  return { page: readPage(p), sortBy: readOption(p, 'sortBy', PACKAGE_SORT_OPTIONS) ?? DEFAULT_PACKAGE_SORT }
}

/** The canonical address: page only above 1, sortBy only when not the default (ranking). */
export function packagesHref(view: PackagesView): string {
  const p = new URLSearchParams()
  if (view.sortBy !== DEFAULT_PACKAGE_SORT) p.set('sortBy', view.sortBy)
  writePage(p, view.page)
  const qs = p.toString()
  return qs ? `/packages?${qs}` : '/packages'
}

/** The swr key of one page of the list. */
export function packagesKey(view: PackagesView) {
  return apiKey(api.packages, { query: { sortBy: view.sortBy, page: String(view.page), limit: String(LIMITS.pageSize) } })
}
