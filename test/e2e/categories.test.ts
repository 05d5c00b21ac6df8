import { describe, expect, it } from 'vitest'
import type { CategoryCount } from '@shared/types'
import { axeViolations, newSession, setupBrowser } from './browser'
import { apiJson, cardNames, type ListPage, pathAndQuery } from './helpers'

setupBrowser()

const fmt = (n: number) => n.toLocaleString('en-US')

describe('categories', () => {
  it('the landing strip lists the categories with their counts and opens a category page', async () => {
    const counts = await apiJson<CategoryCount[]>('/api/categories')
    const databases = counts.find((c) => c.slug === 'databases')!
    expect(databases.count).toBeGreaterThan(10)
    const list = await apiJson<ListPage>('/api/servers?sortBy=stars&page=1&limit=20&category=databases')
    const { page, context, problems } = await newSession()
    await page.goto('/')
    const strip = page.getByRole('region', { name: 'Browse by category' })
    const link = strip.getByRole('link', { name: `Databases ${fmt(databases.count)}` })
    await link.waitFor()
    // Largest first, Other left out.
    const names = await strip.getByRole('listitem').allInnerTexts()
    expect(names.length).toBe(counts.filter((c) => c.count > 0 && c.slug !== 'other').length)
    expect(names.some((n) => n.startsWith('Other'))).toBe(false)

    await link.click()
    await page.waitForURL('**/categories/databases')
    await page.getByRole('heading', { level: 1, name: 'Databases' }).waitFor()
    await page.getByText(`${fmt(list.total)} servers available`).waitFor()
    expect(list.total).toBe(databases.count)
    await page.locator('main article h2').first().filter({ hasText: list.servers[0].displayName }).waitFor()
    expect(await cardNames(page)).toEqual(list.servers.map((s) => s.displayName))
    expect(await page.title()).toBe('Databases MCP servers · MCP Catalogue')
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('picks categories in the /servers facet: the list and the URL follow, combined with a tag', async () => {
    const monitoring = await apiJson<ListPage>('/api/servers?sortBy=stars&page=1&limit=20&category=monitoring')
    const either = await apiJson<ListPage>('/api/servers?sortBy=stars&page=1&limit=20&category=monitoring%2Cdatabases')
    const withTag = await apiJson<ListPage>('/api/servers?sortBy=stars&page=1&limit=20&tags=cloud&category=monitoring%2Cdatabases')
    expect(either.total).toBeGreaterThan(monitoring.total)
    const { page, context, problems } = await newSession()
    await page.goto('/servers')
    const sidebar = page.getByRole('complementary', { name: 'Filters and information' })
    const facet = sidebar.getByRole('group', { name: 'Categories' })
    await facet.getByRole('checkbox', { name: /^Monitoring & observability/ }).check()
    // One category is its own page.
    await page.waitForURL('**/categories/monitoring')
    await page.getByRole('heading', { level: 1, name: 'Monitoring & observability' }).waitFor()
    await page.getByText(`${fmt(monitoring.total)} servers available`).waitFor()
    expect(await cardNames(page)).toEqual(monitoring.servers.map((s) => s.displayName))

    // A second one widens the list, on /servers with both in the URL.
    await facet.getByRole('checkbox', { name: /^Databases/ }).check()
    await page.waitForURL('**/servers?category=monitoring%2Cdatabases')
    await page.getByText(`${fmt(either.total)} servers available`).waitFor()
    expect(await cardNames(page)).toEqual(either.servers.map((s) => s.displayName))

    // A tag narrows it.
    await sidebar.getByRole('checkbox', { name: /^cloud/ }).check()
    await page.waitForURL('**/servers?category=monitoring%2Cdatabases&tags=cloud')
    await page.getByText(`${fmt(withTag.total)} servers available`).waitFor()
    expect(await cardNames(page)).toEqual(withTag.servers.map((s) => s.displayName))

    // The chips remove a category; back to one category, back to its page.
    await page.getByRole('button', { name: 'Remove category Databases' }).click()
    await page.waitForURL('**/categories/monitoring?tags=cloud')
    expect(pathAndQuery(page)).toBe('/categories/monitoring?tags=cloud')
    expect(problems).toEqual([])
    await context.close()
  })

  it('answers an unknown category with the not-found page', async () => {
    const { page, context } = await newSession()
    await page.goto('/categories/no-such-thing')
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor()
    await context.close()
  })
})
