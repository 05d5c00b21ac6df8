/**
 * What /packages shows, as read from and written to its URL, and the small formats its cards
 * use. Kept free of zod and of worker/schemas.ts so the list's chunk stays small.
 */
import { api, apiKey } from './api'

/** The sort select's options, in order; the first is the default. */
export const PACKAGE_SORTS = [
  { value: 'ranking', label: 'Trending' },
  { value: 'likes', label: 'Most Liked' },
  { value: 'updated', label: 'Recently Updated' },
  { value: 'created', label: 'Newest' },
] as const
export type PackageSort = (typeof PACKAGE_SORTS)[number]['value']
export const DEFAULT_PACKAGE_SORT: PackageSort = 'ranking'

/** LIMITS.pageSize in worker/schemas.ts. */
export const PACKAGE_PAGE_SIZE = 20

export interface PackagesView {
  page: number
  sortBy: PackageSort
}

/** Reads the page URL: a bad page or an unknown sort falls back to the default. */
export function readPackagesView(search: string): PackagesView {
  const p = new URLSearchParams(search)
  const rawPage = p.get('page') ?? ''
  const page = /^\d{1,9}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1
  const rawSort = p.get('sortBy')
  const sortBy = PACKAGE_SORTS.find((s) => s.value === rawSort)?.value ?? DEFAULT_PACKAGE_SORT
  return { page, sortBy }
}

/** The canonical address: page only above 1, sortBy only when not the default (ranking). */
export function packagesHref(view: PackagesView): string {
  const p = new URLSearchParams()
  if (view.sortBy !== DEFAULT_PACKAGE_SORT) p.set('sortBy', view.sortBy)
  if (view.page > 1) p.set('page', String(view.page))
  const qs = p.toString()
  return qs ? `/packages?${qs}` : '/packages'
}

/** The swr key of one page of the list. */
export function packagesKey(view: PackagesView) {
  return apiKey(api.packages, { query: { sortBy: view.sortBy, page: String(view.page), limit: String(PACKAGE_PAGE_SIZE) } })
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
