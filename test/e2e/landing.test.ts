import { describe, expect, it } from 'vitest'
import { newSession, setupBrowser } from './browser'
import { apiJson, type ListPage, WIDGET_ID } from './helpers'

setupBrowser()

describe('landing page', () => {
  it('shows the catalogue count from the list total, with thousands separators', async () => {
    const { total } = await apiJson<ListPage>('/api/servers?limit=1')
    const { page, context, problems } = await newSession()
    await page.goto('/')
    const text = `${total.toLocaleString('en-US')}+ MCP Servers Available`
    await page.getByText(text, { exact: true }).waitFor()
    expect(await page.title()).toBe('MCP Catalogue')
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/Model Context Protocol/)
    expect(problems).toEqual([])
    await context.close()
  })

  it('shows the sections in the specified order with their links', async () => {
    const { page, context, problems } = await newSession()
    await page.goto('/')
    await page.getByRole('heading', { name: 'Featured Servers' }).waitFor()
    const headings = await page.locator('main h1, main h2').allInnerTexts()
    const order = [
      'Security notice: npm supply-chain scan of listed servers',
      'Cloud hosting for MCP servers',
      'Find the right MCP server for your AI tools',
      'Featured Servers',
      'Top Recommended Packages',
      'Discover',
      'Integrate',
      'Community',
      'Your servers in one place',
      'MCP hosting for enterprises',
      'Join the community',
    ]
    expect(headings.filter((h) => order.includes(h))).toEqual(order)
    await page.getByText('Coming Soon', { exact: true }).waitFor()
    expect(await page.getByRole('link', { name: 'Browse Servers' }).getAttribute('href')).toBe('/servers')
    expect(await page.getByRole('link', { name: 'Browse Packages' }).getAttribute('href')).toBe('/packages')
    expect(await page.getByRole('link', { name: 'Learn about MCP' }).getAttribute('target')).toBe('_blank')
    expect(await page.getByRole('link', { name: 'View All Packages' }).getAttribute('href')).toBe('/packages')
    expect(await page.getByRole('link', { name: 'Go to My Servers' }).getAttribute('href')).toBe('/dashboard')
    expect(await page.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toMatch(/^https:\/\//)
    // Signed out, the final call to action signs in.
    const cta = page.locator('section[aria-labelledby="cta-title"]').getByRole('link', { name: 'Sign in with GitHub' })
    expect(await cta.getAttribute('href')).toBe('/api/login')
    expect(problems).toEqual([])
    await context.close()
  })

  it('derives the featured card title and summary from the comment and links to the server', async () => {
    const { page, context } = await newSession()
    await page.goto('/')
    const card = page.getByRole('link', { name: 'Widget of the week' })
    await card.waitFor()
    expect(await card.getAttribute('href')).toBe(`/servers/${WIDGET_ID}`)
    await page
      .getByText('A small, well-tested server that shows how a featured recommendation reads on the catalogue. Fast to set up', {
        exact: true,
      })
      .waitFor()
    await card.click()
    await page.waitForURL(`**/servers/${WIDGET_ID}`)
    await page.getByRole('heading', { level: 1, name: 'Widget' }).waitFor()
    await context.close()
  })

  it('shows the security notice with its figures until it is dismissed', async () => {
    const { page, context } = await newSession()
    await page.goto('/')
    const notice = page.locator('section[aria-labelledby="security-notice-title"]')
    await notice.waitFor()
    const text = await notice.innerText()
    for (const figure of ['High 28', 'Medium 227', 'Low 380', '193', '+1 per indicator', 'not proof of compromise'])
      expect(text).toContain(figure)
    expect(await notice.getByRole('link', { name: /security advisory/i }).getAttribute('href')).toBe('/security/mcp-supply-chain')
    await page.getByRole('button', { name: 'Dismiss security notice' }).click()
    await notice.waitFor({ state: 'detached' })
    // Dismissed for the page's lifetime: still gone after moving around the app...
    await page.getByRole('link', { name: 'Browse Servers' }).click()
    await page.getByRole('heading', { level: 1, name: 'MCP Servers' }).waitFor()
    await page.getByRole('link', { name: 'MCP Catalogue', exact: true }).click()
    await page.getByRole('heading', { name: 'Find the right MCP server for your AI tools' }).waitFor()
    expect(await notice.count()).toBe(0)
    // ...and back after a reload.
    await page.reload()
    await notice.waitFor()
    await context.close()
  })

  it('opens the advisory with the scan figures', async () => {
    const { page, context, problems } = await newSession()
    await page.goto('/security/mcp-supply-chain')
    await page.getByRole('heading', { level: 1, name: 'npm supply-chain scan of MCP servers' }).waitFor()
    const text = await page.locator('main').innerText()
    for (const fact of [
      '1,227',
      '193',
      '2025-09-14',
      '2025-09-23',
      '10 or more',
      '5 to 9',
      '1 to 4',
      'not proof of compromise',
      'Guidance for users',
      'Guidance for developers',
      'Frequently asked questions',
      'References',
      'Disclaimer',
    ])
      expect(text).toContain(fact)
    expect(await page.title()).toContain('Security advisory')
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('shell', () => {
  it('shows 404 Page Not Found for an unknown path', async () => {
    const { page, context, problems } = await newSession()
    await page.goto('/no/such/page')
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor()
    expect(await page.title()).toContain('Page Not Found')
    await page.getByRole('link', { name: 'Go Home' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    expect(problems).toEqual([])
    await context.close()
  })

  it("shows a full-page 'Loading...' while the session loads", async () => {
    const { page, context } = await newSession()
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/api/auth/session', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/')
    await page.getByRole('status').getByText('Loading...').waitFor()
    expect(await page.locator('header').count()).toBe(0)
    release()
    await page.getByRole('heading', { name: 'Find the right MCP server for your AI tools' }).waitFor()
    await context.close()
  })

  it('has the footer links and the signed-out header', async () => {
    const { page, context } = await newSession()
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    expect(await footer.getByRole('link', { name: 'MCP Documentation' }).getAttribute('href')).toMatch(
      /^https:\/\/modelcontextprotocol\.io/,
    )
    expect(await footer.getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe('https://github.com/modelcontextprotocol')
    expect(await footer.getByRole('link', { name: 'Community' }).getAttribute('href')).toMatch(/^https:\/\//)
    const header = page.getByRole('banner')
    expect(await header.getByRole('link', { name: 'Sign in with GitHub' }).getAttribute('href')).toBe('/api/login')
    await header.getByText('Beta', { exact: true }).waitFor()
    expect(await header.getByRole('searchbox', { name: 'Search MCP servers' }).first().getAttribute('placeholder')).toBe(
      'Search MCP servers...',
    )
    await context.close()
  })
})
