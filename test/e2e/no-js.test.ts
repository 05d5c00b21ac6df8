/**
 * Pages read without JavaScript (crawlers, link previews, reader modes), and what happens when
 * the SPA then takes the page over: the same content, and nothing moves.
 */
import { describe, expect, it } from 'vitest'
import type { ServerDetail, ServerSummary } from '@shared/types'
import { newSession, setupBrowser } from './browser'
import { apiJson, settled, WIDGET_ID } from './helpers'

setupBrowser()

describe('without JavaScript', () => {
  it("a server's page shows its name, description, author and install command", async () => {
    const server = await apiJson<ServerDetail>(`/api/servers/${WIDGET_ID}`)
    const { page, context } = await newSession({ javaScript: false })
    const res = await page.goto(`/servers/${WIDGET_ID}`)
    expect(res?.status()).toBe(200)
    await expect(page.title()).resolves.toBe(`${server.displayName} · MCP Catalogue`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(server.displayName)
    await page.getByText(server.description, { exact: true }).waitFor()
    await page.getByText(`by ${server.author}`).waitFor()
    expect(await page.locator('pre code').textContent()).toBe(server.installCommand)
    await page.getByRole('link', { name: 'All servers' }).waitFor()
    await context.close()
  })

  it('the server list links to its first page of servers, and an unknown path is the not-found page with 404', async () => {
    const first = await apiJson<{ servers: ServerSummary[] }>('/api/servers?sortBy=stars')
    const { page, context } = await newSession({ javaScript: false })
    await page.goto('/servers')
    await page.getByRole('heading', { level: 1, name: 'MCP Servers' }).waitFor()
    for (const s of first.servers) await page.getByRole('link', { name: s.displayName, exact: true }).first().waitFor()
    const res = await page.goto('/no-such-page')
    expect(res?.status()).toBe(404)
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor()
    await context.close()
  })
})

describe('with JavaScript', () => {
  it("replaces the page's summary with the SPA's page without a layout shift", async () => {
    const server = await apiJson<ServerDetail>(`/api/servers/${WIDGET_ID}`)
    const { page, context, problems } = await newSession({ viewport: { width: 412, height: 823 } })
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number }
      w.__cls = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) w.__cls += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(`/servers/${WIDGET_ID}`)
    // The SPA's own page (its tabs) with one heading: the summary is gone, not beside it.
    await page.getByRole('tab', { name: 'README' }).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([server.displayName])
    await settled(page)
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThanOrEqual(0.1)
    expect(problems).toEqual([])
    await context.close()
  })

  it('keeps the summary on screen until the complete page replaces it: no spinner between, and the first paint stays the largest', async () => {
    const server = await apiJson<ServerDetail>(`/api/servers/${WIDGET_ID}`)
    for (const path of [`/servers/${WIDGET_ID}`, '/servers', '/packages']) {
      const { page, context, problems } = await newSession({ viewport: { width: 412, height: 823 } })
      await page.addInitScript(() => {
        const w = window as unknown as { __spinner: boolean; __paints: Array<{ kind: string; at: number }> }
        w.__spinner = false
        w.__paints = []
        new MutationObserver(() => {
          if (Array.from(document.querySelectorAll('[role="status"]')).some((s) => s.textContent?.trim() === 'Loading...'))
            w.__spinner = true
        }).observe(document, { childList: true, subtree: true })
        for (const type of ['paint', 'largest-contentful-paint'])
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) w.__paints.push({ kind: e.entryType === 'paint' ? e.name : 'lcp', at: e.startTime })
          }).observe({ type, buffered: true })
      })
      await page.goto(path)
      if (path.startsWith('/servers/')) {
        await page.getByRole('tab', { name: 'README' }).waitFor()
        expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([server.displayName])
      } else
        await page.getByRole('navigation', { name: 'Pagination' }).or(page.getByRole('main').getByRole('link').first()).first().waitFor()
      await settled(page)
      const { spinner, paints } = await page.evaluate(() => {
        const w = window as unknown as { __spinner: boolean; __paints: Array<{ kind: string; at: number }> }
        return { spinner: w.__spinner, paints: w.__paints }
      })
      expect(spinner, path).toBe(false)
      const fcp = paints.find((p) => p.kind === 'first-contentful-paint')!.at
      // Every largest-paint candidate is the summary's, painted with the first content.
      expect(
        paints.filter((p) => p.kind === 'lcp').every((p) => p.at === fcp),
        `${path}: ${JSON.stringify(paints)}`,
      ).toBe(true)
      expect(problems).toEqual([])
      await context.close()
    }
  })

  it('renders a screenful first and the rest a task later, moving nothing in view', async () => {
    const first = await apiJson<{ servers: ServerSummary[] }>('/api/servers?sortBy=stars')
    for (const path of ['/servers', `/servers/${WIDGET_ID}`]) {
      const { page, context, problems } = await newSession({ viewport: { width: 412, height: 823 } })
      await page.addInitScript(() => {
        type Seen = { cards: number; pagination: boolean; tabs: boolean; aside: boolean }
        const w = window as unknown as { __seen: Seen[]; __cls: number }
        w.__seen = []
        w.__cls = 0
        // What the app has committed, after each batch of changes to the page.
        new MutationObserver(() => {
          const seen: Seen = {
            cards: document.querySelectorAll('main article').length,
            pagination: !!document.querySelector('main nav[aria-label="Pagination"]'),
            tabs: !!document.querySelector('[role="tablist"]'),
            aside: !!document.querySelector('aside[aria-label="About this server"] > *'),
          }
          if ((seen.cards || seen.tabs) && JSON.stringify(seen) !== JSON.stringify(w.__seen.at(-1))) w.__seen.push(seen)
        }).observe(document, { childList: true, subtree: true })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{ value: number }>) w.__cls += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.goto(path)
      if (path === '/servers') await page.getByRole('navigation', { name: 'Pagination' }).waitFor()
      else await page.getByRole('complementary', { name: 'About this server' }).getByRole('heading').first().waitFor()
      await settled(page)
      const { seen, cls } = await page.evaluate(() => {
        const w = window as unknown as { __seen: unknown[]; __cls: number }
        return { seen: w.__seen, cls: w.__cls }
      })
      if (path === '/servers')
        // A phone's screenful of cards without the pagination, then every card with it.
        expect(seen).toEqual([
          { cards: 4, pagination: false, tabs: false, aside: false },
          { cards: first.servers.length, pagination: true, tabs: false, aside: false },
        ])
      // The header and tabs, then the side column (and the tab's body) a task later.
      else
        expect(seen).toEqual([
          { cards: 0, pagination: false, tabs: true, aside: false },
          { cards: 0, pagination: false, tabs: true, aside: true },
        ])
      expect(cls, path).toBe(0)
      expect(problems).toEqual([])
      await context.close()
    }
  })
})
