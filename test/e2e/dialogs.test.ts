/**
 * Every dialog, select and menu of the app, driven by the keyboard alone: Tab to the control
 * that opens it, Enter or Space, then read where focus is. Focus starts on the first field (or,
 * in a confirmation, on Cancel), so typing goes there; Escape closes and gives focus back to the
 * control that opened it, never to the page body.
 */
import type { Locator, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { signInAs } from './auth'
import { newSession, type Session, setupBrowser } from './browser'
import { apiCall, WIDGET_ID } from './helpers'
import { expectFocus, openTab, tabTo } from './keyboard'

setupBrowser()

const run = Date.now().toString(36)
const USER = `e2e-keys-${run}`
const CATEGORY = `Keyboard tools ${run}`

/** Escape closes `dialog`, and focus returns to `opener`. */
async function escapeBackTo(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await expectFocus(page, opener)
}

const sessions: Session[] = []
async function session(opts?: Parameters<typeof newSession>[0]) {
  const s = await newSession(opts)
  sessions.push(s)
  return s
}

afterAll(async () => {
  for (const s of sessions) await s.context.close()
})

describe('dialogs by keyboard', () => {
  it('Add Server to Category without categories starts on Create Category, and the chained dialog returns to the folder button', async () => {
    const { page, problems } = await session()
    await signInAs(page, USER)
    await apiCall(page, 'POST', `/api/servers/${WIDGET_ID}/like`)
    await page.goto('/dashboard')
    await openTab(page, 'Dashboard sections', 'Favorites')
    const folder = page.getByRole('button', { name: 'Add Widget to a category' })
    await tabTo(page, folder)
    await page.keyboard.press('Enter')
    const add = page.getByRole('dialog', { name: 'Add Server to Category' })
    await expectFocus(page, add.getByRole('button', { name: 'Create Category' }))
    await escapeBackTo(page, add, folder)

    await page.keyboard.press('Enter')
    await expectFocus(page, add.getByRole('button', { name: 'Create Category' }))
    await page.keyboard.press('Enter')
    const create = page.getByRole('dialog', { name: 'Create Category' })
    await expectFocus(page, create.getByRole('textbox', { name: 'Name' }))
    // The first dialog's button has gone with it: focus goes back to what opened that one.
    await escapeBackTo(page, create, folder)
    expect(problems).toEqual([])
  })

  it('Create Category starts on Name, takes typing with spaces, and returns to its button on Escape and on Create', async () => {
    const { page, problems } = await session()
    await signInAs(page, USER)
    await page.goto('/dashboard')
    await openTab(page, 'Dashboard sections', 'Favorites')
    const opener = page.getByRole('main').getByRole('button', { name: 'Create Category', exact: true })
    await tabTo(page, opener)
    await page.keyboard.press('Space')
    const dialog = page.getByRole('dialog', { name: 'Create Category' })
    const name = dialog.getByRole('textbox', { name: 'Name' })
    await expectFocus(page, name)
    await page.keyboard.type('Not this one')
    expect(await name.inputValue()).toBe('Not this one')
    await escapeBackTo(page, dialog, opener)

    await page.keyboard.press('Enter')
    await expectFocus(page, name)
    await page.keyboard.type(CATEGORY)
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('group', { name: `Category ${CATEGORY}` }).waitFor()
    await expectFocus(page, opener)
    expect(problems).toEqual([])
  })

  it("'New Package' opens Create Category on Name and gets focus back on Escape", async () => {
    const { page, problems } = await session()
    await signInAs(page, USER)
    await page.goto('/dashboard')
    const opener = page.getByRole('button', { name: 'New Package' })
    await tabTo(page, opener)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Create Category' })
    await expectFocus(page, dialog.getByRole('textbox', { name: 'Name' }))
    await escapeBackTo(page, dialog, opener)
    expect(problems).toEqual([])
  })

  it('Add Server to Category starts on the category select, whose own Escape stays in the dialog, and adds by keyboard', async () => {
    const { page, problems } = await session()
    await signInAs(page, USER)
    await page.goto('/dashboard')
    await openTab(page, 'Dashboard sections', 'Favorites')
    const folder = page.getByRole('button', { name: 'Add Widget to a category' })
    await tabTo(page, folder)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Add Server to Category' })
    const select = dialog.getByRole('combobox', { name: 'Category' })
    await expectFocus(page, select)
    await page.keyboard.press('Enter')
    await expectFocus(page, page.getByRole('option', { name: CATEGORY }))
    await page.keyboard.press('Escape')
    await page.getByRole('listbox').waitFor({ state: 'detached' })
    await expectFocus(page, select)
    expect(await dialog.isVisible()).toBe(true)
    await escapeBackTo(page, dialog, folder)

    await page.keyboard.press('Enter')
    await expectFocus(page, select)
    await page.keyboard.press('Enter')
    await expectFocus(page, page.getByRole('option', { name: CATEGORY }))
    await page.keyboard.press('Enter')
    await expectFocus(page, select)
    await tabTo(page, dialog.getByRole('button', { name: 'Add', exact: true }))
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await expectFocus(page, folder)
    expect(problems).toEqual([])
  })

  it("a category's settings start on the Public switch and return to the settings button", async () => {
    const { page, problems } = await session()
    await signInAs(page, USER)
    await page.goto('/dashboard')
    await openTab(page, 'Dashboard sections', 'Favorites')
    const opener = page.getByRole('button', { name: `Settings for ${CATEGORY}` })
    await tabTo(page, opener)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: `${CATEGORY} settings` })
    await expectFocus(page, dialog.getByRole('switch', { name: 'Public' }))
    await escapeBackTo(page, dialog, opener)
    expect(problems).toEqual([])
  })

  it("deleting a comment asks first with Cancel focused, and Escape returns to the comment's Delete button", async () => {
    const { page, problems } = await session()
    await signInAs(page, USER)
    const { favoriteCategories } = await apiCall<{ favoriteCategories: Array<{ id: string; name: string }> }>(
      page,
      'GET',
      '/api/users/me/dashboard',
    )
    const category = favoriteCategories.find((c) => c.name === CATEGORY)
    if (!category) throw new Error('the category of the earlier test is missing')
    await apiCall(page, 'POST', `/api/packages/${category.id}/comments`, { content: 'A comment to keep.' })
    await page.goto(`/packages/${category.id}`)
    await openTab(page, 'Package information', 'Comments')
    const opener = page.getByRole('button', { name: `Delete comment by ${USER}` })
    await tabTo(page, opener)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('alertdialog', { name: 'Delete comment' })
    await expectFocus(page, dialog.getByRole('button', { name: 'Cancel' }))
    await escapeBackTo(page, dialog, opener)
    await page.getByText('A comment to keep.').waitFor()
    expect(problems).toEqual([])
  })

  it('Filters on a narrow screen start on the first filter and return to the Filters button', async () => {
    const { page, problems } = await session({ viewport: { width: 800, height: 900 } })
    const categories = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/categories')
    await page.goto('/servers')
    await categories
    const opener = page.getByRole('button', { name: /^Filters/ })
    await tabTo(page, opener)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Filters' })
    // The Categories facet comes first; its first category is the first filter.
    await expectFocus(page, dialog.getByRole('group', { name: 'Categories' }).getByRole('checkbox').first())
    await escapeBackTo(page, dialog, opener)
    expect(problems).toEqual([])
  })

  it('the sort select and the user menu open on their options and give focus back to their buttons', async () => {
    const { page, problems } = await session()
    await signInAs(page, `${USER}-menu`)
    await page.goto('/servers')
    const sort = page.getByRole('combobox', { name: 'Sort by' })
    await tabTo(page, sort)
    await page.keyboard.press('Enter')
    await expectFocus(page, page.getByRole('option', { name: 'GitHub Stars' }))
    await page.keyboard.press('Escape')
    await page.getByRole('listbox').waitFor({ state: 'detached' })
    await expectFocus(page, sort)

    const menuButton = page.getByRole('button', { name: /User menu/ })
    await tabTo(page, menuButton)
    await page.keyboard.press('Enter')
    await expectFocus(page, page.getByRole('menuitem', { name: 'Dashboard' }))
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    await expectFocus(page, menuButton)
    expect(problems).toEqual([])
  })

  it('the edit form and the featured editor confirm with Cancel focused; the link dialog starts on its URL', {
    timeout: 120_000,
  }, async () => {
    const { page, problems } = await session()
    await signInAs(page, 'admin', { admin: true })
    await page.goto(`/servers/${WIDGET_ID}/edit`)
    const del = page.getByRole('button', { name: 'Delete', exact: true })
    await tabTo(page, del)
    await page.keyboard.press('Enter')
    const confirmDelete = page.getByRole('alertdialog', { name: 'Delete server' })
    await expectFocus(page, confirmDelete.getByRole('button', { name: 'Cancel' }))
    await escapeBackTo(page, confirmDelete, del)

    await page.goto(`/servers/${WIDGET_ID}/featured`)
    const remove = page.getByRole('button', { name: 'Remove from Featured' })
    await tabTo(page, remove)
    await page.keyboard.press('Enter')
    const confirmRemove = page.getByRole('alertdialog', { name: 'Remove from Featured?' })
    await expectFocus(page, confirmRemove.getByRole('button', { name: 'Cancel' }))
    await escapeBackTo(page, confirmRemove, remove)

    // The link dialog gives focus back to the text, where the link goes, wherever it was opened.
    const editor = page.getByRole('textbox', { name: 'Recommendation' })
    await tabTo(page, editor)
    await page.keyboard.press('Control+k')
    const link = page.getByRole('dialog', { name: /link$/ })
    await expectFocus(page, link.getByRole('textbox', { name: 'URL' }))
    await escapeBackTo(page, link, editor)
    await tabTo(page, page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Link' }), 'Shift+Tab')
    await page.keyboard.press('Enter')
    await expectFocus(page, link.getByRole('textbox', { name: 'URL' }))
    await escapeBackTo(page, link, editor)
    expect(problems).toEqual([])
  })
})
