import { describe, expect, it } from 'vitest'
import {
  renderSitemapIndex,
  renderUrlset,
  robotsTxt,
  SITEMAP_URLS,
  sitemapPath,
  sitemapRange,
} from '../../../../worker/lib/render/sitemaps'

describe('sitemapRange', () => {
  it('gives page n the keys (n-1)×50,000+1 to n×50,000', () => {
    expect(SITEMAP_URLS).toBe(50_000)
    expect(sitemapRange(1)).toEqual({ after: 0, upTo: 50_000 })
    expect(sitemapRange(3)).toEqual({ after: 100_000, upTo: 150_000 })
  })
})

describe('sitemapPath', () => {
  it('names the static page and the numbered pages', () => {
    expect(sitemapPath('static')).toBe('/sitemaps/static.xml')
    expect(sitemapPath('servers', 2)).toBe('/sitemaps/servers-2.xml')
    expect(sitemapPath('packages', 1)).toBe('/sitemaps/packages-1.xml')
  })
})

describe('renderUrlset and renderSitemapIndex', () => {
  it('escape addresses, write times as RFC 3339 and leave out times that are none', () => {
    expect(
      renderUrlset([
        { loc: 'https://c.test/?a=1&b=<2>', lastmod: '2025-05-16T14:00:00+02:00' },
        { loc: 'https://c.test/x', lastmod: 'never' },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://c.test/?a=1&amp;b=&lt;2&gt;</loc><lastmod>2025-05-16T12:00:00.000Z</lastmod></url>\n' +
        '<url><loc>https://c.test/x</loc></url>\n</urlset>\n',
    )
    expect(renderSitemapIndex([{ loc: 'https://c.test/sitemaps/static.xml' }])).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>https://c.test/sitemaps/static.xml</loc></sitemap>\n</sitemapindex>',
    )
  })
})

describe('robotsTxt', () => {
  it('points at the sitemap on the origin given and lets the public API reads through', () => {
    const lines = robotsTxt('https://c.test').split('\n')
    expect(lines).toContain('Sitemap: https://c.test/sitemap.xml')
    // The longer Allow rules win over `Disallow: /api/` for the reads public pages make.
    for (const allowed of ['/api/servers', '/api/tags', '/api/packages']) expect(lines).toContain(`Allow: ${allowed}`)
    expect(lines).toContain('Disallow: /api/')
  })
})
