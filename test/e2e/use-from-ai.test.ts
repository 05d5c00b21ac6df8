/**
 * The page 'Use the catalogue from your AI client' in a real browser: reached from the footer, the
 * endpoint of this origin, and every client's configuration from the install generator, as the
 * Configuration tab gives it for any remote server.
 */
import { describe, expect, it } from 'vitest'
import { CLIENTS, clientConfig, installPlan } from '@shared/install'
import { catalogueListing } from '@shared/mcp-endpoint'
import { axeViolations, baseURL, newSession, setupBrowser } from './browser'

setupBrowser()

describe('Use the catalogue from your AI client', () => {
  it('is linked from the footer, names this origin’s endpoint and copies it exactly', async () => {
    const { page, context, problems } = await newSession()
    await page.goto('/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Use from your AI client' }).click()
    await page.getByRole('heading', { level: 1, name: 'Use the catalogue from your AI client' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/use-from-ai')
    expect(await page.title()).toBe('Use the catalogue from your AI client · MCP Catalogue')
    await page.getByRole('button', { name: 'Copy endpoint URL', exact: true }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL()}/mcp`)
    expect(problems).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })

  it('shows every supported client’s configuration, command and one-click link from the install generator', async () => {
    const { page, context, problems } = await newSession()
    await page.goto('/use-from-ai')
    const plan = installPlan(catalogueListing(baseURL()))
    for (const client of CLIENTS) {
      const expected = clientConfig(plan, plan.options[0], client.id)!
      const block = page.getByRole('region', { name: client.label, exact: true })
      await block.waitFor()
      expect(await block.locator('pre code').first().textContent()).toBe(expected.config)
      if (expected.link) expect(await block.getByRole('link', { name: expected.link.label }).getAttribute('href')).toBe(expected.link.href)
      if (expected.command) expect(await block.textContent()).toContain(expected.command)
    }
    expect(problems).toEqual([])
    await context.close()
  })

  it('is written by the Worker before any script runs', async () => {
    const { page, context } = await newSession({ javaScript: false })
    await page.goto('/use-from-ai')
    await page.getByRole('heading', { level: 1, name: 'Use the catalogue from your AI client' }).waitFor()
    expect(await page.locator('main, #root').first().textContent()).toContain(`${baseURL()}/mcp`)
    await context.close()
  })
})
