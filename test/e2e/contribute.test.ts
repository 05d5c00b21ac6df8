/**
 * Contributing servers in Chromium: register from a repository with Load Info, edit, the
 * restricted owner's form, delete, and the admin's featured editor. The tests run in order and
 * share the servers they create (ids below); each cleans up what the other files could see.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signInAs } from './auth'
import { axeViolations, newSession, setupBrowser } from './browser'
import { apiJson, WIDGET_ID } from './helpers'

setupBrowser()

/** Unique per run, so searches find only this run's servers. */
const RUN = `r${Date.now().toString(36)}`
const NAME = `Widget MCP ${RUN}`
const RESTRICTED_LOGIN = `owner-${RUN}`

let createdId = ''
let restrictedServerId = ''

/** Waits for a toast with this title (sonner shows one at a time). */
async function toast(page: Page, title: string, description?: string) {
  const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
  const t = page
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]', { hasText: exact }) })
    .first()
  await t.waitFor()
  if (description) await t.getByText(description, { exact: true }).waitFor()
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

/** The input's error text, found through its aria-describedby (how a screen reader finds it). */
async function describedError(page: Page, label: string) {
  const ids = (await field(page, label).getAttribute('aria-describedby')) ?? ''
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  )
  return texts.join(' | ')
}

/**
 * The detail page opens on the README, whose relative images resolve to the local fixture's
 * http:// raw address; the CSP (img-src https:) rightly blocks them. In production that address
 * is https://raw.githubusercontent.com, so those reports are the test set-up, not the app.
 */
const withoutFixtureImages = (problems: string[]) => problems.filter((p) => !(p.includes('img-src') && p.includes('/github-raw/')))

const listItems = (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('listitem').allInnerTexts()

interface Detail {
  id: string
  displayName: string
  description: string
  githubUrl: string | null
  tags: string[]
  packages: Array<{ registry_type?: string; identifier?: string; version?: string }>
  remotes: Array<{ name?: string; url: string }>
}

describe('register / edit server form', () => {
  it('sends signed-out visitors to the landing page', async () => {
    const { page, context, problems } = await newSession()
    await page.goto('/servers/new')
    await page.waitForURL((u) => u.pathname === '/')
    await page.goto(`/servers/${WIDGET_ID}/edit`)
    await page.waitForURL((u) => u.pathname === '/')
    expect(problems).toEqual([])
    await context.close()
  })

  it('registers a server from its repository with Load Info and finds it on the dashboard and in search', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, `contrib-${RUN}`)
    await page.goto('/servers/new')
    await page.getByRole('heading', { level: 1, name: 'Register Server' }).waitFor()
    for (const section of [
      'Basic Information',
      'GitHub Integration',
      'npm Integration',
      'Tags',
      'Package Dependencies',
      'Remote Configurations',
    ]) {
      await page.getByRole('heading', { level: 2, name: section, exact: true }).waitFor()
    }
    // Defaults: version 1.0.0 and the user's first name (the dev sign-in's name is the login).
    expect(await field(page, 'Version').inputValue()).toBe('1.0.0')
    expect(await field(page, 'Author').inputValue()).toBe(`contrib-${RUN}`)
    // No Delete on a new server.
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    // An empty save: inline messages from the shared schema, focus on the first, nothing sent.
    await page.getByRole('button', { name: 'Register Server' }).click()
    expect(await describedError(page, 'Display name')).toContain('Display name is required')
    expect(await describedError(page, 'Description')).toContain('Description is required')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-displayName')

    // Load Info needs an address of the right shape before it asks the Worker.
    await page.getByRole('button', { name: 'Load Info' }).click()
    expect(await describedError(page, 'Repository URL')).toContain('No GitHub URL provided')
    await field(page, 'Repository URL').fill('https://github.com/acme/missing')
    await page.getByRole('button', { name: 'Load Info' }).click()
    await toast(page, 'Repository not found', "The repository might be private or doesn't exist.")

    await field(page, 'Repository URL').fill('https://github.com/acme/widget')
    await page.getByRole('button', { name: 'Load Info' }).click()
    await toast(page, 'Repository information loaded')
    expect(await field(page, 'Display name').inputValue()).toBe('Widget MCP')
    expect(await field(page, 'Description').inputValue()).toBe('The widget repository')
    expect(await field(page, 'Author').inputValue()).toBe('acme')
    const tags = await listItems(page, 'Tags')
    expect(tags).toEqual(expect.arrayContaining(['mcp', 'database', 'testing']))
    expect(await listItems(page, 'Packages')).toEqual([expect.stringMatching(/npm\s+@acme\/widget\s+@latest/)])

    // npm Auto-fill: a missing package, then a real one (version and dependency filled).
    await field(page, 'npm package name').fill('@acme/missing-thing')
    await page.getByRole('button', { name: 'Auto-fill' }).click()
    await toast(page, 'Not found', 'Package was not found in cache. Please try later.')
    await field(page, 'npm package name').fill('@acme/widget-cli')
    await page.getByRole('button', { name: 'Auto-fill' }).click()
    await toast(page, 'Loaded')
    expect(await field(page, 'Version').inputValue()).toBe('2.3.4')

    // Tags: Enter adds, duplicates and blanks are ignored.
    await field(page, 'New tag').fill('Widgets')
    await field(page, 'New tag').press('Enter')
    await field(page, 'New tag').fill('database')
    await page.getByRole('button', { name: 'Add Tag' }).click()
    await field(page, 'New tag').press('Enter')
    const withNew = await listItems(page, 'Tags')
    expect(withNew.filter((t) => t === 'database')).toHaveLength(1)
    expect(withNew).toContain('widgets')

    // A package needs all three fields; a remote needs a name and a valid URL.
    await page.getByRole('button', { name: 'Add Package' }).click()
    await page.getByText('Registry type is required').waitFor()
    await field(page, 'Registry type').fill('pypi')
    await field(page, 'Identifier').fill('widget-py')
    await field(page, 'Package version').fill('0.1.0')
    await page.getByRole('button', { name: 'Add Package' }).click()
    expect(await listItems(page, 'Packages')).toHaveLength(3)
    await page.getByRole('button', { name: 'Remove package @acme/widget-cli' }).click()
    expect(await listItems(page, 'Packages')).toHaveLength(2)
    await field(page, 'Remote URL').fill('not a url')
    await page.getByRole('button', { name: 'Add Remote' }).click()
    await page.getByText('Remote name is required').waitFor()
    await page.getByText('Must be a valid URL').waitFor()
    await field(page, 'Remote name').fill('sse')
    await field(page, 'Remote URL').fill('https://widget.example.com/sse')
    await page.getByRole('button', { name: 'Add Remote' }).click()
    expect(await listItems(page, 'Remotes')).toHaveLength(1)

    await field(page, 'Display name').fill(NAME)
    // A bad icon URL is caught by the form; what was typed stays.
    await field(page, 'Icon URL (optional)').fill('not a url')
    await page.getByRole('button', { name: 'Register Server' }).click()
    expect(await describedError(page, 'Icon URL (optional)')).toContain('Must be a valid URL')
    await field(page, 'Icon URL (optional)').fill('')

    // A failed save keeps every value and says so.
    await page.route(
      '**/api/servers',
      (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{"error":"boom"}' }) : route.continue()),
      { times: 1 },
    )
    await page.getByRole('button', { name: 'Register Server' }).click()
    await toast(page, 'Registration failed', 'Please try again.')
    expect(await field(page, 'Display name').inputValue()).toBe(NAME)
    expect(await listItems(page, 'Remotes')).toHaveLength(1)

    const created = page.waitForResponse((r) => r.url().endsWith('/api/servers') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Register Server' }).click()
    const response = await created
    expect(response.status()).toBe(201)
    createdId = ((await response.json()) as Detail).id
    await toast(page, 'Server registered successfully')
    await page.waitForURL((u) => u.pathname === '/dashboard')

    const detail = await apiJson<Detail>(`/api/servers/${createdId}`)
    expect(detail.githubUrl).toBe('https://github.com/acme/widget')
    expect(detail.tags).toEqual(expect.arrayContaining(['database', 'widgets']))
    expect(detail.packages).toEqual([
      { registry_type: 'npm', identifier: '@acme/widget', version: 'latest' },
      { registry_type: 'pypi', identifier: 'widget-py', version: '0.1.0' },
    ])
    expect(detail.remotes).toEqual([{ name: 'sse', url: 'https://widget.example.com/sse' }])

    // On the dashboard, under My Servers.
    await page.getByRole('tab', { name: 'My Servers' }).click()
    await page.getByRole('tabpanel').getByText(NAME).first().waitFor()

    // And in search.
    await page.goto(`/servers?q=${encodeURIComponent(RUN)}`)
    await page.locator('main article h2').filter({ hasText: NAME }).waitFor()
    expect(problems).toEqual([])
    await context.close()
  })

  it('edits the server: Update Server, and the change shows on the detail page', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, `contrib-${RUN}`)
    await page.goto(`/servers/${createdId}`)
    await page.getByRole('link', { name: 'Edit' }).click()
    await page.waitForURL(`**/servers/${createdId}/edit`)
    await page.getByRole('heading', { level: 1, name: 'Edit Server' }).waitFor()
    expect(await field(page, 'Display name').inputValue()).toBe(NAME)
    expect(await page.getByRole('note').count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    await field(page, 'Description').fill('An edited description for the widget.')
    await page.getByRole('button', { name: 'Remove tag widgets' }).click()
    const sent = page.waitForRequest((r) => r.url().endsWith(`/api/servers/${createdId}`) && r.method() === 'PUT')
    await page.getByRole('button', { name: 'Update Server' }).click()
    // Only what changed is sent.
    expect(Object.keys((await sent).postDataJSON() as object).sort()).toEqual(['description', 'tags'])
    await toast(page, 'Server updated successfully')
    await page.waitForURL((u) => u.pathname === '/dashboard')

    await page.goto(`/servers/${createdId}`)
    await page.locator('main header').getByText('An edited description for the widget.').waitFor()
    expect((await apiJson<Detail>(`/api/servers/${createdId}`)).tags).not.toContain('widgets')
    expect(withoutFixtureImages(problems)).toEqual([])
    await context.close()
  })

  it('shows the Access Denied screen to a signed-in user who may not edit', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, `stranger-${RUN}`)
    await page.goto(`/servers/${createdId}/edit`)
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor()
    await page.getByText("You don't have permission to edit this MCP server.").waitFor()
    expect(await page.getByRole('main').getByRole('link', { name: 'Back to Servers' }).getAttribute('href')).toBe('/servers')
    expect(problems).toEqual([])
    await context.close()
  })

  it('gives a restricted owner the Limited Access form, which changes only the repository URL', async () => {
    // An admin registers a server whose repository belongs to the restricted user's login.
    const admin = await newSession()
    await signInAs(admin.page, 'admin', { admin: true })
    await admin.page.goto('/servers/new')
    await field(admin.page, 'Display name').fill(`Owned ${RUN}`)
    await field(admin.page, 'Description').fill('A server whose repository the restricted user owns.')
    await field(admin.page, 'Repository URL').fill(`https://github.com/${RESTRICTED_LOGIN}/x`)
    await field(admin.page, 'New tag').fill('owned')
    await field(admin.page, 'New tag').press('Enter')
    const created = admin.page.waitForResponse((r) => r.url().endsWith('/api/servers') && r.request().method() === 'POST')
    await admin.page.getByRole('button', { name: 'Register Server' }).click()
    restrictedServerId = ((await (await created).json()) as Detail).id
    await admin.page.waitForURL((u) => u.pathname === '/dashboard')
    expect(admin.problems).toEqual([])
    await admin.context.close()

    const { page, context, problems } = await newSession()
    await signInAs(page, RESTRICTED_LOGIN, { restricted: true })
    await page.goto(`/servers/${restrictedServerId}/edit`)
    await page.getByRole('heading', { name: 'Limited Access' }).waitFor()
    expect(await field(page, 'Display name').getAttribute('readonly')).not.toBeNull()
    expect(await field(page, 'Description').getAttribute('readonly')).not.toBeNull()
    expect(await field(page, 'Repository URL').getAttribute('readonly')).toBeNull()
    for (const name of ['Add Tag', 'Add Package', 'Add Remote', 'Load Info', 'Auto-fill', 'Remove tag owned', 'Delete']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0)
    }
    expect(await axeViolations(page)).toEqual([])

    await field(page, 'Repository URL').fill(`https://github.com/${RESTRICTED_LOGIN}/y`)
    const sent = page.waitForRequest((r) => r.url().endsWith(`/api/servers/${restrictedServerId}`) && r.method() === 'PUT')
    await page.getByRole('button', { name: 'Update Server' }).click()
    expect((await sent).postDataJSON()).toEqual({ githubUrl: `https://github.com/${RESTRICTED_LOGIN}/y` })
    await toast(page, 'Server updated successfully')
    await page.waitForURL((u) => u.pathname === '/dashboard')
    const after = await apiJson<Detail>(`/api/servers/${restrictedServerId}`)
    expect(after.githubUrl).toBe(`https://github.com/${RESTRICTED_LOGIN}/y`)
    expect(after.displayName).toBe(`Owned ${RUN}`)
    expect(problems).toEqual([])
    await context.close()
  })

  it('deletes the server after the confirm, and it is gone from the list', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, `contrib-${RUN}`)
    await page.goto(`/servers/${createdId}/edit`)
    await page.getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByText('Are you sure you want to delete this server?').waitFor()
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await toast(page, 'Deleted')
    await page.waitForURL((u) => u.pathname === '/servers')

    // Search is by any word, so this run's other server (registered above) is still listed.
    await page.goto(`/servers?q=${encodeURIComponent(RUN)}`)
    await page
      .locator('main article h2')
      .filter({ hasText: `Owned ${RUN}` })
      .waitFor()
    expect(await page.locator('main article h2').filter({ hasText: NAME }).count()).toBe(0)
    const res = await fetch(new URL(`/api/servers/${createdId}`, page.url()))
    expect(res.status).toBe(404)
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('featured editor', () => {
  it('is for admins only', async () => {
    const { page, context, problems } = await newSession()
    await page.goto(`/servers/${WIDGET_ID}/featured`)
    await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor()
    await signInAs(page, `stranger-${RUN}`)
    await page.goto(`/servers/${WIDGET_ID}/featured`)
    await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor()
    await signInAs(page, 'admin', { admin: true })
    await page.goto('/servers/0e2e0000-0000-4000-8000-00000000ffff/featured')
    await page.getByRole('heading', { level: 1, name: 'Server not found' }).waitFor()
    expect(problems).toEqual([])
    await context.close()
  })

  it('lets an admin write a comment with bold text and a link that the landing page shows', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, 'admin', { admin: true })
    await page.goto(`/servers/${restrictedServerId}`)
    await page.getByRole('link', { name: 'Manage Featured' }).click()
    await page.waitForURL(`**/servers/${restrictedServerId}/featured`)
    await page.getByRole('heading', { level: 1, name: 'Manage Featured' }).waitFor()
    expect(await page.getByRole('checkbox', { name: 'Public' }).isChecked()).toBe(true)
    expect(await axeViolations(page)).toEqual([])

    const editor = page.getByRole('textbox', { name: 'Recommendation' })
    await editor.click()
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' })
    await toolbar.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type(`Pick ${RUN}`)
    await toolbar.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type(' Owned and tidy, read the docs')
    // Select 'docs' and link it through the dialog.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft')
    await toolbar.getByRole('button', { name: 'Link' }).click()
    const dialog = page.getByRole('dialog', { name: 'Insert link' })
    await dialog.getByLabel('URL').fill('javascript:alert(1)')
    await dialog.getByRole('button', { name: 'Apply' }).click()
    await dialog.getByText('Enter an address starting with http://, https:// or mailto:').waitFor()
    await dialog.getByLabel('URL').fill('https://docs.example.com/widget')
    await dialog.getByRole('button', { name: 'Apply' }).click()
    await dialog.waitFor({ state: 'detached' })
    // Focus comes back to the editor (once the dialog has released it), so typing continues there.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'textbox')
    // The link is applied in that same moment, after the dialog has gone.
    await expect.poll(() => editor.innerHTML()).toContain('<a href="https://docs.example.com/widget">docs</a>')
    const html = await editor.innerHTML()
    expect(html).toMatch(new RegExp(`<(b|strong)>Pick ${RUN}</(b|strong)>`))
    expect(html).toContain('<a href="https://docs.example.com/widget">docs</a>')

    await page.getByLabel('Sort Order').fill('-1')
    await page.getByRole('button', { name: 'Save' }).click()
    expect(await describedError(page, 'Sort Order')).toContain('Sort order must be 0 or more')
    await page.getByLabel('Sort Order').fill('0')
    const saved = page.waitForRequest((r) => r.url().endsWith(`/api/servers/${restrictedServerId}/featured`) && r.method() === 'PUT')
    await page.getByRole('button', { name: 'Save' }).click()
    const body = (await saved).postDataJSON() as {
      commentHtml: string
      isActive: boolean
      sortOrder: number
      publishStartAt: string | null
    }
    expect(body).toMatchObject({ isActive: true, sortOrder: 0, publishStartAt: null })
    expect(body.commentHtml).toMatch(/^<p>/)
    await toast(page, 'Saved', 'Featured comment updated.')

    // The landing page's card: the bold text is the title, the rest the summary.
    await page.goto('/')
    const card = page.getByRole('link', { name: `Pick ${RUN}` })
    await card.waitFor()
    expect(await card.getAttribute('href')).toBe(`/servers/${restrictedServerId}`)
    await page.getByText('Owned and tidy, read the docs', { exact: true }).waitFor()

    // The detail page shows it too; then Remove from Featured clears it.
    await page.goto(`/servers/${restrictedServerId}/featured`)
    await page.getByRole('textbox', { name: 'Recommendation' }).getByText(`Pick ${RUN}`).waitFor()
    await page.getByRole('button', { name: 'Remove from Featured' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Remove from Featured?' })
    await confirm.getByRole('button', { name: 'Remove' }).click()
    await toast(page, 'Removed', 'Server removed from Featured.')
    expect((await page.getByRole('textbox', { name: 'Recommendation' }).innerText()).trim()).toBe('')
    expect(await page.getByRole('checkbox', { name: 'Public' }).isChecked()).toBe(false)
    const featured = await apiJson<Array<{ id: string }>>('/api/servers/featured')
    expect(featured.map((f) => f.id)).not.toContain(restrictedServerId)

    // Tidy up: the admin deletes the server so later test files see the catalogue as seeded.
    await page.goto(`/servers/${restrictedServerId}/edit`)
    await page.getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await toast(page, 'Deleted')
    expect(problems).toEqual([])
    await context.close()
  })
})
