/**
 * What each server can do, on screen: the Tools tab with a stored surface and in each of its
 * states, by keyboard and at phone width; the tool count on cards, a search by a tool's name, the
 * filters, and the admin's probe overview. The states come from test/e2e/fixtures/tools.sql
 * (rows as the probe writes them); one listing is probed for real, through 'Probe now', the local
 * queue and server-everything on 127.0.0.1 (test/fixtures/mcp-servers.ts).
 */
import { describe, expect, inject, it } from 'vitest'
import { signInAs } from './auth'
import { axeViolations, newSession, setupBrowser } from './browser'
import { apiCall, sidewaysOverflow, WIDGET_ID } from './helpers'
import { expectFocus, hasFocus, openTab, tabTo } from './keyboard'
import { openTools, serverId, tool } from './tools-tab'

setupBrowser()

const RUN = Date.now().toString(36)

describe('the Tools tab', () => {
  it('shows each tool with its parameters and hints, the prompts and resources, and where and when they were read', async () => {
    const { page, context, problems } = await newSession()
    const panel = await openTools(page, WIDGET_ID)
    const status = panel.getByRole('region', { name: 'Tool listing status' })
    await status.getByText('Read from the server 3 hours ago, version 1.4.0, over Streamable HTTP, protocol 2025-11-25').waitFor()
    await status.getByText('Could not be reached in 2 of the last 5 tries').waitFor()
    await status.getByText('Last 7 days:').waitFor()
    await status
      .getByText(/^Up 60% \(3 of 5 probes\), median 140 ms$/)
      .first()
      .waitFor()

    const tools = panel.getByRole('region', { name: /^Tools/ })
    expect(await tools.getByRole('heading', { level: 3 }).innerText()).toBe('Tools (3)')
    expect(await tools.getByRole('heading', { level: 4 }).allInnerTexts()).toEqual([
      'Calibrate a sprocket',
      'get_widget',
      'Delete a widget',
    ])

    const calibrate = tool(panel, 'Calibrate a sprocket')
    await calibrate.getByText('calibrate_sprocket', { exact: true }).waitFor()
    expect(await calibrate.getByRole('list', { name: 'Annotations' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Idempotent',
      'Open world',
    ])
    const table = calibrate.getByRole('table', { name: 'Parameters of calibrate_sprocket' })
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Parameter', 'Type', 'Required', 'Description'])
    expect(await table.getByRole('rowheader').allInnerTexts()).toEqual(['sprocket_id', 'precision', 'options', 'options.dry_run'])
    const precision = table.getByRole('row', { name: /^precision/ })
    const cells = (await precision.getByRole('cell').allInnerTexts()).map((t) => t.replace(/\n+/g, '\n'))
    expect(cells).toEqual(['string', 'Optional', 'How exact\nOne of: coarse, normal, fine\nDefault: normal'])
    expect(
      await table
        .getByRole('row', { name: /^sprocket_id/ })
        .getByRole('cell')
        .nth(1)
        .innerText(),
    ).toBe('Required')

    // A stranger's description is text: its markup shows as written and is never parsed.
    await calibrate.getByText(/<img src=x onerror="document.title='pwned'"><b>Never markup<\/b>/).waitFor()
    expect(await panel.locator('img, b').count()).toBe(0)
    // Long, so clamped to three lines until 'More'.
    const more = calibrate.getByRole('button', { name: 'More of the description of calibrate_sprocket' })
    expect(await more.getAttribute('aria-expanded')).toBe('false')
    await more.click()
    expect(await calibrate.getByRole('button', { name: /^Less/ }).getAttribute('aria-expanded')).toBe('true')

    expect(await tool(panel, 'get_widget').getByRole('list', { name: 'Annotations' }).innerText()).toBe('Read-only')
    expect(await tool(panel, 'Delete a widget').getByRole('list', { name: 'Annotations' }).innerText()).toBe('Destructive')
    await tool(panel, 'Delete a widget').getByText('No parameters.').waitFor()

    const prompts = panel.getByRole('region', { name: /^Prompts/ })
    await prompts.getByText('summarize_widgets', { exact: true }).waitFor()
    await prompts.getByText('Summarise the widgets of a project.').waitFor()
    expect(await prompts.getByRole('listitem').filter({ hasText: 'project' }).last().innerText()).toBe(
      'project (required): The project to read',
    )
    const resources = panel.getByRole('region', { name: /^Resources/ })
    await resources.getByText('widget://catalogue', { exact: true }).waitFor()
    await resources.getByText('application/json').waitFor()
    await panel
      .getByRole('region', { name: /^Resource templates/ })
      .getByText('widget://items/{id}', { exact: true })
      .waitFor()

    expect(await page.title()).toBe('Widget · MCP Catalogue')
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('says when a server lists no tools, was never read, asks for a key or needs configuration', async () => {
    const { page, context } = await newSession()
    const cases: Array<[string, string, string, string]> = [
      ['io.github.cloudflare/mcp-server-cloudflare', 'cloudflare', 'protocol 2026-07-28', 'This server lists no tools'],
      ['io.github.acme/box-docker', 'box docker', 'Not read yet', 'No tools to show yet'],
      ['io.github.acme/weather-py', 'weather', 'Needs an API key to list its tools', 'never sends credentials'],
      ['io.github.tbxark/mcp-proxy', 'mcp-proxy', 'Needs configuration: YOUR_TOKEN', 'No tools to show yet'],
    ]
    for (const [name, q, line, notice] of cases) {
      const panel = await openTools(page, await serverId(name, q))
      await panel.getByRole('region', { name: 'Tool listing status' }).getByText(line).waitFor()
      await panel.getByText(notice).waitFor()
      expect(await panel.getByRole('article').count(), name).toBe(0)
    }
    await context.close()
  })

  it('says beside the surface which announced list the server refused, with its error, as text', async () => {
    const { page, context } = await newSession()
    const panel = await openTools(page, await serverId('io.github.cloudflare/mcp-server-cloudflare', 'cloudflare'))
    const failed = panel.getByRole('region', { name: 'Lists the catalogue could not read' })
    expect(await failed.getByRole('listitem').allInnerTexts()).toEqual([
      'The server announced resources but did not list them: resources/list failed: MCP error -32601: Method not found',
    ])
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })

  it('shows a loading state, then an error with Try Again that loads the tools', async () => {
    const { page, context } = await newSession()
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => (release = r))
    let fail = true
    await page.route('**/api/servers/*/tools', async (route) => {
      await held
      if (fail) await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Boom","code":"internal_error"}' })
      else await route.continue()
    })
    await page.goto(`/servers/${WIDGET_ID}`)
    await page.getByRole('tab', { name: 'Tools' }).click()
    const panel = page.getByRole('tabpanel', { name: 'Tools' })
    const loading = panel.getByRole('status', { name: 'Loading tools' })
    expect(await loading.getAttribute('aria-busy')).toBe('true')
    release()
    const alert = panel.getByRole('alert')
    await alert.getByRole('heading', { name: 'Failed to load the tools' }).waitFor()
    fail = false
    await alert.getByRole('button', { name: 'Try Again' }).click()
    await tool(panel, 'Calibrate a sprocket').waitFor()
    await context.close()
  })

  it('is reached and read with the keyboard alone', async () => {
    const { page, context } = await newSession()
    await page.goto(`/servers/${WIDGET_ID}`)
    await openTab(page, 'Server information', 'Tools')
    const panel = page.getByRole('tabpanel', { name: 'Tools' })
    // Tab leaves the tab list for the panel's first control: the first tool's 'More'.
    // 'More' becomes 'Less' once pressed: the same button, found by what it is about.
    const more = panel.getByRole('button', { name: /of the description of calibrate_sprocket$/ })
    await tabTo(page, more)
    await page.keyboard.press('Enter')
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true')
    await expectFocus(page, more)
    // The arrows still move between the tabs, each press one tab on.
    await tabTo(page, page.getByRole('tab', { name: 'Tools' }), 'Shift+Tab')
    await page.keyboard.press('ArrowRight')
    await expectFocus(page, page.getByRole('tab', { name: 'Changes' }))
    await page.keyboard.press('ArrowLeft')
    await expectFocus(page, page.getByRole('tab', { name: 'Tools' }))
    expect(await hasFocus(page.getByRole('tab', { name: 'Tools' }))).toBe(true)
    await context.close()
  })

  it('fits a phone: nothing scrolls sideways', async () => {
    const { page, context } = await newSession({ viewport: { width: 375, height: 800 } })
    const panel = await openTools(page, WIDGET_ID)
    await panel.getByRole('table', { name: 'Parameters of calibrate_sprocket' }).waitFor()
    expect(await sidewaysOverflow(page)).toBe(0)
    // The table fits its own box too: it wraps rather than scrolls.
    const box = panel.getByRole('table', { name: 'Parameters of calibrate_sprocket' }).locator('..')
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0)
    await context.close()
  })
})

describe('tools in the list', () => {
  it('counts tools on the cards', async () => {
    const { page, context } = await newSession()
    await page.goto('/servers?q=widget')
    const card = page.locator('main article').filter({ has: page.getByRole('link', { name: 'Widget', exact: true }) })
    await card.getByText('3 tools', { exact: true }).waitFor()
    await context.close()
  })

  it('finds a server by the name of one of its tools, and says which tool matched', async () => {
    const { page, context } = await newSession()
    await page.goto('/servers?q=calibrate_sprocket')
    const card = page.locator('main article').filter({ has: page.getByRole('link', { name: 'Widget', exact: true }) })
    const why = card.getByTestId('matched-by')
    await why.waitFor()
    expect(await why.innerText()).toContain('tool: calibrate_sprocket')
    expect(await why.locator('.sr-only').textContent()).toBe('Found by its tool: ')
    await context.close()
  })

  // Of the three acme servers only Widget had its tools read (Weather Py asked for a key, Box
  // Docker was never probed), and only Widget has a remote.
  it.each([
    { filter: 'Tools known', param: 'tools', value: 'known' },
    { filter: 'Remote available', param: 'remote', value: '1' },
  ])('narrows a search to $filter', async ({ filter, param, value }) => {
    const { page, context } = await newSession()
    await page.goto('/servers?q=acme')
    const names = page.locator('main article h2')
    await expect.poll(() => names.allInnerTexts(), { timeout: 10_000 }).toContain('Box Docker')
    await page.getByRole('group', { name: 'What it offers' }).getByRole('checkbox', { name: filter }).check()
    await page.waitForURL((url) => url.searchParams.get(param) === value && url.searchParams.get('q') === 'acme')
    await expect.poll(() => names.allInnerTexts(), { timeout: 10_000 }).not.toContain('Box Docker')
    const shown = await names.allInnerTexts()
    expect(shown).toContain('Widget')
    expect(shown).not.toContain('Weather Py')
    await context.close()
  })
})

describe('probing, for admins', () => {
  it('shows counts by status, what is due and the last errors', async () => {
    const { page, context } = await newSession()
    await signInAs(page, `probe-admin-${RUN}`, { admin: true })
    await page.goto('/admin/sync')
    const section = page.getByRole('region', { name: 'Server probes' })
    const counts = section.getByRole('definition')
    await counts.first().waitFor()
    const terms = await section.getByRole('term').allInnerTexts()
    expect(terms).toEqual([
      'Read',
      'Needs an API key',
      'Needs configuration',
      'Unreachable',
      'Timed out',
      'Protocol error',
      'Address refused',
      'Due now',
    ])
    const values = (await counts.allInnerTexts()).map(Number)
    expect(values[0]).toBeGreaterThanOrEqual(2)
    expect(values[1]).toBeGreaterThanOrEqual(1)
    expect(values[7]).toBeGreaterThanOrEqual(1)
    const errors = section.getByRole('listitem').filter({ hasText: 'Weather Py' })
    await errors.getByText('The server asks for credentials (401)').waitFor()
    await errors.getByRole('button', { name: 'Probe now Weather Py' }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    // 'Probe now' by id: a listing without a remote is refused, and the toast says why.
    await section.getByLabel('Server id').fill(await serverId('io.github.acme/box-docker', 'box docker'))
    await section.getByRole('button', { name: 'Probe now', exact: true }).click()
    await page.getByText('The probe was not queued.').waitFor()
    await page.getByText('This server has no remote to probe.').waitFor()
    await context.close()
  })

  it('probes a real server now: the queue reads its tools and the Tools tab shows them', async () => {
    const { page, context } = await newSession()
    await signInAs(page, `probe-owner-${RUN}`, { admin: true })
    const url = inject('mcpURLs').everythingHttp
    const created = await apiCall<{ id: string }>(page, 'POST', '/api/servers', {
      displayName: `Everything ${RUN}`,
      description: 'The reference MCP server, run locally for the browser tests.',
      version: '1.0.0',
      remotes: [{ name: 'everything', url }],
    })
    const panel = await openTools(page, created.id)
    await panel.getByText('Not read yet').waitFor()
    await panel.getByRole('button', { name: /^Probe now/ }).click()
    await page.getByText('Probe queued').waitFor()
    // The local queue delivers within its batch timeout; the tab shows what the consumer stored.
    await expect
      .poll(
        async () => {
          await page.reload()
          await page.getByRole('tab', { name: 'Tools' }).click()
          await panel.getByRole('region', { name: 'Tool listing status' }).waitFor()
          return panel.getByRole('heading', { level: 4, name: 'echo' }).count()
        },
        { timeout: 45_000, interval: 2_000 },
      )
      .toBe(1)
    await panel
      .getByText(/^Read from the server (just now|1 minute ago), version .+, over Streamable HTTP, protocol \d{4}-\d{2}-\d{2}$/)
      .waitFor()
    await tool(panel, 'echo').getByRole('table', { name: 'Parameters of echo' }).getByRole('rowheader', { name: 'message' }).waitFor()
    expect(await sidewaysOverflow(page)).toBe(0)
    await context.close()
  })
})
