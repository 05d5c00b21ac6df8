/**
 * Names as long as the limits allow, in one unbroken word, never push a phone page sideways:
 * a server whose display name and author are 100 characters, a package whose name is 100, a
 * user whose login is 39 (GitHub's longest) and a guest whose name is 50. Every screen that
 * shows one of them is opened at 375 px, each tab and layout included; the page may wrap or
 * truncate them, but must not be wider than the phone, and the full name stays in the page.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signInAs } from './auth'
import { newSession, type Session, setupBrowser } from './browser'
import { apiCall } from './helpers'

setupBrowser()

const PHONE = { width: 375, height: 812 }
const run = Date.now().toString(36)
/** One unbroken word of exactly `length` characters that starts with `start`. */
const word = (start: string, length: number) => `${start}${run}`.padEnd(length, 'x')

const LOGIN = word('e2elongname', 39)
const DISPLAY_NAME = word('Longdisplayname', 100)
const AUTHOR = word('Longauthorname', 100)
const FEATURED_TITLE = word('Longfeaturedtitle', 100)
const PACKAGE_NAME = word('Longpackagename', 100)
const GUEST = word('Longguestname', 50)

interface Seeded {
  serverId: string
  packageId: string
}
const seeded: Seeded = { serverId: '', packageId: '' }
let owner: Session | undefined

beforeAll(async () => {
  owner = await newSession()
  const { page } = owner
  // An admin, so the same account can feature its server.
  await signInAs(page, LOGIN, { admin: true })
  const server = await apiCall<{ id: string }>(page, 'POST', '/api/servers', {
    displayName: DISPLAY_NAME,
    author: AUTHOR,
    description: 'A server whose names are as long as the catalogue allows, in one word.',
    version: '1.0.0',
    tags: ['testing'],
  })
  seeded.serverId = server.id
  await apiCall(page, 'PUT', `/api/servers/${server.id}/featured`, {
    commentHtml: `<p><strong>${FEATURED_TITLE}</strong> Worth a look.</p>`,
    isActive: true,
    sortOrder: 0,
  })
  await apiCall(page, 'POST', `/api/servers/${server.id}/like`)
  await apiCall(page, 'POST', '/api/activity/track', { serverId: server.id, activityType: 'view' })
  await apiCall(page, 'POST', `/api/users/me/follows/${LOGIN}`)
  const pkg = await apiCall<{ id: string }>(page, 'POST', '/api/users/me/categories', {
    name: PACKAGE_NAME,
    description: 'Servers with long names.',
  })
  seeded.packageId = pkg.id
  await apiCall(page, 'POST', `/api/users/me/categories/${pkg.id}/servers/${server.id}`)
  await apiCall(page, 'PUT', `/api/packages/${pkg.id}/public-status`, { isPublic: true })
  await apiCall(page, 'POST', `/api/packages/${pkg.id}/comments`, { content: 'Signed-in comment.' })
  const guest = await newSession()
  await guest.page.goto('/')
  await apiCall(guest.page, 'POST', `/api/packages/${pkg.id}/comments`, { content: 'Guest comment.', authorName: GUEST })
  await guest.context.close()
})

afterAll(async () => {
  // Other files share the database: take the server and the package out of the public lists.
  if (owner) {
    const { page } = owner
    if (seeded.packageId)
      await apiCall(page, 'PUT', `/api/packages/${seeded.packageId}/public-status`, { isPublic: false }).catch(() => undefined)
    if (seeded.serverId) {
      await apiCall(page, 'DELETE', `/api/servers/${seeded.serverId}/featured`).catch(() => undefined)
      await apiCall(page, 'DELETE', `/api/servers/${seeded.serverId}`).catch(() => undefined)
    }
    await owner.context.close()
  }
})

/** How far the page is wider than the phone, and the deepest elements that stick out. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const excess = document.documentElement.scrollWidth - width
    if (excess <= 0) return 'fits'
    // Elements inside a scrolling or clipping box (a tab strip, a code block) widen only that box.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true
      return false
    }
    const out = Array.from(document.querySelectorAll('body *')).filter(
      (el) => el.getBoundingClientRect().right > width + 1 && !el.querySelector('*') && !clipped(el),
    )
    const names = out.slice(0, 4).map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`)
    return `${excess} px too wide: ${names.join(', ')}`
  })
}

/** Opens each tab by name and checks the page's width on each. */
async function eachTab(page: Page, tabs: string[], check: (where: string) => Promise<void>) {
  for (const name of tabs) {
    const tab = page.getByRole('tab', { name, exact: false }).first()
    await tab.click()
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true')
    await page.waitForLoadState('networkidle')
    await check(`tab ${name}`)
  }
}

describe('long unbroken names at 375 px', () => {
  let session: Session
  const failures: string[] = []
  const check = async (where: string, mustShow: string[] = []) => {
    const page = session.page
    for (const text of mustShow) await page.getByText(text, { exact: false }).first().waitFor({ state: 'attached' })
    const result = await overflow(page)
    if (result !== 'fits') failures.push(`${page.url()} (${where}): ${result}`)
  }

  beforeEach(() => {
    failures.length = 0
  })
  beforeAll(async () => {
    session = await newSession({ viewport: PHONE })
    await signInAs(session.page, LOGIN, { admin: true })
  })
  afterAll(async () => {
    await session.context.close()
  })

  it('fits on the landing page: featured card and top packages', async () => {
    const { page } = session
    // The new package is not among the top five by score: put it there, to see its card.
    const mine = await apiCall<{ packages: unknown[] }>(page, 'GET', '/api/packages?sortBy=created&limit=1')
    await page.route('**/api/packages/top*', async (route) => {
      const response = await route.fetch()
      const top = (await response.json()) as unknown[]
      await route.fulfill({ response, json: [...mine.packages, ...top].slice(0, 5) })
    })
    await page.goto('/')
    await check('landing', [FEATURED_TITLE, DISPLAY_NAME, PACKAGE_NAME])
    await page.unroute('**/api/packages/top*')
    expect(failures).toEqual([])
  })

  it('fits on the server list in grid and list layouts', async () => {
    const { page } = session
    await page.goto(`/servers?q=${DISPLAY_NAME}`)
    await check('grid', [DISPLAY_NAME, AUTHOR])
    await page.getByRole('button', { name: 'List view' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true')
    await check('list', [DISPLAY_NAME, AUTHOR])
    await page.getByRole('button', { name: 'Grid view' }).click()
    expect(failures).toEqual([])
  })

  it('fits on the server detail, its header, sidebar and every tab, and on its edit and featured screens', async () => {
    const { page } = session
    await page.goto(`/servers/${seeded.serverId}`)
    await page.getByRole('heading', { level: 1, name: DISPLAY_NAME }).waitFor()
    await check('header', [AUTHOR])
    await eachTab(
      page,
      ['Featured & Recommended', 'README', 'Verdict', 'Tools', 'Changes', 'Supply chain', 'Basic Info', 'Configuration'],
      (where) => check(where),
    )
    await page.goto(`/servers/${seeded.serverId}/edit`)
    await page.locator('main form').first().waitFor()
    await check('edit form')
    await page.goto(`/servers/${seeded.serverId}/featured`)
    await page.locator('main form').first().waitFor()
    await check('featured editor', [DISPLAY_NAME])
    expect(failures).toEqual([])
  })

  it('fits on the package list and the package page with its comments', async () => {
    const { page } = session
    await page.goto('/packages?sortBy=created')
    await check('package grid', [PACKAGE_NAME, LOGIN])
    await page.getByRole('button', { name: 'List view' }).click()
    await check('package list', [PACKAGE_NAME, LOGIN])
    await page.getByRole('button', { name: 'Grid view' }).click()
    await page.goto(`/packages/${seeded.packageId}`)
    await check('package header', [PACKAGE_NAME, LOGIN])
    await eachTab(page, ['Servers', 'Comments', 'Configuration'], async (where) => {
      if (where === 'tab Comments') await page.getByText(GUEST).waitFor()
      await check(where, where === 'tab Servers' ? [DISPLAY_NAME] : [])
    })
    expect(failures).toEqual([])
  })

  it('fits on every dashboard tab', async () => {
    const { page } = session
    await page.goto('/dashboard')
    await check('dashboard', [LOGIN])
    await eachTab(page, ['Overview', 'My Servers', 'Favorites', 'Activity', 'Insights', 'Advanced'], (where) => check(where))
    expect(failures).toEqual([])
  })
})
