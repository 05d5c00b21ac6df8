import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../../worker/app'
import { packages } from '../../../worker/db/schema'
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
