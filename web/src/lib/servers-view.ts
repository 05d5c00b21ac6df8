import { isCategorySlug, MAX_CATEGORY_FILTER } from '@shared/categories'
import { LIMITS, type ServerSort } from '@shared/limits'
import { serverListing } from '@shared/server-list'
import { GRADES, type Grade } from '@shared/verdict'
import { api, apiKey } from './api'
import { readOption, readPage, writePage } from './list-url'

/** The sorts the list screen offers, in the dropdown's order, with their labels. */
export const LIST_SORTS = [
  { value: 'stars', label: 'GitHub Stars' },
  { value: 'updated', label: 'Update Date' },
  { value: 'likes', label: 'Likes' },
  { value: 'rated', label: 'Best rated' },
] as const satisfies ReadonlyArray<{ value: ServerSort; label: string }>
export type ListSort = (typeof LIST_SORTS)[number]['value']

/** What /servers shows, as read from its URL. */
export interface ServersView {
  /** Search text, trimmed; empty means the plain list. */
  q: string
  page: number
  /** Null when the URL names none (or an unknown one): stars for the list, relevance for a search. */
  sortBy: ListSort | null
  tags: string[]
  /** Category slugs (`category=a,b`): servers in any of them. */
  categories: string[]
  favorites: boolean
  /** `tools=known`: only servers whose tools were read from the server. */
  toolsKnown: boolean
  /** `remote=1`: only servers with a remote endpoint, nothing to install. */
  remote: boolean
  /** `minGrade=B`: only servers graded B or better (not graded ones left out); null for any. */
  minGrade: Grade | null
}

/** Reads the page URL's query: bad or unknown values fall back to the defaults. */
export function readServersView(search: string | URLSearchParams): ServersView {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search
  return {
    q: (p.get('q') ?? '').trim(),
    page: readPage(p),
    sortBy: readOption(p, 'sortBy', LIST_SORTS),
    tags: parseTags(p.get('tags')),
    categories: parseCategories(p.get('category')),
    favorites: p.get('favorites') === '1',
    toolsKnown: p.get('tools') === 'known',
    remote: p.get('remote') === '1',
    minGrade: readGrade(p.get('minGrade')),
  }
}

/** A grade the URL names, as written (upper case), or null. */
function readGrade(raw: string | null): Grade | null {
  return GRADES.find((g) => g === raw) ?? null
}

/** The view of `/servers` or of a category's page (its category first among the filters). */
export function serversViewOf(search: string | URLSearchParams, category?: string): ServersView {
  const read = readServersView(search)
  return category ? { ...read, categories: [category, ...read.categories.filter((c) => c !== category)] } : read
}

function parseTags(raw: string | null): string[] {
  if (!raw) return []
  const tags = raw
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t && t.length <= LIMITS.tag)
  return [...new Set(tags)].slice(0, LIMITS.tagFilter)
}

/** Known categories only (an old link may name one the taxonomy dropped), in the URL's order. */
function parseCategories(raw: string | null): string[] {
  if (!raw) return []
  const slugs = raw.split(',').map((c) => c.trim().toLowerCase())
  return [...new Set(slugs.filter(isCategorySlug))].slice(0, MAX_CATEGORY_FILTER)
}

/**
 * The canonical address of a view; defaults are left out so links stay short. A view of exactly
 * one category is that category's own page, `/categories/{slug}` (stable, and the address its
 * feed will mirror); any other view is `/servers` with `category=a,b`.
 */
export function serversHref(view: Partial<ServersView>): string {
  const own = view.categories?.length === 1 ? view.categories[0] : null
  const p = new URLSearchParams()
  if (view.q) p.set('q', view.q)
  if (view.favorites) p.set('favorites', '1')
  if (view.categories?.length && !own) p.set('category', view.categories.join(','))
  if (view.tags?.length) p.set('tags', view.tags.join(','))
  if (view.toolsKnown) p.set('tools', 'known')
  if (view.remote) p.set('remote', '1')
  if (view.minGrade) p.set('minGrade', view.minGrade)
  if (view.sortBy) p.set('sortBy', view.sortBy)
  writePage(p, view.page)
  const qs = p.toString()
  const base = own ? categoryPath(own) : '/servers'
  return qs ? `${base}?${qs}` : base
}

/** A category's own page. */
export const categoryPath = (slug: string) => `/categories/${encodeURIComponent(slug)}`

/** The swr key that lists a view's servers (search when there is text). */
export function serversKey(view: ServersView, limit: number = LIMITS.pageSize) {
  const listing = serverListing(view.q, view.sortBy)
  const query = {
    q: listing.q,
    sortBy: listing.sortBy,
    page: String(view.page),
    limit: String(limit),
    tags: view.tags.length ? view.tags.join(',') : undefined,
    category: view.categories.length ? view.categories.join(',') : undefined,
    favorites: view.favorites ? ('1' as const) : undefined,
    tools: view.toolsKnown ? ('known' as const) : undefined,
    remote: view.remote ? ('1' as const) : undefined,
    minGrade: view.minGrade ?? undefined,
  }
  return listing.q === undefined ? apiKey(api.servers, { query }) : apiKey(api.servers.search, { query })
}
