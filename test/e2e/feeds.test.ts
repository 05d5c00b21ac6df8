/**
 * Feeds, sitemaps and robots.txt in the built app: the Worker answers them (not the SPA's
 * index.html), and the pages with a feed show a link to it that a person can follow.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signInAs } from './auth'
import { axeViolations, baseURL, newSession, setupBrowser } from './browser'
import { apiCall, WIDGET_ID } from './helpers'

setupBrowser()

/** Follows a feed link the page shows and reads what it leads to. */
async function followFeed(page: Page, name: string | RegExp) {
  const link = page.getByRole('list', { name: 'Feeds' }).getByRole('link', { name, exact: typeof name === 'string' })
  const href = (await link.getAttribute('href'))!
  const res = await fetch(new URL(href, baseURL()))
  return { href, type: res.headers.get('content-type'), status: res.status, body: await res.text() }
}

describe('feeds and sitemaps in the built app', () => {
  it('are answered by the Worker, whatever the static assets hold', async () => {
    const expected: Array<[string, string]> = [
      ['/robots.txt', 'text/plain'],
      ['/sitemap.xml', 'application/xml'],
      ['/sitemaps/static.xml', 'application/xml'],
      ['/sitemaps/servers-1.xml', 'application/xml'],
      ['/feeds/servers/new.atom', 'application/atom+xml'],
      ['/feeds/servers/updated.rss', 'application/rss+xml'],
    ]
    for (const [path, type] of expected) {
      const res = await fetch(`${baseURL()}${path}`)
      expect({ path, status: res.status, type: res.headers.get('content-type')?.split(';')[0] }).toEqual({ path, status: 200, type })
    }
    expect(await (await fetch(`${baseURL()}/robots.txt`)).text()).toContain(`Sitemap: ${baseURL()}/sitemap.xml`)
    expect((await fetch(`${baseURL()}/feeds/tags/no-such-tag.atom`)).status).toBe(404)
  })

  it('are linked from the servers list: the catalogue feeds, or the feeds of the tags it is filtered by', async () => {
    const { page, context, problems } = await newSession()
    await page.goto('/servers')
    const feed = await followFeed(page, 'New MCP servers')
    expect(feed).toMatchObject({ href: '/feeds/servers/new.atom', status: 200, type: 'application/atom+xml; charset=utf-8' })
    expect(await page.getByRole('link', { name: /^RSS\W+Recently updated MCP servers$/ }).getAttribute('href')).toBe(
      '/feeds/servers/updated.rss',
    )

    await page.goto('/servers?tags=database')
    const tagged = await followFeed(page, 'MCP servers tagged database')
    expect(tagged).toMatchObject({ href: '/feeds/tags/database.atom', status: 200 })
    expect(tagged.body).toContain('<category term="database"/>')
    expect(await page.getByRole('link', { name: 'New MCP servers', exact: true }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it("are linked from a server page: its maintainer's servers", async () => {
    const { page, context, problems } = await newSession()
    await page.goto(`/servers/${WIDGET_ID}`)
    const feed = await followFeed(page, 'MCP servers by acme')
    expect(feed).toMatchObject({ href: '/feeds/authors/acme.atom', status: 200 })
    expect(feed.body).toContain(`/servers/${WIDGET_ID}`)
    expect(problems).toEqual([])
    await context.close()
  })

  it('are linked from a public package, and a private one has none', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, 'feed-curator')
    const pkg = await apiCall<{ id: string }>(page, 'POST', '/api/users/me/categories', { name: 'Feed curator picks' })
    await apiCall(page, 'POST', `/api/users/me/categories/${pkg.id}/servers/${WIDGET_ID}`)
    await page.goto(`/packages/${pkg.id}`)
    await page.getByRole('heading', { level: 1, name: 'Feed curator picks' }).waitFor()
    expect(await page.getByRole('list', { name: 'Feeds' }).count()).toBe(0)
    expect((await fetch(`${baseURL()}/feeds/packages/${pkg.id}.atom`)).status).toBe(404)

    await apiCall(page, 'PUT', `/api/packages/${pkg.id}/public-status`, { isPublic: true })
    await page.reload()
    const feed = await followFeed(page, 'Servers in this package')
    expect(feed).toMatchObject({ href: `/feeds/packages/${pkg.id}.atom`, status: 200 })
    expect(feed.body).toContain('<title type="text">Feed curator picks: MCP servers in this package</title>')
    expect(problems).toEqual([])
    await context.close()
  })
})
