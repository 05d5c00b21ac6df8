import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newSession, setupBrowser } from './browser'
import { apiJson, cardNames, type ListPage, pathAndQuery, sidewaysOverflow } from './helpers'

setupBrowser()

const fmt = (n: number) => n.toLocaleString('en-US')

async function waitForCards(page: Page, first: string) {
  await page.locator('main article h2').first().filter({ hasText: first }).waitFor()
}

/** The numbers the pagination shows, in order. */
async function pageNumbers(page: Page) {
  const texts = await page.getByRole('navigation', { name: 'Pagination' }).getByRole('listitem').allInnerTexts()
  return texts.map(Number)
}

describe('/servers', () => {
  it('searches from the header and shows the results with their total', async () => {
    const expected = await apiJson<ListPage>('/api/servers/search?q=github&page=1&limit=20')
    const { page, context, problems } = await newSession()
    await page.goto('/')
    const box = page.getByRole('searchbox', { name: 'Search MCP servers' })
    // Blank text does nothing.
    await box.fill('   ')
    await box.press('Enter')
    expect(pathAndQuery(page)).toBe('/')
    await box.fill('  github ')
    await box.press('Enter')
    await page.waitForURL('**/servers?q=github')
    await page.getByText(`${fmt(expected.total)} servers available`).waitFor()
    await waitForCards(page, expected.servers[0].displayName)
    expect(await cardNames(page)).toEqual(expected.servers.map((s) => s.displayName))
    // The header box shows the current search.
    expect(await box.inputValue()).toBe('github')
    expect(await page.title()).toBe('Search: github · MCP Catalogue')
    expect(problems).toEqual([])
    await context.close()
  })

  it('writes sort and page to the URL, resets the page on a new sort, and follows back/forward', async () => {
    const byStars2 = await apiJson<ListPage>('/api/servers?sortBy=stars&page=2&limit=20')
    const byLikes1 = await apiJson<ListPage>('/api/servers?sortBy=likes&page=1&limit=20')
    const byLikes2 = await apiJson<ListPage>('/api/servers?sortBy=likes&page=2&limit=20')
    const byUpdated1 = await apiJson<ListPage>('/api/servers?sortBy=updated&page=1&limit=20')
    const { page, context, problems } = await newSession()
    await page.goto('/servers')
    await page.getByRole('combobox', { name: 'Sort by' }).getByText('GitHub Stars').waitFor()

    await page.getByRole('link', { name: 'Page 2', exact: true }).click()
    await page.waitForURL('**/servers?page=2')
    await waitForCards(page, byStars2.servers[0].displayName)

    // A new sort goes back to page 1.
    await page.getByRole('combobox', { name: 'Sort by' }).click()
    const options = await page.getByRole('option').allInnerTexts()
    expect(options).toEqual(['GitHub Stars', 'Update Date', 'Likes', 'Best rated'])
    await page.getByRole('option', { name: 'Likes' }).click()
    await page.waitForURL('**/servers?sortBy=likes')
    await waitForCards(page, byLikes1.servers[0].displayName)
    expect(await cardNames(page)).toEqual(byLikes1.servers.map((s) => s.displayName))

    await page.getByRole('link', { name: 'Next' }).click()
    await page.waitForURL('**/servers?sortBy=likes&page=2')
    await waitForCards(page, byLikes2.servers[0].displayName)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    await page.getByRole('combobox', { name: 'Sort by' }).click()
    await page.getByRole('option', { name: 'Update Date' }).click()
    await page.waitForURL('**/servers?sortBy=updated')
    await waitForCards(page, byUpdated1.servers[0].displayName)

    // Back and forward restore each view.
    await page.goBack()
    await page.waitForURL('**/servers?sortBy=likes&page=2')
    await waitForCards(page, byLikes2.servers[0].displayName)
    expect(await page.getByRole('link', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe('page')
    await page.getByRole('combobox', { name: 'Sort by' }).getByText('Likes').waitFor()
    await page.goBack()
    await page.waitForURL('**/servers?sortBy=likes')
    await waitForCards(page, byLikes1.servers[0].displayName)
    await page.goForward()
    await page.waitForURL('**/servers?sortBy=likes&page=2')
    await waitForCards(page, byLikes2.servers[0].displayName)
    expect(problems).toEqual([])
    await context.close()
  })

  it('falls back to page 1 and GitHub Stars for bad values in the URL', async () => {
    const byStars1 = await apiJson<ListPage>('/api/servers?sortBy=stars&page=1&limit=20')
    const { page, context } = await newSession()
    await page.goto('/servers?page=-3&sortBy=bogus')
    await waitForCards(page, byStars1.servers[0].displayName)
    await page.getByRole('combobox', { name: 'Sort by' }).getByText('GitHub Stars').waitFor()
    expect(await page.getByRole('link', { name: 'Page 1', exact: true }).getAttribute('aria-current')).toBe('page')
    await context.close()
  })

  it('narrows the list with tag filters combined with AND, and clears them', async () => {
    const all = await apiJson<ListPage>('/api/servers?limit=1')
    const database = await apiJson<ListPage>('/api/servers?tags=database&limit=20')
    const both = await apiJson<ListPage>('/api/servers?tags=database,ai&limit=20')
    expect(both.total).toBeLessThan(database.total)
    const { page, context, problems } = await newSession()
    await page.goto('/servers')
    const sidebar = page.getByRole('complementary', { name: 'Filters and information' })
    await sidebar.getByRole('group', { name: 'Popular' }).waitFor()
    await sidebar.getByRole('group', { name: 'All Tags' }).waitFor()
    expect(await sidebar.getByRole('button', { name: 'Clear' }).count()).toBe(0)

    await sidebar.getByRole('checkbox', { name: /^database/ }).check()
    await page.waitForURL('**/servers?tags=database')
    await page.getByText(`${fmt(database.total)} servers available`).waitFor()
    for (const s of database.servers) expect(s.tags).toContain('database')

    await sidebar.getByRole('checkbox', { name: /^ai/ }).check()
    await page.waitForURL('**/servers?tags=database%2Cai')
    await page.getByText(`${fmt(both.total)} servers available`).waitFor()
    expect(await cardNames(page)).toEqual(both.servers.map((s) => s.displayName))

    await sidebar.getByRole('button', { name: 'Clear' }).click()
    await page.waitForURL((u) => u.pathname === '/servers' && u.search === '')
    await page.getByText(`${fmt(all.total)} servers available`).waitFor()
    expect(problems).toEqual([])
    await context.close()
  })

  it('switches between grid and list', async () => {
    const { page, context } = await newSession({ viewport: { width: 1600, height: 900 } })
    await page.goto('/servers')
    const cards = page.locator('[data-layout]')
    await cards.waitFor()
    const columns = () => cards.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)
    expect(await cards.getAttribute('data-layout')).toBe('grid')
    expect(await columns()).toBe(4)
    expect(await page.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('true')

    await page.getByRole('button', { name: 'List view' }).click()
    expect(await cards.getAttribute('data-layout')).toBe('list')
    expect(await columns()).toBe(1)
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true')
    // The choice is remembered on this device.
    await page.reload()
    await cards.waitFor()
    expect(await cards.getAttribute('data-layout')).toBe('list')
    await page.getByRole('button', { name: 'Grid view' }).click()
    expect(await cards.getAttribute('data-layout')).toBe('grid')
    await context.close()
  })

  it('shows at most five page numbers: the window at the start, middle and end', async () => {
    const { totalPages } = await apiJson<ListPage>('/api/servers?limit=20')
    expect(totalPages).toBeGreaterThan(10)
    const { page, context } = await newSession()
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i)

    await page.goto('/servers')
    await page.getByRole('navigation', { name: 'Pagination' }).waitFor()
    expect(await pageNumbers(page)).toEqual(range(1, 5))
    expect(await page.getByText('Previous', { exact: true }).getAttribute('aria-disabled')).toBe('true')

    await page.goto('/servers?page=3')
    await page.getByRole('link', { name: 'Page 3', exact: true }).and(page.locator('[aria-current="page"]')).waitFor()
    expect(await pageNumbers(page)).toEqual(range(1, 5))

    await page.goto('/servers?page=10')
    await page.getByRole('link', { name: 'Page 10', exact: true }).and(page.locator('[aria-current="page"]')).waitFor()
    expect(await pageNumbers(page)).toEqual(range(8, 12))

    await page.goto(`/servers?page=${totalPages - 2}`)
    await page
      .getByRole('link', { name: `Page ${totalPages - 2}`, exact: true })
      .and(page.locator('[aria-current="page"]'))
      .waitFor()
    expect(await pageNumbers(page)).toEqual(range(totalPages - 4, totalPages))

    await page.goto(`/servers?page=${totalPages}`)
    await page
      .getByRole('link', { name: `Page ${totalPages}`, exact: true })
      .and(page.locator('[aria-current="page"]'))
      .waitFor()
    expect(await pageNumbers(page)).toEqual(range(totalPages - 4, totalPages))
    expect(await page.getByText('Next', { exact: true }).getAttribute('aria-disabled')).toBe('true')
    await page.getByRole('link', { name: 'Previous' }).click()
    await page.waitForURL(`**/servers?page=${totalPages - 1}`)
    await context.close()
  })

  it('says on a card why a search found it when the card does not show the words', async () => {
    const expected = await apiJson<{ servers: Array<{ displayName: string; matchedBy?: { kind: string; term: string } }> }>(
      '/api/servers/search?q=payments&page=1&limit=20',
    )
    const related = expected.servers.find((s) => s.matchedBy?.kind === 'related')
    const category = expected.servers.find((s) => s.matchedBy?.kind === 'category')
    expect(related && category).toBeTruthy()
    const { page, context, problems } = await newSession()
    await page.goto('/servers?q=payments')
    await waitForCards(page, expected.servers[0].displayName)
    const card = (name: string) =>
      page
        .locator('main article')
        .filter({ has: page.getByRole('heading', { name, exact: true }) })
        .first()
    const why = card(related!.displayName).getByTestId('matched-by')
    expect(await why.innerText()).toContain(`related: ${related!.matchedBy!.term}`)
    // Screen readers hear the reason in words; the short label is hidden from them.
    expect(await why.locator('.sr-only').textContent()).toBe('Found by a related term: ')
    expect(await why.locator('[aria-hidden="true"]').textContent()).toBe('related: ')
    expect(await card(category!.displayName).getByTestId('matched-by').innerText()).toContain(`category: ${category!.matchedBy!.term}`)
    expect(problems).toEqual([])
    await context.close()
  })

  it("shows 'No servers found' with its hint for a search without results", async () => {
    const { page, context } = await newSession()
    await page.goto('/servers?q=zzqxvbnmnothing')
    await page.getByRole('heading', { name: 'No servers found' }).waitFor()
    await page.getByText('Try adjusting your search or browse all available servers.').waitFor()
    await page.getByText('0 servers available').waitFor()
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0)
    await context.close()
  })

  it('card: Install copies the command, GitHub opens a new tab, the card opens the detail (prefetched on hover)', async () => {
    const first = (await apiJson<ListPage>('/api/servers?sortBy=stars&page=1&limit=20')).servers[0]
    const { page, context, problems } = await newSession()
    await page.goto('/servers')
    const card = page.locator('main article').first()
    await card.filter({ hasText: first.displayName }).waitFor()

    // Hovering fetches the detail before the click.
    const prefetched = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/servers/${first.id}`)
    await card.hover({ position: { x: 150, y: 100 } })
    await prefetched

    await card.getByRole('button', { name: /^Install/ }).click()
    await page.getByText('Copied to clipboard', { exact: true }).waitFor()
    await page.getByText('Install command copied to clipboard').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.installCommand)

    const github = card.getByRole('link', { name: /GitHub repository/ })
    expect(await github.getAttribute('target')).toBe('_blank')
    expect(await github.getAttribute('href')).toBe(first.githubUrl)

    await card.click({ position: { x: 150, y: 100 } })
    await page.waitForURL(`**/servers/${first.id}`)
    await page.getByRole('heading', { level: 1, name: first.displayName }).waitFor()
    expect(problems).toEqual([])
    await context.close()
  })

  it("tells a guest that liking needs sign-in, and 'Add Server' is disabled", async () => {
    const { page, context } = await newSession()
    await page.goto('/servers')
    await page.locator('main article').first().waitFor()
    expect(await page.getByRole('button', { name: 'Add Server' }).isDisabled()).toBe(true)
    await page
      .locator('main article')
      .first()
      .getByRole('button', { name: /^Like / })
      .click()
    await page.getByText('Authentication Required').waitFor()
    await page.getByText('Please sign in to like servers.').waitFor()
    await context.close()
  })

  it('filters the loaded page locally by text when there is no search', async () => {
    const { page, context } = await newSession()
    await page.goto('/servers')
    const names = await (async () => {
      await page.locator('main article').first().waitFor()
      return cardNames(page)
    })()
    const target = names[3]
    await page.getByRole('complementary').getByRole('searchbox', { name: 'Filter this page' }).fill(target.toUpperCase())
    await expect.poll(() => cardNames(page)).toContain(target)
    expect((await cardNames(page)).length).toBeLessThan(names.length)
    await context.close()
  })
})

describe('a narrow (360 px) screen', () => {
  it('never scrolls sideways, folds the sidebar into a Filters dialog and shows one column', async () => {
    const { page, context, problems } = await newSession({ viewport: { width: 360, height: 740 } })
    await page.goto('/')
    await page.getByRole('heading', { name: 'Find the right MCP server for your AI tools' }).waitFor()
    expect(await sidewaysOverflow(page)).toBe(0)

    await page.goto('/servers')
    const cards = page.locator('[data-layout]')
    await cards.waitFor()
    expect(await sidewaysOverflow(page)).toBe(0)
    expect(await cards.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)).toBe(1)
    expect(await page.getByRole('complementary', { name: 'Filters and information' }).isVisible()).toBe(false)

    // The filters open in a dialog that holds the focus.
    await page.getByRole('button', { name: 'Filters', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Filters' })
    await dialog.waitFor()
    for (let i = 0; i < 40; i++) await page.keyboard.press('Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await dialog.getByRole('checkbox', { name: /^database/ }).check()
    await page.waitForURL('**/servers?tags=database')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'List view' }).click()
    expect(await sidewaysOverflow(page)).toBe(0)

    const first = page.locator('main article h2 a').first()
    await first.click()
    await page.getByRole('tab', { name: 'Configuration' }).click()
    await page.getByRole('heading', { name: 'Additional Metadata' }).waitFor()
    expect(await sidewaysOverflow(page)).toBe(0)
    // A server with every client's block, long one-line commands among them.
    const { servers } = await apiJson<{ servers: Array<{ id: string; name: string }> }>('/api/servers/search?q=weather')
    await page.goto(`/servers/${servers.find((s) => s.name === 'io.github.acme/weather-py')!.id}`)
    await page.getByRole('tab', { name: 'Configuration' }).click()
    await page.getByText('Claude Desktop', { exact: true }).waitFor()
    expect(await sidewaysOverflow(page)).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })
})
