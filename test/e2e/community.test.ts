/**
 * The community in a real browser: a category built from favourites and published as a package,
 * found and liked by someone else, commented on by a guest and a user, its merged configuration
 * downloaded, and an author followed from a server page.
 */
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { parse as parseToml } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { signInAs } from './auth'
import { axeViolations, newSession, setupBrowser } from './browser'
import { apiCall, apiJson, type ListPage, pathAndQuery, sidewaysOverflow, WIDGET_ID } from './helpers'

setupBrowser()

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const run = Date.now().toString(36)
const CURATOR = `e2e-curator-${run}`
const LIKER = `e2e-liker-${run}`
const PACKAGE_NAME = `E2E Toolkit ${run}`
const MESSAGE = 'Two servers that work well together for widget automation.'

interface Pkg {
  id: string
  name: string
  serverCount: number
  likeCount: number
  isPublic: boolean
}

/** Filled by the first test, read by the rest (the file's tests run in order). */
const shared: { packageId: string; servers: Array<{ id: string; displayName: string }> } = { packageId: '', servers: [] }

/**
 * axe's serious and critical findings inside the page's main content (the shared header and
 * footer have their own tests).
 */
async function mainViolations(page: Page) {
  const found = await axeViolations(page)
  const inMain = await Promise.all(
    found.map((v) => page.evaluate((targets) => targets.some((t) => document.querySelector(t)?.closest('main') != null), v.targets)),
  )
  return found.filter((_, i) => inMain[i])
}

/** Waits for a toast with this title (sonner shows one at a time). */
async function toast(page: Page, title: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: title }).first().waitFor()
}

async function likeOnDetail(page: Page, server: { id: string; displayName: string }) {
  await page.goto(`/servers/${server.id}`)
  const like = page
    .getByRole('main')
    .getByRole('button', { name: new RegExp(`^Liked? ${escapeRegExp(server.displayName)},`) })
    .first()
  await like.click()
  await toast(page, 'Server liked')
  expect(await like.getAttribute('aria-pressed')).toBe('true')
}

async function addToCategory(page: Page, server: { displayName: string }) {
  await page.getByRole('button', { name: `Add ${server.displayName} to a category` }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Server to Category' })
  await dialog.waitFor()
  // Add needs a selected category.
  expect(await dialog.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true)
  await dialog.getByRole('combobox', { name: 'Category' }).click()
  await page.getByRole('option', { name: PACKAGE_NAME }).click()
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await toast(page, 'Server added to category')
  await dialog.waitFor({ state: 'detached' })
}

describe('community', () => {
  it('creates a category from favourites, fills it and publishes it with a message', async () => {
    const top = await apiJson<ListPage>('/api/servers?sortBy=stars&page=1&limit=20')
    const widget = await apiJson<{ id: string; displayName: string }>(`/api/servers/${WIDGET_ID}`)
    shared.servers = [widget, top.servers.find((s) => s.id !== WIDGET_ID)!]

    const { page, context, problems } = await newSession()
    await signInAs(page, CURATOR)
    for (const s of shared.servers) await likeOnDetail(page, s)

    await page.goto('/dashboard')
    await page.getByText(`Welcome back, ${CURATOR}!`).waitFor()
    for (const label of ['My Servers', 'Total Likes', 'Following', 'Categories'])
      await page.getByText(label, { exact: true }).first().waitFor()
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Overview', 'My Servers', 'Favorites', 'Activity', 'Insights', 'Advanced'])
    expect(await mainViolations(page)).toEqual([])

    // 'New Package' switches to Favorites and opens the create dialog.
    await page.getByRole('button', { name: 'New Package' }).click()
    const create = page.getByRole('dialog', { name: 'Create Category' })
    await create.waitFor()
    expect(await page.getByRole('tab', { name: 'Favorites', includeHidden: true }).getAttribute('aria-selected')).toBe('true')
    // The name is required.
    expect(await create.getByRole('button', { name: 'Create', exact: true }).isDisabled()).toBe(true)
    await create.getByLabel('Name').fill(PACKAGE_NAME)
    await create.getByLabel('Description').fill('Servers for automating widgets.')
    await create.getByRole('button', { name: 'Create', exact: true }).click()
    await toast(page, 'Category created')
    await create.waitFor({ state: 'detached' })
    const card = page.getByRole('group', { name: `Category ${PACKAGE_NAME}` })
    await card.waitFor()
    await card.getByText('0 servers').waitFor()

    for (const s of shared.servers) await addToCategory(page, s)
    await card.getByText('2 servers').waitFor()
    for (const s of shared.servers) await card.getByRole('button', { name: `Remove ${s.displayName} from ${PACKAGE_NAME}` }).waitFor()
    expect(await card.getByText('Public', { exact: true }).count()).toBe(0)

    // Settings: make it public, then save a message (counter counts down from 1000).
    await card.getByRole('button', { name: `Settings for ${PACKAGE_NAME}` }).click()
    const settings = page.getByRole('dialog', { name: `${PACKAGE_NAME} settings` })
    await settings.waitFor()
    const publicSwitch = settings.getByRole('switch', { name: 'Public' })
    expect(await publicSwitch.getAttribute('aria-checked')).toBe('false')
    await publicSwitch.click()
    await toast(page, 'Package made public')
    expect(await publicSwitch.getAttribute('aria-checked')).toBe('true')
    await settings.getByLabel('Recommendation message').fill(MESSAGE)
    await settings.getByText(`${1000 - MESSAGE.length} characters remaining`).waitFor()
    await settings.getByRole('button', { name: 'Save Message' }).click()
    await toast(page, 'Recommendation message updated')
    await settings.waitFor({ state: 'detached' })
    await card.getByText('Public', { exact: true }).waitFor()

    const mine = await page.evaluate(async () => (await fetch('/api/users/me/categories')).json())
    const pkg = (mine as Array<Pkg & { recommendationMessage: string }>).find((c) => c.name === PACKAGE_NAME)!
    expect(pkg).toMatchObject({ isPublic: true, serverCount: 2, recommendationMessage: MESSAGE })
    shared.packageId = pkg.id
    expect(problems).toEqual([])
    await context.close()
  })

  it('lists it on /packages, where another account likes it', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, LIKER)
    await page.goto('/packages')
    await page.getByRole('heading', { name: 'Recommended Packages' }).waitFor()
    await page.getByRole('combobox', { name: 'Sort packages by' }).click()
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Trending', 'Most Liked', 'Recently Updated', 'Newest'])
    await page.getByRole('option', { name: 'Newest' }).click()
    await page.waitForURL('**/packages?sortBy=created')
    const card = page.locator('main article').filter({ has: page.getByRole('link', { name: PACKAGE_NAME }) })
    await card.waitFor()
    await card.getByText(`by ${CURATOR}`).waitFor()
    await card.getByText('2 servers included').waitFor()
    // The card is there while the sorted page loads too (the previous page stays, faded): contrast
    // is checked once the list has settled, not through its fade.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('main [data-layout]')).every(
        (e) => e.getAttribute('aria-busy') === 'false' && getComputedStyle(e).opacity === '1',
      ),
    )
    expect(await mainViolations(page)).toEqual([])

    const like = card.getByRole('button', { name: `Like package ${PACKAGE_NAME}, 0 likes` })
    await like.click()
    await toast(page, 'Package liked')
    await card.getByRole('button', { name: `Like package ${PACKAGE_NAME}, 1 like`, pressed: true }).waitFor()

    // Back to the default sort: the URL drops sortBy.
    await page.getByRole('combobox', { name: 'Sort packages by' }).click()
    await page.getByRole('option', { name: 'Trending' }).click()
    await page.waitForURL((u) => u.pathname === '/packages' && u.search === '')
    expect(pathAndQuery(page)).toBe('/packages')

    await page.goto(`/packages/${shared.packageId}`)
    await page.getByRole('heading', { level: 1, name: PACKAGE_NAME }).waitFor()
    await page.getByText('Why this package is recommended:').waitFor()
    await page.getByText(MESSAGE).waitFor()
    await page.getByRole('button', { name: `Liked package ${PACKAGE_NAME}, 1 like`, pressed: true }).waitFor()
    const servers = page.getByRole('tabpanel').locator('article')
    expect(await servers.count()).toBe(2)
    await servers
      .first()
      .getByRole('link', { name: /^View Details/ })
      .waitFor()
    expect(await sidewaysOverflow(page)).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })

  it('takes comments from a guest and a user, and lets the author delete theirs', async () => {
    const guest = await newSession()
    let page = guest.page
    await page.goto(`/packages/${shared.packageId}`)
    // A guest cannot like.
    await page.getByRole('button', { name: `Like package ${PACKAGE_NAME}, 1 like` }).click()
    await toast(page, 'Authentication Required')

    await page.getByRole('tab', { name: 'Comments' }).click()
    const submit = page.getByRole('button', { name: 'Post Comment' })
    const content = page.getByLabel('Comment', { exact: true })
    expect(await submit.isDisabled()).toBe(true)
    await content.fill('x'.repeat(1950))
    expect(await page.getByText('50 characters remaining').getAttribute('data-state')).toBe('low')
    await content.fill('x'.repeat(2001))
    expect(await page.getByText('-1 characters remaining').getAttribute('data-state')).toBe('over')
    await page.getByText('Comment is too long. Maximum 2000 characters allowed.').waitFor()
    expect(await submit.isDisabled()).toBe(true)
    // Fine content, but a guest without a name still cannot post.
    await content.fill('Great set, thanks!')
    expect(await submit.isDisabled()).toBe(true)
    await page.getByLabel('Your name').focus()
    await page.getByLabel('Your name').blur()
    await page.getByText('Please enter your name').waitFor()
    await page.getByLabel('Your name').fill('Visitor Vee')
    expect(await submit.isDisabled()).toBe(false)
    await submit.click()
    await toast(page, 'Comment posted!')
    const guestComment = page.getByRole('article', { name: 'Comment by Visitor Vee' })
    await guestComment.getByText('Great set, thanks!').waitFor()
    await guestComment.getByText('Guest').waitFor()
    expect(await page.getByRole('button', { name: /^Delete comment/ }).count()).toBe(0)
    expect(await mainViolations(page)).toEqual([])
    expect(guest.problems).toEqual([])
    await guest.context.close()

    const user = await newSession()
    page = user.page
    await signInAs(page, LIKER)
    await page.goto(`/packages/${shared.packageId}`)
    await page.getByRole('tab', { name: 'Comments' }).click()
    expect(await page.getByLabel('Your name').count()).toBe(0)
    await page.getByLabel('Comment', { exact: true }).fill('I use both every day.')
    await page.getByRole('button', { name: 'Post Comment' }).click()
    await toast(page, 'Comment posted!')
    const mine = page.getByRole('article', { name: `Comment by ${LIKER}` })
    await mine.waitFor()
    await page.getByRole('heading', { name: 'Comments (2)' }).waitFor()
    // Newest first, then oldest first.
    expect(await page.getByRole('list', { name: 'Comments' }).getByRole('article').first().getAttribute('aria-label')).toBe(
      `Comment by ${LIKER}`,
    )
    await page.getByRole('combobox', { name: 'Sort comments' }).click()
    await page.getByRole('option', { name: 'Oldest first' }).click()
    await page.getByRole('list', { name: 'Comments' }).getByRole('article').first().filter({ hasText: 'Visitor Vee' }).waitFor()
    // Only their own comment has a delete button; it asks first.
    expect(await page.getByRole('button', { name: /^Delete comment/ }).count()).toBe(1)
    await mine.getByRole('button', { name: `Delete comment by ${LIKER}` }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete comment' })
    await confirm.getByText('Are you sure you want to delete this comment?').waitFor()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await toast(page, 'Comment deleted')
    await mine.waitFor({ state: 'detached' })
    await page.getByRole('heading', { name: 'Comments (1)' }).waitFor()
    expect(user.problems).toEqual([])
    await user.context.close()
  })

  it('downloads one configuration that holds every server of the package', async () => {
    const { page, context, problems } = await newSession()
    await page.goto(`/packages/${shared.packageId}`)
    await page.getByRole('tab', { name: 'Configuration' }).click()
    await page.getByRole('button', { name: 'Copy JSON' }).click()
    await page.getByText('Copied!').waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${PACKAGE_NAME}-config.json` }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`${PACKAGE_NAME}-config.json`)
    const text = readFileSync((await download.path())!, 'utf8')
    expect(text).toBe(copied)
    const config = JSON.parse(text) as { mcpServers: Record<string, { command: string; args: string[]; env?: Record<string, string> }> }
    // Every server is in the file, or named with the reason it cannot be (no known way to run it).
    const left = await page.locator('[aria-label="Servers not in the file"] li').count()
    expect(Object.keys(config.mcpServers).length + left).toBe(shared.servers.length)
    // Each server's entry is the one its own page opens on: the widget's remote, bridged for Claude Desktop.
    expect(config.mcpServers.widget).toEqual({
      command: 'npx',
      args: ['-y', 'mcp-remote', 'https://widget.example.com/sse', '--transport', 'sse-only'],
    })

    // The same file for every client, in that client's own format.
    await page.getByRole('combobox', { name: 'Client' }).click()
    await page.getByRole('option', { name: 'Codex CLI', exact: true }).click()
    await page.getByRole('button', { name: 'Copy TOML' }).click()
    await page.getByText('Copied!').waitFor()
    expect(parseToml(await page.evaluate(() => navigator.clipboard.readText())).mcp_servers).toHaveProperty('widget')
    await page.getByRole('button', { name: `Download ${PACKAGE_NAME}-config.toml` }).waitFor()
    await page.getByRole('combobox', { name: 'Client' }).click()
    await page.getByRole('option', { name: 'Goose', exact: true }).click()
    const [yamlFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${PACKAGE_NAME}-config.yaml` }).click(),
    ])
    expect(parseYaml(readFileSync((await yamlFile.path())!, 'utf8')).extensions.widget).toMatchObject({
      type: 'sse',
      uri: 'https://widget.example.com/sse',
    })
    expect(problems).toEqual([])
    await context.close()
  })

  it('follows an author from a server page and shows them under Activity', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, CURATOR)
    await page.goto(`/servers/${WIDGET_ID}`)
    await page.getByRole('button', { name: 'Follow acme' }).click()
    await toast(page, 'Following acme')
    await page.getByRole('button', { name: 'Unfollow acme' }).waitFor()

    await page.goto('/dashboard')
    await page.getByRole('tab', { name: 'Activity' }).click()
    const authors = page.getByRole('list', { name: 'Followed authors' })
    await authors.getByRole('link', { name: /^acme on GitHub/ }).waitFor()
    // The viewed servers are the history.
    await page.getByRole('tabpanel').getByRole('link', { name: shared.servers[0].displayName }).first().waitFor()
    await authors.getByRole('button', { name: 'Unfollow acme' }).click()
    await toast(page, 'Unfollowed acme')
    await authors.waitFor({ state: 'detached' })
    await page.getByText('You follow no authors yet.', { exact: false }).waitFor()
    expect(problems).toEqual([])
    await context.close()
  })

  it('keeps a private package off /packages and shows the owner its private state', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, CURATOR)
    await page.goto('/dashboard')
    await page.getByRole('tab', { name: 'Favorites' }).click()
    const card = page.getByRole('group', { name: `Category ${PACKAGE_NAME}` })
    await card.getByRole('button', { name: `Settings for ${PACKAGE_NAME}` }).click()
    await page.getByRole('switch', { name: 'Public' }).click()
    await toast(page, 'Package made private')
    await page.keyboard.press('Escape')
    await page.goto(`/packages/${shared.packageId}`)
    await page.getByText('Only you can see this package.', { exact: false }).waitFor()
    // Public numbers (likes, views, score) and the like button are not shown while private.
    expect(await page.getByText('Views', { exact: true }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^Liked? package/ }).count()).toBe(0)
    await context.close()

    const guest = await newSession()
    await guest.page.goto(`/packages/${shared.packageId}`)
    await guest.page.getByRole('heading', { name: 'Package not found' }).waitFor()
    await guest.page.getByRole('link', { name: 'Back to Packages' }).waitFor()
    expect([...problems, ...guest.problems]).toEqual([])
    await guest.context.close()
  })

  it('pages the list with ellipses and keeps the page in the URL only above 1', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, `e2e-pager-${run}`)
    const created: string[] = []
    try {
      // Enough public packages for at least two pages of 20, whatever else the database holds.
      for (let i = 0; i < 21; i++) {
        const pkg = await apiCall<{ id: string }>(page, 'POST', '/api/users/me/categories', { name: `Pager ${run} ${i}` })
        created.push(pkg.id)
        await apiCall(page, 'PUT', `/api/packages/${pkg.id}/public-status`, { isPublic: true })
      }
      const first = await apiJson<{ totalPages: number; total: number }>('/api/packages?sortBy=created&page=1&limit=20')
      await page.goto('/packages?sortBy=created&page=1')
      await page.getByText(`${first.total} packages`).waitFor()
      const nav = page.getByRole('navigation', { name: 'Pagination' })
      await nav.getByRole('link', { name: 'Page 2', exact: true }).click()
      await page.waitForURL('**/packages?sortBy=created&page=2')
      expect(await nav.getByRole('link', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe('page')
      await nav.getByRole('link', { name: 'Previous' }).click()
      await page.waitForURL((u) => `${u.pathname}${u.search}` === '/packages?sortBy=created')
      await page.getByRole('link', { name: `Pager ${run} 20` }).waitFor()
      expect(problems).toEqual([])
    } finally {
      // Other files share the database: leave the public list as it was.
      for (const id of created) await apiCall(page, 'PUT', `/api/packages/${id}/public-status`, { isPublic: false }).catch(() => undefined)
      await context.close()
    }
  })
})
