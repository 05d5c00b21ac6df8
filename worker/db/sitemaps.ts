/**
 * Sitemap queries: which pages exist with their newest change (the index), and one page's
 * addresses. Only active servers and public packages are ever read. Pages are key ranges (see
 * worker/lib/render/sitemaps.ts), so a page is one range read of an index and the index one pass over it.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { SITEMAP_URLS, type SitemapKind, sitemapRange } from '../lib/render/sitemaps'
import type { DB } from './client'
import { packages, servers } from './schema'

export interface SitemapPageInfo {
  page: number
  /** The newest `updatedAt` on the page. */
  lastmod: string
}

/** packages has a text primary key: its rowid is the integer key pages are ranges of. */
const packageRowid = sql<number>`${packages}.rowid`

const pageOf = (key: typeof servers.seq | typeof packageRowid) => sql<number>`(${key} - 1) / ${sql.raw(String(SITEMAP_URLS))} + 1`

/**
 * The server and package pages that hold anything, each with its newest change: one batch of two
 * grouped reads (servers walk `servers_sitemap_idx` in key order, packages `packages_updated_idx`).
 */
export async function sitemapPages(db: DB): Promise<Record<SitemapKind, SitemapPageInfo[]>> {
  const serverPage = pageOf(servers.seq)
  const packagePage = pageOf(packageRowid)
  const [serverPages, packagePages] = await db.batch([
    db
      .select({ page: serverPage, lastmod: sql<string>`max(${servers.updatedAt})` })
      .from(servers)
      .where(eq(servers.status, 'active'))
      .groupBy(serverPage)
      .orderBy(serverPage),
    db
      .select({ page: packagePage, lastmod: sql<string>`max(${packages.updatedAt})` })
      .from(packages)
      .where(eq(packages.isPublic, true))
      .groupBy(packagePage)
      .orderBy(packagePage),
  ])
  return { servers: serverPages, packages: packagePages }
}

export interface SitemapRow {
  id: string
  updatedAt: string
}

/** One page's active servers or public packages, in key order: one range read. */
export async function sitemapPage(db: DB, kind: SitemapKind, page: number): Promise<SitemapRow[]> {
  const { after, upTo } = sitemapRange(page)
  if (kind === 'servers') {
    return db
      .select({ id: servers.id, updatedAt: servers.updatedAt })
      .from(servers)
      .where(and(eq(servers.status, 'active'), gt(servers.seq, after), lte(servers.seq, upTo)))
      .orderBy(servers.seq)
  }
  return db
    .select({ id: packages.id, updatedAt: packages.updatedAt })
    .from(packages)
    .where(and(eq(packages.isPublic, true), gt(packageRowid, after), lte(packageRowid, upTo)))
    .orderBy(packageRowid)
}
