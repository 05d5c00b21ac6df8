import { describe, expect, it } from 'vitest'
import { baseURL, newSession, setupBrowser } from './browser'

setupBrowser()

describe('the built app', () => {
  it('serves the SPA with the security headers and the API beside it', async () => {
    const res = await fetch(`${baseURL()}/`)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    const api = await fetch(`${baseURL()}/api/servers?limit=1`)
    const body = (await api.json()) as { total: number }
    expect(body.total).toBeGreaterThan(400)
    const { page, context, problems } = await newSession()
    await page.goto('/')
    // The SPA rendered its shell and the landing page's hero (not just an empty #root).
    await page.getByRole('banner').getByRole('link', { name: 'MCP Catalogue', exact: true }).waitFor()
    await page.getByRole('heading', { level: 1, name: 'Find the right MCP server for your AI tools' }).waitFor()
    await page.getByRole('contentinfo').waitFor()
    expect(await page.title()).toBe('MCP Catalogue')
    expect(problems).toEqual([])
    await context.close()
  })
})
