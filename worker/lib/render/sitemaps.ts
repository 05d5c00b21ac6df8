/**
 * robots.txt and the sitemaps (the sitemaps.org protocol, 0.9): an index at /sitemap.xml over
 * pages of at most 50,000 addresses each. Server and package pages are numbered by key range
 * (servers' `seq`, packages' rowid): page n holds the keys from (n-1)×50,000+1 to n×50,000, so
 * a page never holds more than 50,000 whatever was deleted, a listing stays on its page as
 * others come and go, and each page is one indexed range read.
 */
import { isoTime, xmlText } from './feeds/xml'

/** The protocol's bound on addresses per sitemap file. */
export const SITEMAP_URLS = 50_000

export type SitemapKind = 'servers' | 'packages'

/** The pages every crawler should find, besides each server and package. */
export const STATIC_PAGES = ['/', '/servers', '/packages', '/security/mcp-supply-chain', '/use-from-ai'] as const

export interface SitemapEntry {
  loc: string
  /** Stored time; left out when it is no time. */
  lastmod?: string | null
}

/** The key range of page `page` (1-based): `after < key <= upTo`. */
export const sitemapRange = (page: number) => ({ after: (page - 1) * SITEMAP_URLS, upTo: page * SITEMAP_URLS })

/** A sitemap page's path. @example sitemapPath('servers', 2) // '/sitemaps/servers-2.xml' */
export const sitemapPath = (kind: SitemapKind | 'static', page?: number) =>
  kind === 'static' ? '/sitemaps/static.xml' : `/sitemaps/${kind}-${page}.xml`

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'

function entryXml(tag: 'url' | 'sitemap', { loc, lastmod }: SitemapEntry): string {
  const time = isoTime(lastmod)
  return `<${tag}><loc>${xmlText(loc)}</loc>${time ? `<lastmod>${time}</lastmod>` : ''}</${tag}>\n`
}

/** A sitemap file (`urlset`). */
export function renderUrlset(entries: readonly SitemapEntry[]): string {
  return `${HEAD}<urlset xmlns="${NS}">\n${entries.map((e) => entryXml('url', e)).join('')}</urlset>\n`
}

/** The sitemap index (`sitemapindex`). */
export function renderSitemapIndex(entries: readonly SitemapEntry[]): string {
  return `${HEAD}<sitemapindex xmlns="${NS}">\n${entries.map((e) => entryXml('sitemap', e)).join('')}</sitemapindex>\n`
}

/**
 * robots.txt for an origin. Every public page may be crawled, and so may the API reads those
 * pages make (a crawler that runs the SPA's script must see what a person sees; the longest rule
 * wins, so these Allow lines beat `Disallow: /api/`). Sign-in, personal, admin and form pages are
 * left out; so is the registry API, which is for registry clients rather than search engines.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/servers',
    'Allow: /api/tags',
    'Allow: /api/packages',
    'Allow: /api/auth/session',
    'Disallow: /api/',
    'Disallow: /v0.1/',
    'Disallow: /dashboard',
    'Disallow: /admin/',
    'Disallow: /servers/new',
    'Disallow: /servers/*/edit',
    'Disallow: /servers/*/featured',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}
