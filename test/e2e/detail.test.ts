import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { newSession, setupBrowser } from './browser'
import { apiJson, type ListPage, WIDGET_ID } from './helpers'

setupBrowser()

const tabNames = (page: Page) => page.getByRole('tab').allInnerTexts()
const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]').innerText()
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

describe('/servers/{id}', () => {
  it('shows the header, the sidebar and the featured tab first for a featured server', async () => {
    const { page, context, problems } = await newSession()
    await page.goto(`/servers/${WIDGET_ID}`)
    await page.getByRole('heading', { level: 1, name: 'Widget' }).waitFor()
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' })
    expect(await crumb.getByRole('link', { name: 'Servers' }).getAttribute('href')).toBe('/servers')
    const header = page.locator('main header')
    for (const text of ['by acme', 'v1.2.3', 'io.github.acme/widget']) await header.getByText(text, { exact: true }).waitFor()
    expect(await page.getByRole('link', { name: 'View on GitHub' }).getAttribute('href')).toBe('https://github.com/acme/widget')
    // Guests see neither Edit nor Manage Featured.
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Manage Featured' }).count()).toBe(0)

    expect(await tabNames(page)).toEqual([
      'Featured & Recommended',
      'README',
      'Verdict',
      'Tools',
      'Changes',
      'Supply chain',
      'Basic Info',
      'Configuration',
    ])
    expect(await selectedTab(page)).toBe('Featured & Recommended')
    await page.getByRole('tabpanel').getByText('Widget of the week').waitFor()

    // Statistics come from the repository (the local fixture answers for acme/widget).
    const stats = page.getByRole('complementary', { name: 'About this server' })
    await stats.getByText('1,234').waitFor()
    await stats.getByText('MIT License').waitFor()
    for (const heading of ['Statistics', 'Maintainer', 'Quick Links']) await stats.getByRole('heading', { name: heading }).waitFor()

    expect(await page.title()).toBe('Widget · MCP Catalogue')
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^A widget server for the browser tests/)
    expect(problems).toEqual([])
    await context.close()
  })

  it("renders the repository's README, sanitised, with links resolved and opening in a new tab", async () => {
    const { page, context, problems } = await newSession()
    await page.goto(`/servers/${WIDGET_ID}`)
    await page.getByRole('tab', { name: 'README' }).click()
    const readme = page.getByRole('article', { name: 'README' })
    await readme.getByRole('heading', { name: 'Widget MCP' }).waitFor()
    expect(await readme.locator('script').count()).toBe(0)
    expect(await readme.locator('[onerror]').count()).toBe(0)
    const docs = readme.getByRole('link', { name: 'Docs' })
    expect(await docs.getAttribute('href')).toBe('https://github.com/acme/widget/blob/HEAD/docs/guide.md')
    expect(await docs.getAttribute('target')).toBe('_blank')
    expect(await readme.getByRole('link', { name: 'bad' }).count()).toBe(0)
    // The tab stays picked (the featured tab no longer takes over).
    expect(await selectedTab(page)).toBe('README')
    // Images resolve against the raw-content base, here the plain-http fixture, which the
    // page's CSP (https images only) rightly refuses; in production that base is https.
    expect(problems.filter((p) => !p.includes(`${inject('fixtureURL')}/github-raw/`))).toEqual([])
    await context.close()
  })

  it('opens on README for a server without a featured comment, and says when it cannot be loaded', async () => {
    const first = (await apiJson<ListPage>('/api/servers?sortBy=stars&limit=5')).servers.find((s) => s.id !== WIDGET_ID)!
    const { page, context, problems } = await newSession()
    await page.goto(`/servers/${first.id}`)
    await page.getByRole('heading', { level: 1, name: first.displayName }).waitFor()
    // The page's summary (the same heading) stays until the app's page replaces it with its tabs.
    await page.getByRole('tab', { name: 'README' }).waitFor()
    expect(await tabNames(page)).toEqual(['README', 'Verdict', 'Tools', 'Changes', 'Supply chain', 'Basic Info', 'Configuration'])
    expect(await selectedTab(page)).toBe('README')
    // Snapshot servers point at real repositories, which the local fixture does not know.
    await page.getByText('README not found or failed to load').waitFor()
    expect(await page.getByRole('link', { name: /View the repository on GitHub/ }).getAttribute('href')).toBe(first.githubUrl)
    expect(problems).toEqual([])
    await context.close()
  })

  it("shows the install command with a copy button that says 'Copied!' for 2 seconds, tags and packages", async () => {
    const { page, context } = await newSession()
    await page.goto(`/servers/${WIDGET_ID}`)
    await page.getByRole('tab', { name: 'Basic Info' }).click()
    const panel = page.getByRole('tabpanel')
    // Its remote needs nothing installed, so the command adds that (the old npx command named a package npm does not have).
    const command = 'claude mcp add --transport sse widget https://widget.example.com/sse'
    await panel.getByText(command, { exact: true }).waitFor()
    const copy = panel.getByRole('button', { name: 'Copy install command' })
    await copy.click()
    await panel.getByText('Copied!', { exact: true }).waitFor()
    expect(await clipboard(page)).toBe(command)
    const copiedAt = Date.now()
    await panel.getByText('Copied!', { exact: true }).waitFor({ state: 'detached', timeout: 4000 })
    expect(Date.now() - copiedAt).toBeGreaterThan(1500)
    await panel.getByRole('heading', { name: 'Tags' }).waitFor()
    await panel.getByRole('cell', { name: '@acme/widget-mcp' }).waitFor()
    await panel.getByRole('cell', { name: '1.2.3' }).waitFor()
    await context.close()
  })

  it('copies a working client configuration: valid JSON with the right key for each client, remote first, the package on request', async () => {
    const { page, context, problems } = await newSession()
    await page.goto(`/servers/${WIDGET_ID}`)
    await page.getByRole('tab', { name: 'Configuration' }).click()
    const panel = page.getByRole('tabpanel')

    // The remote needs nothing installed, so it is the way offered first.
    const ways = panel.getByRole('group', { name: 'How to run it' })
    expect(await ways.getByRole('radio', { name: /^Remote server/ }).isChecked()).toBe(true)
    await panel.getByRole('button', { name: 'Copy VS Code configuration' }).click()
    await panel.getByText('Copied!', { exact: true }).waitFor()
    expect(JSON.parse(await clipboard(page))).toEqual({ servers: { widget: { type: 'sse', url: 'https://widget.example.com/sse' } } })
    // Claude Desktop's file starts local programs only: the remote goes through the bridge.
    await panel.getByRole('button', { name: 'Copy Claude Desktop configuration' }).click()
    expect(JSON.parse(await clipboard(page)).mcpServers.widget).toEqual({
      command: 'npx',
      args: ['-y', 'mcp-remote', 'https://widget.example.com/sse', '--transport', 'sse-only'],
    })

    // The npm package, at the listed version, with its token asked for rather than written.
    await ways.getByRole('radio', { name: /^npm package/ }).check()
    await panel.getByRole('button', { name: 'Copy VS Code configuration' }).click()
    const vscode = JSON.parse(await clipboard(page))
    expect(Object.keys(vscode)).toEqual(['inputs', 'servers'])
    expect(vscode.servers.widget).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@acme/widget-mcp@1.2.3'],
      env: { WIDGET_TOKEN: '${input:WIDGET_TOKEN}' },
    })
    expect(vscode.inputs).toEqual([
      { type: 'promptString', id: 'WIDGET_TOKEN', description: 'WIDGET_TOKEN: API token for the widget service', password: true },
    ])

    for (const client of ['Claude Desktop', 'Cursor', 'Windsurf']) {
      await panel.getByRole('button', { name: `Copy ${client} configuration` }).click()
      const config = JSON.parse(await clipboard(page))
      expect(Object.keys(config)).toEqual(['mcpServers'])
      expect(config.mcpServers.widget.command).toBe('npx')
      expect(config.mcpServers.widget.args).toEqual(['-y', '@acme/widget-mcp@1.2.3'])
    }

    await panel.getByRole('heading', { name: 'Additional Metadata' }).waitFor()
    await panel.getByRole('button', { name: 'Copy additional metadata' }).click()
    expect(JSON.parse(await clipboard(page))).toHaveProperty('registry')
    expect(problems).toEqual([])
    await context.close()
  })

  it("says 'Failed to copy' / 'Please copy manually.' when the clipboard refuses", async () => {
    const { page, context } = await newSession()
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))
    })
    await page.goto(`/servers/${WIDGET_ID}`)
    await page.getByRole('tab', { name: 'Configuration' }).click()
    await page.getByRole('tabpanel').getByRole('button', { name: 'Copy Cursor configuration' }).click()
    await page.getByText('Failed to copy', { exact: true }).waitFor()
    await page.getByText('Please copy manually.', { exact: true }).waitFor()
    expect(await page.getByText('Copied!', { exact: true }).count()).toBe(0)
    await context.close()
  })

  it("shows 'Server Not Found' with a way back for an unknown or malformed id", async () => {
    const { page, context, problems } = await newSession()
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await page.goto(`/servers/${id}`)
      await page.getByRole('heading', { name: 'Server Not Found' }).waitFor()
      await page.getByText('The requested MCP server could not be found.').waitFor()
      expect(await page.title()).toBe('Server Not Found · MCP Catalogue')
    }
    await page.getByRole('link', { name: 'Back to Servers' }).click()
    await page.waitForURL((u) => u.pathname === '/servers')
    await page.getByRole('heading', { level: 1, name: 'MCP Servers' }).waitFor()
    expect(problems).toEqual([])
    await context.close()
  })
})
