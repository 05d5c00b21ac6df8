import { describe, expect, it } from 'vitest'
import { signInAs } from './auth'
import { newSession, setupBrowser } from './browser'
import { WIDGET_ID } from './helpers'

setupBrowser()

describe('signed in', () => {
  it('shows Favorites, Dashboard and the user menu, and the signed-in call to action', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, 'e2e-header')
    const header = page.getByRole('banner')
    await header.getByRole('button', { name: 'Favorites' }).waitFor()
    expect(await header.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard')
    expect(await header.getByRole('link', { name: /Sign in/ }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard')

    await header.getByRole('button', { name: /User menu/ }).click()
    const menu = page.getByRole('menu')
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Dashboard', 'Settings', 'Log out'])
    await menu.getByRole('menuitem', { name: 'Dashboard' }).click()
    await page.waitForURL('**/dashboard')

    // 'Add Server' is enabled and leads to the register screen.
    await page.goto('/servers')
    await page.getByRole('link', { name: 'Add Server' }).click()
    await page.waitForURL('**/servers/new')

    await header.getByRole('button', { name: /User menu/ }).click()
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    await header.getByRole('link', { name: 'Sign in with GitHub' }).waitFor()
    expect(problems).toEqual([])
    await context.close()
  })

  it('likes a server, lists it under Favorites, and unlikes it from the list', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, 'e2e-liker')
    const tracked = page.waitForRequest((r) => r.url().endsWith('/api/activity/track') && r.method() === 'POST')
    await page.goto(`/servers/${WIDGET_ID}`)
    // A signed-in view is recorded.
    expect((await tracked).postDataJSON()).toEqual({ serverId: WIDGET_ID, activityType: 'view' })

    const like = page.locator('main header').getByRole('button', { name: /^Like Widget/ })
    const before = Number(await like.locator('.tabular-nums').innerText())
    await like.click()
    await page.getByText('Server liked', { exact: true }).waitFor()
    const liked = page.locator('main header').getByRole('button', { name: /^Liked Widget/ })
    expect(await liked.getAttribute('aria-pressed')).toBe('true')
    expect(Number(await liked.locator('.tabular-nums').innerText())).toBe(before + 1)

    const favorites = page.getByRole('banner').getByRole('button', { name: 'Favorites' })
    await favorites.click()
    await page.waitForURL('**/servers?favorites=1')
    await page.getByRole('heading', { level: 1, name: 'Your Favorites' }).waitFor()
    await page.getByText('1 liked servers').waitFor()
    expect(await favorites.getAttribute('aria-pressed')).toBe('true')
    const card = page.locator('main article').filter({ hasText: 'Widget' })
    await card.waitFor()

    await card.getByRole('button', { name: /^Like Widget/ }).click()
    await page.getByText('Server unliked', { exact: true }).waitFor()
    await page.getByText('0 liked servers').waitFor()
    await page.getByRole('heading', { name: 'No servers found' }).waitFor()

    // Pressing Favorites again leaves the favourites view.
    await favorites.click()
    await page.waitForURL((u) => u.pathname === '/servers' && u.search === '')
    await page.getByRole('heading', { level: 1, name: 'MCP Servers' }).waitFor()
    expect(await favorites.getAttribute('aria-pressed')).toBe('false')
    expect(problems).toEqual([])
    await context.close()
  })

  it("shows Edit and 'Manage Featured' to an admin", async () => {
    const { page, context } = await newSession()
    await page.goto('/api/login')
    await page.fill('#username', 'e2e-admin')
    await page.check('#admin')
    await page.click('button[type=submit]')
    await page.getByRole('button', { name: /User menu/ }).waitFor()
    await page.goto(`/servers/${WIDGET_ID}`)
    expect(await page.getByRole('link', { name: 'Manage Featured' }).getAttribute('href')).toBe(`/servers/${WIDGET_ID}/featured`)
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).getAttribute('href')).toBe(`/servers/${WIDGET_ID}/edit`)
    await context.close()
  })

  it('asks a guest to sign in for Favorites', async () => {
    const { page, context } = await newSession()
    await page.goto('/servers?favorites=1')
    await page.getByRole('heading', { level: 1, name: 'Your Favorites' }).waitFor()
    await page.getByRole('heading', { name: 'Sign in to see your favorites' }).waitFor()
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign in with GitHub' }).getAttribute('href')).toBe('/api/login')
    await context.close()
  })
})
