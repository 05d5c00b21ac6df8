/**
 * Reads robots.txt's sitemap and the sitemaps as a crawler does, validating each file against the
 * sitemaps.org XSD on the way (the fixture server runs libxml2's validator in Node, see
 * test/fixtures/sitemaps/validate.ts).
 */
import { env } from 'cloudflare:test'
import { XMLParser } from 'fast-xml-parser'
import { expect } from 'vitest'
import { call } from './helpers'

/** The two schemas of test/fixtures/sitemaps/. */
export type SitemapSchema = 'sitemap' | 'siteindex'

const xml = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap', parseTagValue: false })

/** The XSD validator's complaints about a document (none when it is valid). */
export async function sitemapErrors(body: string, schema: SitemapSchema): Promise<string[]> {
  const res = await fetch(`${env.FIXTURE_URL}/__validate-sitemap?schema=${schema}`, { method: 'POST', body })
  return ((await res.json()) as { errors: string[] }).errors
}

export interface SitemapEntry {
  loc: string
  lastmod?: string
}

/** Fetches a sitemap (an absolute address on the test origin), checks it against its XSD, and reads its entries. */
export async function readSitemap(url: string, schema: SitemapSchema): Promise<{ res: Response; entries: SitemapEntry[] }> {
  const { pathname } = new URL(url)
  const res = await call(pathname)
  expect(res.status, pathname).toBe(200)
  expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
  const body = await res.text()
  expect(await sitemapErrors(body, schema)).toEqual([])
  const doc = xml.parse(body)
  const entries: SitemapEntry[] = schema === 'siteindex' ? doc.sitemapindex.sitemap : doc.urlset.url
  return { res, entries }
}
