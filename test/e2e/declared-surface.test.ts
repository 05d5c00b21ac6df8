/**
 * Surfaces maintainers declare, on screen: the owner declares a server's tools on its Tools tab
 * (keyboard alone, pasted or from a file), sees them labelled as declared, is told what is wrong
 * with bad input without losing it, and removes them; others get no such action; a surface read
 * from a package is said to be, and compared with the declared one; the admin screen counts
 * coverage per kind of listing. Both servers are the snapshot's, of the GitHub account 'hannesj'
 * (owners by their repositories); test/e2e/fixtures/declared.sql gives one a surface read from
 * its npm package and the other a package that needs configuration.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signInAs } from './auth'
import { axeViolations, newSession, setupBrowser } from './browser'
import { apiCall, sidewaysOverflow } from './helpers'
import { expectFocus, tabTo } from './keyboard'
import { openTools, serverId, tool } from './tools-tab'

setupBrowser()

const RUN = Date.now().toString(36)
const OWNER = 'hannesj'
const DECLARED_LABEL = 'Declared by the maintainer, not read by the catalogue'

/** One of the two 'hannesj' listings, by its short name. */
const listing = (name: string) => serverId(`io.github.hannesj/${name}`, name)

const status = (panel: Locator) => panel.getByRole('region', { name: 'Tool listing status' })

/** Declares through the API, as the owner signed in on `page`. */
function declare(page: Page, id: string, surface: unknown) {
  return apiCall(page, 'PUT', `/api/servers/${id}/surface`, { surface })
}

/** Removes what an earlier test declared, if anything (404 when nothing is). */
async function undeclare(page: Page, id: string) {
  const path = `/api/servers/${id}/surface`
  await apiCall(page, 'DELETE', path).catch((err: Error) => {
    if (!err.message.includes(`DELETE ${path}: 404`)) throw err
  })
}

const GRAPHQL_TOOLS = {
  tools: [
    {
      name: 'introspect_schema',
      title: 'Introspect the schema',
      description: 'Lists the types of the GraphQL schema.',
      inputSchema: { type: 'object', properties: { kind: { type: 'string', enum: ['OBJECT', 'ENUM'] } } },
      annotations: { readOnlyHint: true },
    },
    {
      name: 'get_type',
      description: 'Reads one type.',
      inputSchema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    },
  ],
  prompts: [{ name: 'explain_query', description: 'Explains a query against the schema.' }],
}

describe('declaring a server’s tools', () => {
  it('lets its owner paste them with the keyboard alone, and shows them as declared, not read', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, OWNER)
    const id = await listing('mcp-graphql-schema')
    await undeclare(page, id)
    const panel = await openTools(page, id)
    await status(panel).getByText('Needs configuration to list its tools').waitFor()
    await panel.getByText('Its package needs a setting only its users can give before it starts').waitFor()

    const open = panel.getByRole('button', { name: 'Declare tools' })
    await tabTo(page, open)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Declare tools' })
    const field = dialog.getByLabel('What tools/list returns (JSON)')
    await expectFocus(page, field)
    await page.keyboard.insertText(JSON.stringify(GRAPHQL_TOOLS, null, 2))
    await tabTo(page, dialog.getByRole('button', { name: 'Save declared tools' }))
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Declared tools saved').waitFor()
    // Focus is back on the button that opened the dialog, which now edits what was declared.
    await expectFocus(page, panel.getByRole('button', { name: 'Edit declared tools' }))

    await status(panel)
      .getByText(new RegExp(`^${DECLARED_LABEL} \\(declared just now for version 0\\.0\\.1-seed\\)$`))
      .waitFor()
    // Why it was not read still shows.
    await status(panel).getByText('Needs configuration to list its tools').waitFor()
    await panel.getByRole('note').getByText(DECLARED_LABEL).waitFor()
    expect(await panel.getByRole('heading', { level: 4 }).allInnerTexts()).toEqual(['Introspect the schema', 'get_type'])
    for (const name of ['Introspect the schema', 'get_type']) await tool(panel, name).getByText(DECLARED_LABEL).waitFor()
    expect(await tool(panel, 'Introspect the schema').getByRole('list', { name: 'Annotations' }).innerText()).toBe('Read-only')
    await panel
      .getByRole('region', { name: /^Prompts/ })
      .getByText('explain_query', { exact: true })
      .waitFor()

    // A guest sees the same, labelled the same.
    const guest = await newSession()
    const guestPanel = await openTools(guest.page, id)
    await tool(guestPanel, 'get_type').getByText(DECLARED_LABEL).waitFor()
    await guest.context.close()

    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('says what is wrong with bad JSON or an invalid surface beside the field, and keeps what was typed', async () => {
    const { page, context } = await newSession()
    await signInAs(page, OWNER)
    const id = await listing('mcp-graphql-schema')
    await undeclare(page, id)
    const panel = await openTools(page, id)
    const opener = panel.getByRole('button', { name: 'Declare tools' })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Declare tools' })
    const field = dialog.getByLabel('What tools/list returns (JSON)')
    const save = dialog.getByRole('button', { name: 'Save declared tools' })
    const alert = dialog.getByRole('alert')

    const broken = '{"tools": [{"name": "a",}'
    await field.fill(broken)
    await save.click()
    await alert.getByText(/^This is not valid JSON: /).waitFor()
    expect(await field.inputValue()).toBe(broken)
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect(await field.getAttribute('aria-describedby')).toContain(await alert.getAttribute('id'))

    // Valid JSON, but a tool without a name: the Worker refuses it and says why.
    const nameless = '{"tools": [{"description": "A tool with no name"}]}'
    await field.fill(nameless)
    expect(await alert.count()).toBe(0)
    await save.click()
    await alert.getByText('The surface cannot be kept: a tool has no name.').waitFor()
    expect(await field.inputValue()).toBe(nameless)
    await expect.poll(() => save.isEnabled()).toBe(true)

    // Closed and opened again, the text is still there; focus went back to the opener between.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expectFocus(page, opener)
    await page.keyboard.press('Enter')
    expect(await field.inputValue()).toBe(nameless)

    // A file is read into the same field; one too large is refused before it is read.
    const fileInput = dialog.getByLabel(/^Or read it from a file/)
    await fileInput.setInputFiles({ name: 'tools.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(GRAPHQL_TOOLS)) })
    await expect.poll(() => field.inputValue()).toBe(JSON.stringify(GRAPHQL_TOOLS))
    await fileInput.setInputFiles({ name: 'huge.json', mimeType: 'application/json', buffer: Buffer.alloc(70 * 1024, ' ') })
    await alert.getByText('huge.json is larger than 64 KB, more than the catalogue accepts.').waitFor()
    expect(await field.inputValue()).toBe(JSON.stringify(GRAPHQL_TOOLS))
    await save.click()
    await dialog.waitFor({ state: 'detached' })
    await tool(panel, 'get_type').getByText(DECLARED_LABEL).waitFor()
    await context.close()
  })

  it('offers no action to anyone but the owners and admins', async () => {
    const id = await listing('mcp-graphql-schema')
    const guest = await newSession()
    const guestPanel = await openTools(guest.page, id)
    expect(await guestPanel.getByRole('button', { name: /declare/i }).count()).toBe(0)
    await guest.context.close()

    const { page, context } = await newSession()
    await signInAs(page, `not-the-owner-${RUN}`)
    const permissions = page.waitForResponse((r) => r.url().endsWith(`/api/servers/${id}/permissions`))
    const panel = await openTools(page, id)
    await permissions
    await page.waitForLoadState('networkidle')
    expect(await panel.getByRole('button', { name: /declare/i }).count()).toBe(0)
    await context.close()

    // An admin may declare any server's tools, and so sees the action once the permissions arrive.
    const admin = await newSession()
    await signInAs(admin.page, `declare-admin-${RUN}`, { admin: true })
    const adminPanel = await openTools(admin.page, id)
    await adminPanel.getByRole('button', { name: /^(Declare tools|Edit declared tools)$/ }).waitFor()
    await admin.context.close()
  })

  it('removes the declared tools after a confirmation, and keeps focus on the tab', async () => {
    const { page, context } = await newSession()
    await signInAs(page, OWNER)
    const id = await listing('mcp-graphql-schema')
    await declare(page, id, GRAPHQL_TOOLS)
    const panel = await openTools(page, id)
    await tool(panel, 'get_type').waitFor()

    const remove = panel.getByRole('button', { name: 'Remove declared tools' })
    await tabTo(page, remove)
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('alertdialog', { name: 'Remove declared tools?' })
    // Cancel first: nothing is removed.
    await expectFocus(page, confirm.getByRole('button', { name: 'Cancel' }))
    await page.keyboard.press('Enter')
    await confirm.waitFor({ state: 'detached' })
    await expectFocus(page, remove)
    await tool(panel, 'get_type').waitFor()

    await page.keyboard.press('Enter')
    await tabTo(page, confirm.getByRole('button', { name: 'Remove', exact: true }))
    await page.keyboard.press('Enter')
    await page.getByText('Declared tools removed').waitFor()
    await panel.getByText('No tools to show yet').waitFor()
    expect(await panel.getByRole('article').count()).toBe(0)
    expect(await remove.count()).toBe(0)
    await expectFocus(page, panel.getByRole('button', { name: 'Declare tools' }))
    await context.close()
  })
})

describe('a surface read beside the declared one', () => {
  it('says it was read from the npm package, without network, and compares it with what was declared', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, OWNER)
    const id = await listing('mcp-openapi-schema')
    await undeclare(page, id)
    let panel = await openTools(page, id)
    await status(panel)
      .getByText('Read from the npm package 0.0.1 (run by the catalogue, no network) 2 hours ago, protocol 2025-06-18')
      .waitFor()
    expect(await panel.getByRole('region', { name: 'Compared with what the maintainer declared' }).count()).toBe(0)

    // Declared: list_endpoints as read, get_endpoint otherwise, and one tool the server does not list.
    await declare(page, id, {
      tools: [
        {
          name: 'list_endpoints',
          description: 'Lists every path and method of the OpenAPI schema.',
          inputSchema: { type: 'object', properties: {} },
        },
        {
          name: 'get_endpoint',
          description: 'Reads one endpoint.',
          inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
        },
        { name: 'validate_schema', description: 'Validates the schema.' },
      ],
    })
    panel = await openTools(page, id)
    const comparison = panel.getByRole('region', { name: 'Compared with what the maintainer declared' })
    await comparison.getByText(/^Declared just now for version 0\.0\.1-seed; the tools below are the ones the catalogue read\.$/).waitFor()
    expect(await comparison.getByRole('listitem').allInnerTexts()).toEqual([
      'The maintainer declared 1 tool the server does not list: validate_schema',
      '1 tool differs from what the maintainer declared: get_endpoint',
    ])
    // The tools shown are those read, each noted where it differs; the declared label is nowhere.
    expect(await panel.getByRole('heading', { level: 4 }).allInnerTexts()).toEqual(['list_endpoints', 'get_endpoint'])
    await tool(panel, 'get_endpoint').getByText('Differs from what the maintainer declared').waitFor()
    expect(
      await tool(panel, 'list_endpoints')
        .getByText(/maintainer/)
        .count(),
    ).toBe(0)
    expect(await panel.getByText(DECLARED_LABEL).count()).toBe(0)
    await status(panel)
      .getByText(/^Read from the npm package 0\.0\.1/)
      .waitFor()

    // Declared with one tool fewer: the one left out is noted on its tool.
    await declare(page, id, {
      tools: [
        {
          name: 'list_endpoints',
          description: 'Lists every path and method of the OpenAPI schema.',
          inputSchema: { type: 'object', properties: {} },
        },
      ],
    })
    panel = await openTools(page, id)
    await comparison.getByText('The server lists 1 tool the maintainer did not declare: get_endpoint').waitFor()
    await tool(panel, 'get_endpoint').getByText('Not declared by the maintainer').waitFor()

    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await undeclare(page, id)
    await context.close()
  })
})

describe('coverage on the admin screen', () => {
  it('counts listings per kind: read, declared, none and why, in a table that fits a phone', async () => {
    const owner = await newSession()
    await signInAs(owner.page, OWNER)
    await declare(owner.page, await listing('mcp-graphql-schema'), GRAPHQL_TOOLS)
    await owner.context.close()

    const { page, context } = await newSession({ viewport: { width: 360, height: 800 } })
    await signInAs(page, `coverage-admin-${RUN}`, { admin: true })
    await page.goto('/admin/sync')
    const section = page.getByRole('region', { name: 'Server probes' })
    const table = section.getByRole('table', { name: /^Surfaces by kind of listing/ })
    await table.waitFor()
    // A phone has no room for the reasons' column.
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Kind', 'Listings', 'Read', 'Declared', 'None'])
    const kinds = (await table.getByRole('rowheader').allInnerTexts()).map((t) => t.split('\n')[0])
    expect(kinds).toEqual(['Remote', 'npm', 'PyPI', 'OCI', 'Other'])

    const npm = table.getByRole('row', { name: /^npm/ })
    const [listings, read, declared, none] = (await npm.getByRole('cell').allInnerTexts())
      .slice(0, 4)
      .map((t) => Number(t.replace(/,/g, '')))
    expect(read).toBeGreaterThanOrEqual(1)
    expect(declared).toBeGreaterThanOrEqual(1)
    expect(listings).toBe(read + declared + none)
    // At phone width the reasons sit under the kind.
    await npm
      .getByRole('rowheader')
      .getByText(/never probed \d+/)
      .waitFor()
    expect(await sidewaysOverflow(page)).toBe(0)
    // The table fits its own box too: it wraps rather than scrolls.
    expect(await table.locator('..').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0)

    // On a wide screen they have their own column.
    await page.setViewportSize({ width: 1280, height: 900 })
    await table.getByRole('columnheader', { name: 'Why none' }).waitFor()
    await expect.poll(async () => (await npm.getByRole('cell').last().innerText()).trim()).toMatch(/^never probed \d+/)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})
