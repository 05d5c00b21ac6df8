/**
 * Keyboard journeys where focus or a key press could be lost: arrow keys pressed in quick
 * succession on every tab list while the panels they open render and load, and deletions from a
 * list (after a confirmation or at once), after which focus goes to the next item, else the
 * previous one, else the list's heading, never to the page body. Keys only: Tab, Enter, arrows.
 */
import type { Locator, Page } from 'playwright-core'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { signInAs } from './auth'
import { newSession, type Session, setupBrowser } from './browser'
import { apiCall, apiJson, type ListPage, WIDGET_ID } from './helpers'
import { expectFocus, openTab, tabTo } from './keyboard'

setupBrowser()

const run = Date.now().toString(36)

const sessions: Session[] = []
async function session() {
  const s = await newSession()
  sessions.push(s)
  return s
}

afterAll(async () => {
  for (const s of sessions) await s.context.close()
})

/** The focused tab's and the selected tab's names in the tab list named `list`. */
function tabState(page: Page, list: string) {
  return page.evaluate((list) => {
    const tablist = document.querySelector(`[role=tablist][aria-label="${list}"]`)
    const active = document.activeElement
    return {
      focused: active?.closest('[role=tablist]') === tablist ? active?.textContent : `not a tab: <${active?.tagName.toLowerCase()}>`,
      selected: tablist?.querySelector('[role=tab][aria-selected=true]')?.textContent,
    }
  }, list)
}

/**
 * Tabs to the selected tab of `list`, then, round after round, presses an arrow key several times
 * with no wait for anything between presses (each sent as soon as the last was, or all at once),
 * and checks that focus and selection moved one tab per press, wrapping at the ends.
 */
async function arrowThrough(page: Page, list: string) {
  const tablist = page.getByRole('tablist', { name: list })
  await tabTo(page, tablist.getByRole('tab', { selected: true }))
  const names = await tablist.getByRole('tab').allTextContents()
  let at = names.indexOf((await tabState(page, list)).selected ?? '')
  const moves: Array<[key: 'ArrowRight' | 'ArrowLeft', times: number, together: boolean]> = [
    ['ArrowRight', names.length - 1, false],
    ['ArrowLeft', 2, false],
    ['ArrowRight', names.length + 1, true],
    ['ArrowLeft', names.length - 1, true],
  ]
  for (let round = 1; round <= 3; round++) {
    for (const [key, times, together] of moves) {
      if (together) await Promise.all(Array.from({ length: times }, () => page.keyboard.press(key)))
      else for (let i = 0; i < times; i++) await page.keyboard.press(key)
      at = (at + (key === 'ArrowRight' ? times : -times) + 2 * names.length) % names.length
      await expect
        .poll(() => tabState(page, list), { timeout: 5000, message: `${times} × ${key} at once (round ${round}) on ${list}` })
        .toEqual({ focused: names[at], selected: names[at] })
    }
  }
}

/** Reaches `control` with Tab and presses Enter on it. */
async function press(page: Page, control: Locator) {
  await tabTo(page, control)
  await page.keyboard.press('Enter')
}

/** Confirms the open 'Delete comment' dialog by keyboard: Tab from Cancel to Delete, Enter. */
async function confirmDelete(page: Page) {
  const dialog = page.getByRole('alertdialog', { name: 'Delete comment' })
  await expectFocus(page, dialog.getByRole('button', { name: 'Cancel' }))
  await press(page, dialog.getByRole('button', { name: 'Delete', exact: true }))
  await dialog.waitFor({ state: 'detached' })
}

/** Three listed servers: the widget and the two with the most stars after it. */
async function threeServers() {
  const top = await apiJson<ListPage>('/api/servers?sortBy=stars&page=1&limit=20')
  return [WIDGET_ID, ...top.servers.filter((s) => s.id !== WIDGET_ID).map((s) => s.id)].slice(0, 3)
}

describe('tab lists by keyboard', () => {
  it('move one tab per arrow key pressed in quick succession, on the dashboard, a server and a package', async () => {
    const { page, problems } = await session()
    await signInAs(page, `e2e-arrows-${run}`)
    const pkg = await apiCall<{ id: string }>(page, 'POST', '/api/users/me/categories', { name: `Arrow keys ${run}` })
    await apiCall(page, 'POST', `/api/users/me/categories/${pkg.id}/servers/${WIDGET_ID}`)

    await page.goto('/dashboard')
    await arrowThrough(page, 'Dashboard sections')
    await page.goto(`/servers/${WIDGET_ID}`)
    await arrowThrough(page, 'Server information')
    await page.goto(`/packages/${pkg.id}`)
    await arrowThrough(page, 'Package information')
    // The widget's README links images at the local fixture's plain-http address, which the CSP's
    // img-src (https: only) blocks.
    expect(problems.filter((p) => !p.includes(`${inject('fixtureURL')}/github-raw/`))).toEqual([])
  })
})

describe('focus after a deletion from a list', () => {
  it('a deleted comment leaves focus on the next comment, else the previous one, else the heading', async () => {
    const { page, problems } = await session()
    const user = `e2e-commenter-${run}`
    await signInAs(page, user)
    const pkg = await apiCall<{ id: string }>(page, 'POST', '/api/users/me/categories', { name: `Comment focus ${run}` })
    for (const content of ['First note', 'Second note', 'Third note'])
      await apiCall(page, 'POST', `/api/packages/${pkg.id}/comments`, { content })
    await page.goto(`/packages/${pkg.id}`)
    await openTab(page, 'Package information', 'Comments')
    // Newest first: Third, Second, First.
    const comment = (text: string) => page.getByRole('list', { name: 'Comments' }).getByRole('article').filter({ hasText: text })
    const del = (text: string) => comment(text).getByRole('button', { name: `Delete comment by ${user}` })
    await comment('First note').waitFor()

    await press(page, del('Second note'))
    await confirmDelete(page)
    await comment('Second note').waitFor({ state: 'detached' })
    await expectFocus(page, comment('First note'))

    await press(page, del('First note'))
    await confirmDelete(page)
    await comment('First note').waitFor({ state: 'detached' })
    await expectFocus(page, comment('Third note'))

    await press(page, del('Third note'))
    await confirmDelete(page)
    await comment('Third note').waitFor({ state: 'detached' })
    await expectFocus(page, page.getByRole('heading', { name: 'Comments (0)' }))
    expect(problems).toEqual([])
  })

  it("a server removed from a package leaves focus on the next server's link, else the previous one's, else the package's name", async () => {
    const { page, problems } = await session()
    await signInAs(page, `e2e-remover-${run}`)
    const name = `Removal focus ${run}`
    const pkg = await apiCall<{ id: string }>(page, 'POST', '/api/users/me/categories', { name })
    for (const id of await threeServers()) await apiCall(page, 'POST', `/api/users/me/categories/${pkg.id}/servers/${id}`)
    await page.goto('/dashboard')
    await openTab(page, 'Dashboard sections', 'Favorites')
    const servers = page.getByRole('list', { name: `Servers in ${name}` })
    await servers.getByRole('listitem').nth(2).waitFor()
    const [first, second, third] = await servers.getByRole('link').allTextContents()
    const remove = (server: string) => page.getByRole('button', { name: `Remove ${server} from ${name}` })

    await press(page, remove(second))
    await remove(second).waitFor({ state: 'detached' })
    await expectFocus(page, servers.getByRole('link', { name: third, exact: true }))

    await press(page, remove(third))
    await remove(third).waitFor({ state: 'detached' })
    await expectFocus(page, servers.getByRole('link', { name: first, exact: true }))

    await press(page, remove(first))
    await servers.waitFor({ state: 'detached' })
    await expectFocus(page, page.getByRole('group', { name: `Category ${name}` }).getByRole('heading', { name }))
    expect(problems).toEqual([])
  })

  it('an unliked favorite and an unfollowed author leave focus on the next row, else the heading', async () => {
    const { page, problems } = await session()
    await signInAs(page, `e2e-unliker-${run}`)
    const [widget, other] = await threeServers()
    // Liked last first on the dashboard: the widget, then the other.
    await apiCall(page, 'POST', `/api/servers/${other}/like`)
    await apiCall(page, 'POST', `/api/servers/${widget}/like`)
    for (const author of ['acme', 'octo-e2e']) await apiCall(page, 'POST', `/api/users/me/follows/${author}`)
    await page.goto('/dashboard')
    await openTab(page, 'Dashboard sections', 'Favorites')
    const favorites = page.getByRole('region', { name: 'Favorite Servers' })
    await favorites.getByRole('listitem').nth(1).waitFor()
    const [widgetName, otherName] = await favorites.getByRole('listitem').getByRole('link').allTextContents()
    const like = (server: string) => favorites.getByRole('button', { name: new RegExp(`^Like ${server},`) })

    await press(page, like(widgetName))
    await like(widgetName).waitFor({ state: 'detached' })
    await expectFocus(page, favorites.getByRole('link', { name: otherName, exact: true }))
    await press(page, like(otherName))
    await like(otherName).waitFor({ state: 'detached' })
    await expectFocus(page, favorites.getByRole('heading', { name: 'Favorite Servers' }))

    await openTab(page, 'Dashboard sections', 'Activity')
    const authors = page.getByRole('list', { name: 'Followed authors' })
    await press(page, authors.getByRole('button', { name: 'Unfollow acme' }))
    await expectFocus(page, authors.getByRole('link', { name: /^octo-e2e on GitHub/ }))
    await press(page, authors.getByRole('button', { name: 'Unfollow octo-e2e' }))
    await authors.waitFor({ state: 'detached' })
    await expectFocus(page, page.getByRole('heading', { name: 'Followed Authors' }))
    expect(problems).toEqual([])
  })

  it('a server unliked on Your Favorites leaves focus on the next card, else the heading', async () => {
    const { page, problems } = await session()
    await signInAs(page, `e2e-favorites-${run}`)
    const [, second, third] = await threeServers()
    for (const id of [second, third]) await apiCall(page, 'POST', `/api/servers/${id}/like`)
    await page.goto('/servers?favorites=1')
    const cards = page.getByRole('main').getByRole('article')
    await cards.nth(1).waitFor()
    const [firstName, secondName] = await cards.getByRole('heading').allTextContents()
    const like = (server: string) => cards.getByRole('button', { name: new RegExp(`^Like ${server},`) })

    await press(page, like(firstName))
    await like(firstName).waitFor({ state: 'detached' })
    await expectFocus(page, cards.getByRole('link', { name: secondName, exact: true }))
    await press(page, like(secondName))
    await page.getByRole('heading', { name: 'No servers found' }).waitFor()
    await expectFocus(page, page.getByRole('heading', { level: 1, name: 'Your Favorites' }))
    expect(problems).toEqual([])
  })
})
