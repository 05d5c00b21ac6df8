/**
 * Sitemap queries: which pages exist with their newest change (the index), and one page's
 * addresses. Only active servers and public packages are ever read. Pages are key ranges (see
 * worker/lib/render/sitemaps.ts), so a page is one range read of an index and the index a few
 * entries per page.
 */
import { and, eq, gt, lte, type SQL, sql } from 'drizzle-orm'
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

const URLS = sql.raw(String(SITEMAP_URLS))

/** A server's page: the expression of `servers_sitemap_page_idx`, written the same way so SQLite uses it. */
const serverPage = sql<number>`(${servers.seq} - 1) / ${URLS} + 1`

/** The pages 1 to the one holding the highest key (`top`, one read at the end of a key), one row each. */
const pagesUpTo = (top: SQL) =>
  sql`(WITH RECURSIVE p(page) AS (SELECT 1 UNION ALL SELECT page + 1 FROM p WHERE page < (coalesce(${top}, 0) - 1) / ${URLS} + 1) SELECT page FROM p) pages`

const page = sql<number>`pages.page`

/**
 * The server and package pages that hold anything, each with its newest change, in one batch
 * of two reads of a few rows each: the pages come from the highest key, and each page's newest
 * change is one index entry (a server page's, from `servers_sitemap_page_idx`), so neither read
 * grows with the catalogue. A package page's newest change walks `packages_updated_idx` from the
 * newest public package to the first on the page: one entry for the page the newest is on (all of
 * them while there are fewer than 50,000), the packages updated since for an older page.
 */
export async function sitemapPages(db: DB): Promise<Record<SitemapKind, SitemapPageInfo[]>> {
  const serverNewest = sql<string | null>`(SELECT ${servers.updatedAt} FROM ${servers}
    WHERE ${servers.status} = 'active' AND ${serverPage} = ${page} ORDER BY ${servers.updatedAt} DESC LIMIT 1)`
  const packageNewest = sql<string | null>`(SELECT ${packages.updatedAt} FROM ${packages}
    WHERE ${packages.isPublic} = 1 AND ${packageRowid} > (${page} - 1) * ${URLS} AND ${packageRowid} <= ${page} * ${URLS}
    ORDER BY ${packages.updatedAt} DESC LIMIT 1)`
  const [serverPages, packagePages] = await db.batch([
    db
      .select({ page, lastmod: serverNewest })
      .from(pagesUpTo(sql`(SELECT max(${servers.seq}) FROM ${servers})`))
      .orderBy(page),
    db
      .select({ page, lastmod: packageNewest })
      .from(pagesUpTo(sql`(SELECT max(${packageRowid}) FROM ${packages})`))
      .orderBy(page),
  ])
  // A page with no active server (or public package) left has no newest change: it is not listed.
  const held = (rows: Array<{ page: number; lastmod: string | null }>) => rows.filter((r): r is SitemapPageInfo => r.lastmod !== null)
  return { servers: held(serverPages), packages: held(packagePages) }
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
