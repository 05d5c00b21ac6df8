/**
 * The sitemaps at 100,000 servers: every active server exactly once across the pages, each page
 * within the protocol's 50,000 addresses and valid by the XSD. Its own file, as its catalogue is
 * its own: the servers are written by one INSERT ... SELECT (the triggers index each as the app's
 * own writes do), as the benchmark's generator loads its catalogue, only faster.
 */
import { env } from 'cloudflare:test'
import { beforeAll, expect, it } from 'vitest'
import { SITEMAP_URLS } from '../../../worker/lib/render/sitemaps'
import { call } from '../helpers'
import { readSitemap } from '../sitemap-reader'

const ORIGIN = 'https://catalogue.test'
const COUNT = 100_000

beforeAll(async () => {
  // One in ten deleted and about one in thirteen pending: neither may appear. Times are spread
  // over a year so every page has its own newest change.
  await env.DB.prepare(
    `INSERT INTO servers (id, name, display_name, description, author, status, created_at, updated_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     SELECT printf('00000000-0000-4000-8000-%012d', i), printf('io.github.scale/server-%d', i), printf('Scale server %d', i),
       'A synthetic server for the sitemap scale test', printf('author%d', i % 500),
       CASE WHEN i % 10 = 0 THEN 'deleted' WHEN i % 13 = 0 THEN 'pending' ELSE 'active' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', printf('+%d minutes', i)),
       strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', printf('+%d minutes', i * 5))
     FROM n`,
  )
    .bind(COUNT)
    .run()
}, 120_000)

it('lists every active server exactly once, in pages of at most 50,000 valid by the XSD', async () => {
  const index = await readSitemap(`${ORIGIN}/sitemap.xml`, 'siteindex')
  const serverPages = index.entries.filter((e) => e.loc.includes('/sitemaps/servers-'))
  expect(serverPages.map((e) => e.loc)).toEqual([`${ORIGIN}/sitemaps/servers-1.xml`, `${ORIGIN}/sitemaps/servers-2.xml`])

  const seen: string[] = []
  const timings: number[] = []
  for (const page of serverPages) {
    const started = performance.now()
    await (await call(new URL(page.loc).pathname)).text()
    timings.push(performance.now() - started)
    const { entries } = await readSitemap(page.loc, 'sitemap')
    expect(entries.length).toBeGreaterThan(0)
    expect(entries.length).toBeLessThanOrEqual(SITEMAP_URLS)
    // The index dates each page by its newest entry.
    expect(page.lastmod).toBe(
      entries
        .map((e) => e.lastmod!)
        .sort()
        .at(-1),
    )
    seen.push(...entries.map((e) => e.loc))
  }

  const active = await env.DB.prepare("SELECT id FROM servers WHERE status = 'active' ORDER BY seq").all<{ id: string }>()
  expect(active.results.length).toBe(COUNT - COUNT / 10 - (Math.floor(COUNT / 13) - Math.floor(COUNT / 130)))
  expect(new Set(seen).size).toBe(seen.length)
  expect(seen).toEqual(active.results.map((r) => `${ORIGIN}/servers/${r.id}`))
  console.info(`sitemap pages at ${COUNT} servers, uncached: ${timings.map((t) => `${Math.round(t)} ms`).join(', ')}`)
}, 120_000)
