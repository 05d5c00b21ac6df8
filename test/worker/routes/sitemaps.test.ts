import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../../worker/app'
import { packages } from '../../../worker/db/schema'
import { sitemapPages } from '../../../worker/db/sitemaps'
import { signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { call, db, json } from '../helpers'
import { readSitemap, sitemapErrors } from '../sitemap-reader'

const ORIGIN = 'https://catalogue.test'
const at = (day: number) => new Date(Date.UTC(2025, 4, day, 8)).toISOString()

const ids = { active: [] as string[], deleted: '', pending: '', publicPackage: crypto.randomUUID(), privatePackage: crypto.randomUUID() }

beforeAll(async () => {
  for (const day of [3, 9, 5]) ids.active.push((await insertServer({ updatedAt: at(day) })).id)
  ids.deleted = (await insertServer({ status: 'deleted', updatedAt: at(20) })).id
  ids.pending = (await insertServer({ status: 'pending', updatedAt: at(21) })).id
  const user = (await signIn('sitemap-owner')).user!
  await db()
    .insert(packages)
    .values([
      { id: ids.publicPackage, userId: user.id, name: 'Public', isPublic: true, updatedAt: at(7) },
      { id: ids.privatePackage, userId: user.id, name: 'Private', isPublic: false, updatedAt: at(25) },
    ])
})

describe('GET /robots.txt', () => {
  it('lets crawlers read the pages and the API reads they make, keeps them out of the rest, and names the sitemap', async () => {
    const res = await call('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/plain; charset=UTF-8')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600')
    const lines = (await res.text()).split('\n')
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toEqual(
      expect.arrayContaining(['Allow: /', 'Allow: /api/servers', 'Disallow: /api/', 'Disallow: /dashboard', 'Disallow: /admin/']),
    )
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })

  it('names the sitemap on the origin asked', async () => {
    const res = await app.request('http://localhost:8787/robots.txt', {}, env)
    expect(await res.text()).toContain('Sitemap: http://localhost:8787/sitemap.xml')
  })
})

describe('GET /sitemap.xml', () => {
  it('indexes the static pages and each page of servers and packages, dated by their newest change', async () => {
    const { res, entries } = await readSitemap(`${ORIGIN}/sitemap.xml`, 'siteindex')
    expect(entries).toEqual([
      { loc: `${ORIGIN}/sitemaps/static.xml`, lastmod: at(9) },
      { loc: `${ORIGIN}/sitemaps/servers-1.xml`, lastmod: at(9) },
      { loc: `${ORIGIN}/sitemaps/packages-1.xml`, lastmod: at(7) },
    ])
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=30')
  })
})

describe('GET /sitemaps/static.xml', () => {
  it('lists the public pages', async () => {
    const { entries } = await readSitemap(`${ORIGIN}/sitemaps/static.xml`, 'sitemap')
    expect(entries).toEqual([
      { loc: `${ORIGIN}/`, lastmod: at(9) },
      { loc: `${ORIGIN}/servers`, lastmod: at(9) },
      { loc: `${ORIGIN}/packages`, lastmod: at(7) },
      { loc: `${ORIGIN}/security/mcp-supply-chain` },
      { loc: `${ORIGIN}/use-from-ai` },
    ])
  })
})

describe('GET /sitemaps/:file', () => {
  it('lists every active server once with its last change, and no deleted or pending one', async () => {
    const { entries } = await readSitemap(`${ORIGIN}/sitemaps/servers-1.xml`, 'sitemap')
    expect(entries).toEqual(ids.active.map((id, i) => ({ loc: `${ORIGIN}/servers/${id}`, lastmod: at([3, 9, 5][i]) })))
  })

  it('lists public packages only', async () => {
    const { entries } = await readSitemap(`${ORIGIN}/sitemaps/packages-1.xml`, 'sitemap')
    expect(entries).toEqual([{ loc: `${ORIGIN}/packages/${ids.publicPackage}`, lastmod: at(7) }])
  })

  it('answers 404 for a page past the last (an empty sitemap would not be valid), and 400 for a name that is no sitemap', async () => {
    for (const file of ['servers-2.xml', 'packages-9.xml']) {
      expect(await json(`/sitemaps/${file}`)).toMatchObject({ status: 404, body: { error: 'Sitemap not found', code: 'not_found' } })
    }
    for (const file of ['servers-0.xml', 'servers.xml', 'users-1.xml', 'servers-1.txt', 'servers-1234567.xml']) {
      expect((await json(`/sitemaps/${file}`)).status).toBe(400)
    }
    expect((await json('/sitemaps/a/b.xml')).status).toBe(404)
  })
})

describe('the XSD validator', () => {
  it('refuses what the sitemap schema does not allow, so a pass means something', async () => {
    const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9'
    const bad = [
      `<urlset xmlns="${ns}"></urlset>`,
      `<urlset xmlns="${ns}"><url><loc>https://a.test/x</loc><lastmod>yesterday</lastmod></url></urlset>`,
      `<urlset xmlns="${ns}"><url><lastmod>2025-01-01</lastmod></url></urlset>`,
      `<urlset><url><loc>https://a.test/x</loc></url></urlset>`,
    ]
    for (const doc of bad) expect(await sitemapErrors(doc, 'sitemap')).not.toEqual([])
    expect(
      await sitemapErrors(`<sitemapindex xmlns="${ns}"><url><loc>https://a.test/x</loc></url></sitemapindex>`, 'siteindex'),
    ).not.toEqual([])
    expect(
      await sitemapErrors(
        `<urlset xmlns="${ns}"><url><loc>https://a.test/x</loc><lastmod>2025-01-01T00:00:00.000Z</lastmod></url></urlset>`,
        'sitemap',
      ),
    ).toEqual([])
  })
})

describe('the pages the index lists', () => {
  it('are the pages that hold a listed server or package, dated by their newest, as grouping every row found them', async () => {
    // Keys on later pages: page 2 of servers holds only a deleted one, page 3 an active and a
    // pending one, page 2 of packages a public one, page 3 a private one.
    const user = (await signIn('sitemap-pager')).user!
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO servers (seq, id, name, display_name, description, author, status, updated_at) VALUES
          (50001, 'page-2-deleted', 'io.github.p/a', 'A', 'x', 'p', 'deleted', ?1),
          (100000, 'page-2-deleted-b', 'io.github.p/b', 'B', 'x', 'p', 'deleted', ?1),
          (100001, 'page-3-active', 'io.github.p/c', 'C', 'x', 'p', 'active', ?2),
          (100002, 'page-3-older', 'io.github.p/d', 'D', 'x', 'p', 'active', ?3),
          (149999, 'page-3-pending', 'io.github.p/e', 'E', 'x', 'p', 'pending', ?1)`,
      ).bind(at(28), at(12), at(11)),
      env.DB.prepare(
        `INSERT INTO packages (rowid, id, user_id, name, is_public, updated_at) VALUES
          (60000, 'page-2-public', ?1, 'P2', 1, ?2), (120000, 'page-3-private', ?1, 'P3', 0, ?3)`,
      ).bind(user.id, at(2), at(29)),
    ])
    // The index as it was read before: every listed row, grouped by page.
    const grouped = async (query: string) => (await env.DB.prepare(query).all<{ page: number; lastmod: string }>()).results
    const truth = {
      servers: await grouped(`SELECT (seq - 1) / 50000 + 1 AS page, max(updated_at) AS lastmod FROM servers
        WHERE status = 'active' GROUP BY page ORDER BY page`),
      packages: await grouped(`SELECT (rowid - 1) / 50000 + 1 AS page, max(updated_at) AS lastmod FROM packages
        WHERE is_public = 1 GROUP BY page ORDER BY page`),
    }
    expect(truth).toEqual({
      servers: [
        { page: 1, lastmod: at(9) },
        { page: 3, lastmod: at(12) },
      ],
      packages: [
        { page: 1, lastmod: at(7) },
        { page: 2, lastmod: at(2) },
      ],
    })
    expect(await sitemapPages(db())).toEqual(truth)
  })
})
