import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { sitemapFileParam } from '@shared/schemas'
import { sitemapPage, sitemapPages } from '../db/sitemaps'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { renderSitemapIndex, renderUrlset, robotsTxt, type SitemapEntry, STATIC_PAGES, sitemapPath } from '../lib/render/sitemaps'
import { guestCache, publicCache } from '../middleware/cache'
import { validate } from '../middleware/validate'

/** Crawlers read these rarely; the edge cache (keyed by the content version) keeps repeats cheap. */
const SITEMAP_CACHE_SECONDS = 30

const sitemapCache = guestCache({ shared: true })

const XML = { 'Content-Type': 'application/xml; charset=utf-8' }

const originOf = (c: Context<AppEnv>) => new URL(c.req.url).origin

/**
 * Server pages depend only on servers, whose content version keys the edge cache; package pages
 * are cheap and read fresh, so a package made private leaves them at once.
 */
const cacheServerPages: MiddlewareHandler<AppEnv> = (c, next) =>
  c.req.param('file')?.startsWith('servers-') ? sitemapCache(c, next) : next()

/** The newest of some times (ISO text sorts as time), or null. */
const newest = (times: Array<string | null | undefined>) => times.reduce<string | null>((a, t) => (t && (!a || t > a) ? t : a), null)

/**
 * robots.txt and the sitemaps: `/sitemap.xml` is an index of `/sitemaps/static.xml` and the
 * server and package pages that hold anything (see worker/lib/render/sitemaps.ts). Only active servers
 * and public packages are listed. Public and the same for everyone: no session is read.
 */
export const sitemapRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.text(robotsTxt(originOf(c)))
  })
  .get('/sitemap.xml', sitemapCache, async (c) => {
    const pages = await sitemapPages(c.var.db)
    const origin = originOf(c)
    const entries: SitemapEntry[] = [
      { loc: `${origin}${sitemapPath('static')}`, lastmod: newest([...pages.servers, ...pages.packages].map((p) => p.lastmod)) },
      ...pages.servers.map((p) => ({ loc: `${origin}${sitemapPath('servers', p.page)}`, lastmod: p.lastmod })),
      ...pages.packages.map((p) => ({ loc: `${origin}${sitemapPath('packages', p.page)}`, lastmod: p.lastmod })),
    ]
    publicCache(c, SITEMAP_CACHE_SECONDS)
    return c.body(renderSitemapIndex(entries), 200, XML)
  })
  .get('/sitemaps/static.xml', sitemapCache, async (c) => {
    const pages = await sitemapPages(c.var.db)
    const servers = newest(pages.servers.map((p) => p.lastmod))
    const packages = newest(pages.packages.map((p) => p.lastmod))
    const lastmod: Record<string, string | null> = { '/': newest([servers, packages]), '/servers': servers, '/packages': packages }
    const origin = originOf(c)
    publicCache(c, SITEMAP_CACHE_SECONDS)
    return c.body(renderUrlset(STATIC_PAGES.map((path) => ({ loc: `${origin}${path}`, lastmod: lastmod[path] }))), 200, XML)
  })
  .get('/sitemaps/:file', validate('param', sitemapFileParam), cacheServerPages, async (c) => {
    const { kind, page } = c.req.valid('param').file
    const rows = await sitemapPage(c.var.db, kind, page)
    // The index lists only pages that hold something; an empty page would not be a valid sitemap.
    if (!rows.length) throw new ApiError('not_found', 'Sitemap not found')
    const base = `${originOf(c)}/${kind}/`
    publicCache(c, SITEMAP_CACHE_SECONDS)
    return c.body(renderUrlset(rows.map((r) => ({ loc: base + encodeURIComponent(r.id), lastmod: r.updatedAt }))), 200, XML)
  })
