import { describe, expect, it } from 'vitest'
import { baseURL, newSession, useBrowser } from './browser'

useBrowser()

describe('the built app', () => {
  it('serves the SPA with the security headers and the API beside it', async () => {
    const res = await fetch(`${baseURL()}/`)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    const api = await fetch(`${baseURL()}/api/servers?limit=1`)
    const body = (await api.json()) as { total: number }
    expect(body.total).toBeGreaterThan(400)
    const { page, context } = await newSession()
    await page.goto('/')
    await expect(page.locator('#root')).toBeDefined()
    await context.close()
  })
})
