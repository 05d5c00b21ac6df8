/**
 * Where each feed lives and which pages offer which feeds: for the SPA's visible feed links and
 * for the `<link rel="alternate">` tags in a page's head, so the two never disagree.
 */
import { LIMITS } from './limits'

export type FeedFormat = 'atom' | 'rss'

export const FEED_FORMATS: readonly FeedFormat[] = ['atom', 'rss']

/** What a feed follows. */
export type FeedSource =
  | { kind: 'new' }
  | { kind: 'updated' }
  | { kind: 'tag'; tag: string }
  | { kind: 'author'; login: string }
  | { kind: 'package'; id: string }
  /** A server's tool changes and new findings (its Changes timeline). */
  | { kind: 'changes'; id: string }
  /** Package versions the supply-chain watch scored Medium or above, catalogue-wide. */
  | { kind: 'supply-chain' }

/**
 * A feed's path, the same for every host.
 * @example feedPath({ kind: 'tag', tag: 'postgres' }, 'atom') // '/feeds/tags/postgres.atom'
 */
export function feedPath(source: FeedSource, format: FeedFormat): string {
  switch (source.kind) {
    case 'new':
    case 'updated':
      return `/feeds/servers/${source.kind}.${format}`
    case 'tag':
      return `/feeds/tags/${encodeURIComponent(source.tag)}.${format}`
    case 'author':
      return `/feeds/authors/${encodeURIComponent(source.login.toLowerCase())}.${format}`
    case 'package':
      return `/feeds/packages/${encodeURIComponent(source.id)}.${format}`
    case 'changes':
      return `/feeds/changes/${encodeURIComponent(source.id)}.${format}`
    case 'supply-chain':
      return `/feeds/supply-chain.${format}`
  }
}

/**
 * A feed's title as readers list it. A package's feed is titled by the package's name when it
 * is known (the feed itself), else by what it holds (a link on the package's page).
 */
export function feedTitle(source: FeedSource, packageName?: string): string {
  switch (source.kind) {
    case 'new':
      return 'New MCP servers'
    case 'updated':
      return 'Recently updated MCP servers'
    case 'tag':
      return `MCP servers tagged ${source.tag}`
    case 'author':
      return `MCP servers by ${source.login}`
    case 'package':
      return packageName === undefined ? 'Servers in this package' : `${packageName}: MCP servers in this package`
    case 'changes':
      return packageName === undefined ? 'Tool changes of this server' : `${packageName}: tool changes and findings`
    case 'supply-chain':
      return 'Supply-chain findings in MCP server packages'
  }
}

/** One `<link rel="alternate">` of a page's head. */
export interface FeedLink {
  rel: 'alternate'
  type: 'application/atom+xml' | 'application/rss+xml'
  title: string
  href: string
}

const LINK_TYPES: Record<FeedFormat, FeedLink['type']> = { atom: 'application/atom+xml', rss: 'application/rss+xml' }

/** Both formats of a feed, Atom first (the one readers pick when they take the first). */
export const feedLinks = (source: FeedSource): FeedLink[] =>
  FEED_FORMATS.map((format) => ({
    rel: 'alternate',
    type: LINK_TYPES[format],
    title: `${feedTitle(source)} (${format === 'atom' ? 'Atom' : 'RSS'})`,
    href: feedPath(source, format),
  }))

/**
 * What the page shows, as far as its feeds depend on data: the author of a server page (its
 * `followableAuthor`) and whether a package page shows a public package. A page whose facts are
 * not given offers no data-dependent feed, so a private package never gets a link.
 */
export interface FeedPageFacts {
  author?: string | null
  /** A server page that shows a listed server (its Changes feed exists). */
  listed?: boolean
  publicPackage?: boolean
}

const SITE_FEEDS: FeedSource[] = [{ kind: 'new' }, { kind: 'updated' }]

/**
 * The feeds a page offers, for `<link rel="alternate">` tags in its head (hrefs are root-relative;
 * readers resolve them against the page). The landing page and the servers list offer the new
 * and updated servers; a list filtered by tags adds each tag's feed; a server page its author's
 * and its own tool changes; a public package page its own.
 * @example feedLinksFor('/servers', '?tags=postgres') // new, updated and 'tagged postgres', each as Atom and RSS
 * @example feedLinksFor(`/packages/${id}`, '', { publicPackage: true }) // the package's feed
 */
export function feedLinksFor(pathname: string, search: string, facts: FeedPageFacts = {}): FeedLink[] {
  const path = pathname.replace(/\/+$/, '') || '/'
  const sources: FeedSource[] = []
  if (path === '/' || path === '/servers') {
    sources.push(...SITE_FEEDS)
    if (path === '/servers') sources.push(...selectedTags(search).map((tag): FeedSource => ({ kind: 'tag', tag })))
  } else if (/^\/servers\/[^/]+$/.test(path)) {
    if (facts.author) sources.push({ kind: 'author', login: facts.author })
    const id = decoded(path.slice('/servers/'.length))
    if (id && facts.listed) sources.push({ kind: 'changes', id })
  } else if (path === '/security/mcp-supply-chain') {
    sources.push({ kind: 'supply-chain' })
  } else if (/^\/packages\/[^/]+$/.test(path) && facts.publicPackage) {
    const id = decoded(path.slice('/packages/'.length))
    if (id) sources.push({ kind: 'package', id })
  }
  return sources.flatMap(feedLinks)
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/** The tags a servers list is filtered by, as the list reads them (`tags=a,b`, lower-cased, bounded). */
export function selectedTags(search: string): string[] {
  const raw = new URLSearchParams(search).get('tags') ?? ''
  const tags = raw
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t && t.length <= LIMITS.tag)
  return [...new Set(tags)].slice(0, LIMITS.tagFilter)
}

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const attr = (value: string) => value.replace(/[&<>"']/g, (ch) => ATTR_ESCAPES[ch])

/**
 * The links as HTML for a page's head, every value escaped for a quoted attribute.
 * @example head.append(feedLinkTags(feedLinksFor(url.pathname, url.search)), { html: true })
 */
export function feedLinkTags(links: readonly FeedLink[]): string {
  return links.map((l) => `<link rel="${l.rel}" type="${l.type}" title="${attr(l.title)}" href="${attr(l.href)}">`).join('')
}
