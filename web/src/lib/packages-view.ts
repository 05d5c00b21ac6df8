/**
 * What /packages shows, as read from and written to its URL, and the small formats its cards
 * use. Kept free of zod and of worker/shared/schemas.ts so the list's chunk stays small.
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

/** The ranking score with one decimal. */
export function formatScore(score: number): string {
  return (Math.round(score * 10) / 10).toFixed(1)
}

/** 'N server(s) included'. */
export function serversIncluded(n: number): string {
  return `${n} ${n === 1 ? 'server' : 'servers'} included`
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** 'Jan 5, 2026'; an unreadable date shows as it came. */
export function formatDate(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d)
}

export function formatDateTime(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat.format(d)
}
