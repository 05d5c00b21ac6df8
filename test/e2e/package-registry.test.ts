/**
 * A package as an MCP registry, in a real browser: the Registry tab's URL (copied, and answering
 * at /v0.1), the setup text for each client and policy, the allowlist downloads, a private
 * package's secret link shown to its owner alone and rotated by them, the owner's version pin,
 * and the Configuration tab's merged install: the file, the add commands and the one-click links
 * for every client that has them.
 */
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { parseCursorInstallLink, parseVscodeInstallLink } from '@shared/install'
import { signInAs } from './auth'
import { axeViolations, baseURL, newSession, setupBrowser } from './browser'
import { apiCall, apiJson, type ListPage, sidewaysOverflow, WIDGET_ID } from './helpers'

setupBrowser()

const run = Date.now().toString(36)
const OWNER = `e2e-registrar-${run}`
const OTHER = `e2e-onlooker-${run}`
const PACKAGE_NAME = `E2E Registry ${run}`

interface Detail {
  id: string
  isPublic: boolean
  isOwner: boolean
  registryPath: string | null
  pins: Record<string, string>
  servers: Array<{ id: string; name: string; displayName: string; version: string }>
}

/** Filled by the first test, read by the rest (the file's tests run in order). */
const shared = { packageId: '', servers: [] as Array<{ id: string; name: string; displayName: string; version: string }> }

async function toast(page: Page, title: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: title }).first().waitFor()
}

/** The detail as the signed-in page sees it. */
const detailAs = (page: Page) => apiCall<Detail>(page, 'GET', `/api/packages/${shared.packageId}`)

/** The URL the Registry tab shows, read from its code block. */
async function shownUrl(page: Page) {
  const caption = page.locator('figcaption', { hasText: /^(Secret registry URL|Registry URL)$/ })
  return (await page.locator('figure').filter({ has: caption }).locator('pre').innerText()).trim()
}

async function openRegistryTab(page: Page) {
  await page.goto(`/packages/${shared.packageId}`)
  await page.getByRole('tab', { name: 'Registry' }).click()
  await page.getByRole('heading', { name: 'Use this package as an MCP registry' }).waitFor()
}

/** Names the registry at `url` lists, from its /v0.1 answer. */
async function listed(url: string): Promise<{ status: number; names: string[] }> {
  const res = await fetch(`${url}/v0.1/servers`)
  if (!res.ok) return { status: res.status, names: [] }
  const body = (await res.json()) as { servers: Array<{ server: { name: string } }> }
  return { status: res.status, names: body.servers.map((s) => s.server.name).sort() }
}

describe('a package as a registry', () => {
  it('shows a private package’s secret link to its owner, which answers with the package’s servers only', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, OWNER)
    const top = await apiJson<ListPage>('/api/servers?sortBy=stars&page=1&limit=20')
    const other = top.servers.find((s) => s.id !== WIDGET_ID)!
    const pkg = await apiCall<{ id: string }>(page, 'POST', '/api/users/me/categories', { name: PACKAGE_NAME })
    shared.packageId = pkg.id
    for (const id of [WIDGET_ID, other.id]) await apiCall(page, 'POST', `/api/users/me/categories/${pkg.id}/servers/${id}`)
    const detail = await detailAs(page)
    shared.servers = detail.servers
    expect(detail.isPublic).toBe(false)
    expect(detail.registryPath).toMatch(new RegExp(`^/registry/${pkg.id}/[A-Za-z0-9_-]{16,}$`))

    await openRegistryTab(page)
    const url = `${baseURL()}${detail.registryPath}`
    expect(await shownUrl(page)).toBe(url)
    await page.getByText("This is the package's secret link", { exact: false }).waitFor()
    await page.getByRole('button', { name: 'Copy registry URL' }).click()
    await page.getByText('Copied!').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)

    // The link answers with exactly the package's servers; the keyless path does not answer.
    expect(await listed(url)).toEqual({ status: 200, names: shared.servers.map((s) => s.name).sort() })
    expect((await listed(`${baseURL()}/registry/${pkg.id}`)).status).toBe(404)
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('gives the setup for each client and policy with the URL in it', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, OWNER)
    await openRegistryTab(page)
    const url = await shownUrl(page)
    const setup = page.getByRole('region', { name: /setup$/ })
    // VS Code by default: its user setting, with the base URL (VS Code appends /v0.1/servers).
    expect(await setup.locator('pre').innerText()).toBe(`"chat.mcp.gallery.serviceUrl": "${url}"`)
    await page.getByRole('button', { name: 'Copy VS Code setting' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`"chat.mcp.gallery.serviceUrl": "${url}"`)

    const pick = async (label: string) => {
      await page.getByRole('combobox', { name: 'Client or policy' }).click()
      await page.getByRole('option', { name: label, exact: true }).click()
      await page.getByRole('region', { name: `${label} setup` }).waitFor()
    }
    await pick('GitHub Copilot (organization or enterprise)')
    expect(await setup.locator('pre').innerText()).toBe(url)
    const github = await setup.innerText()
    expect(github).toContain('MCP Registry URL')
    expect(github).toContain('Registry only')
    expect(github).toMatch(/name \(server ID\) alone/)
    expect(await setup.getByRole('link', { name: /GitHub: configure an MCP registry/ }).getAttribute('href')).toBe(
      'https://docs.github.com/en/copilot/how-tos/administer-copilot/manage-mcp-usage/configure-mcp-registry',
    )

    await pick('ToolHive')
    expect(await setup.locator('pre').innerText()).toBe(`thv config set-registry ${url}`)
    await pick('Claude Code (managed settings)')
    expect(await setup.innerText()).toContain('allowManagedMcpServersOnly')
    expect(await setup.locator('pre').count()).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })

  it('links the allowlists beside the registry, each downloading the package’s servers', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, OWNER)
    await openRegistryTab(page)
    const { registryPath } = await detailAs(page)
    const names = shared.servers.map((s) => s.name).sort()
    for (const [label, file] of [
      ['JSON', 'allowlist.json'],
      ['Names', 'allowlist.names.txt'],
      ['URLs', 'allowlist.urls.txt'],
    ]) {
      const link = page.getByRole('link', { name: `Download the ${label} allowlist (${file})` })
      expect(await link.getAttribute('href')).toBe(`${registryPath}/${file}`)
      expect(await link.getAttribute('download')).toBe('')
    }
    const urls = await (await fetch(`${baseURL()}${registryPath}/allowlist.urls.txt`)).text()
    expect(urls.split('\n')).toContain('https://widget.example.com/sse')
    const json = (await (await fetch(`${baseURL()}${registryPath}/allowlist.json`)).json()) as { servers: Array<{ name: string }> }
    expect(json.servers.map((s) => s.name).sort()).toEqual(names)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the Names allowlist (allowlist.names.txt)' }).click(),
    ])
    expect(
      readFileSync((await download.path())!, 'utf8')
        .trim()
        .split('\n')
        .sort(),
    ).toEqual(names)
    expect(problems).toEqual([])
    await context.close()
  })

  it('rotates the secret link after a confirmation: the page shows the new one and the old stops answering', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, OWNER)
    await openRegistryTab(page)
    const before = await shownUrl(page)
    // By keyboard: Enter opens the question with Cancel focused; Escape closes it and keeps the link.
    await page.getByRole('button', { name: 'Rotate secret link' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('alertdialog', { name: 'Rotate the secret link?' })
    await dialog.waitFor()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await shownUrl(page)).toBe(before)

    await page.getByRole('button', { name: 'Rotate secret link' }).click()
    await dialog.getByRole('button', { name: 'Rotate link' }).click()
    await toast(page, 'New secret link made')
    await expect.poll(() => shownUrl(page)).not.toBe(before)
    const after = await shownUrl(page)
    expect(after).not.toBe(before)
    expect(after).toBe(`${baseURL()}${(await detailAs(page)).registryPath}`)
    expect((await listed(before)).status).toBe(404)
    expect((await listed(after)).status).toBe(200)
    expect(problems).toEqual([])
    await context.close()
  })

  it('shows no secret link to anyone else; once public, the keyless URL to all and no rotation', async () => {
    const other = await newSession()
    await signInAs(other.page, OTHER)
    await other.page.goto(`/packages/${shared.packageId}`)
    await other.page.getByRole('heading', { name: 'Package not found' }).waitFor()

    const owner = await newSession()
    await signInAs(owner.page, OWNER)
    await apiCall(owner.page, 'PUT', `/api/packages/${shared.packageId}/public-status`, { isPublic: true })
    try {
      const publicUrl = `${baseURL()}/registry/${shared.packageId}`
      await openRegistryTab(other.page)
      expect(await shownUrl(other.page)).toBe(publicUrl)
      expect(await other.page.getByText('secret link', { exact: false }).count()).toBe(0)
      expect(await other.page.getByRole('button', { name: 'Rotate secret link' }).count()).toBe(0)
      expect(await listed(publicUrl)).toEqual({ status: 200, names: shared.servers.map((s) => s.name).sort() })
      // The owner of a public package has the same public URL and nothing to rotate.
      await openRegistryTab(owner.page)
      expect(await shownUrl(owner.page)).toBe(publicUrl)
      expect(await owner.page.getByRole('button', { name: 'Rotate secret link' }).count()).toBe(0)
      expect([...other.problems, ...owner.problems]).toEqual([])
    } finally {
      await apiCall(owner.page, 'PUT', `/api/packages/${shared.packageId}/public-status`, { isPublic: false })
      await other.context.close()
      await owner.context.close()
    }
  })

  it('fits a phone: nothing on the Registry and Configuration tabs scrolls sideways at 360 px', async () => {
    const { page, context, problems } = await newSession({ viewport: { width: 360, height: 800 } })
    await signInAs(page, OWNER)
    await openRegistryTab(page)
    await page.getByRole('combobox', { name: 'Client or policy' }).click()
    await page.getByRole('option', { name: 'GitHub Copilot (organization or enterprise)', exact: true }).click()
    await page.getByRole('region', { name: 'GitHub Copilot (organization or enterprise) setup' }).waitFor()
    expect(await sidewaysOverflow(page)).toBe(0)
    await page.getByRole('tab', { name: 'Configuration' }).click()
    await page.getByRole('combobox', { name: 'Client', exact: true }).click()
    await page.getByRole('option', { name: 'VS Code', exact: true }).click()
    await page.getByRole('link', { name: 'Install in VS Code: widget', exact: true }).waitFor()
    expect(await sidewaysOverflow(page)).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })

  it('lets the owner pin a server’s version on the Servers tab, and the registry serves it', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, OWNER)
    await page.goto(`/packages/${shared.packageId}`)
    const widget = shared.servers.find((s) => s.id === WIDGET_ID)!
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: widget.displayName }) })
    const select = card.getByRole('combobox', { name: 'Version in the registry' })
    expect(await select.innerText()).toContain('Newest not held back')
    await select.click()
    await page.getByRole('option', { name: `Pinned to ${widget.version}` }).click()
    await toast(page, `${widget.displayName} pinned to ${widget.version}`)
    expect((await detailAs(page)).pins).toEqual({ [WIDGET_ID]: widget.version })
    const { registryPath } = await detailAs(page)
    const latest = await fetch(`${baseURL()}${registryPath}/v0.1/servers/${encodeURIComponent(widget.name)}/versions/latest`)
    expect(((await latest.json()) as { server: { version: string } }).server.version).toBe(widget.version)

    // Back to the newest: the pin is gone.
    await select.click()
    await page.getByRole('option', { name: 'Newest not held back' }).click()
    await toast(page, `${widget.displayName} follows its newest version`)
    expect((await detailAs(page)).pins).toEqual({})
    expect(problems).toEqual([])
    await context.close()
  })

  it('installs the whole package for each client: the merged file, one add command a server, one-click links', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, OWNER)
    await page.goto(`/packages/${shared.packageId}`)
    await page.getByRole('tab', { name: 'Configuration' }).click()
    const pickClient = async (label: string) => {
      await page.getByRole('combobox', { name: 'Client', exact: true }).click()
      await page.getByRole('option', { name: label, exact: true }).click()
    }
    const fileText = async () => (await page.getByRole('region', { name: /^Merged .* configuration$/ }).innerText()).trim()
    const commandsBlock = (label: string) =>
      page.getByRole('figure').filter({ has: page.getByRole('button', { name: `Copy ${label} commands` }) })
    const inFile = async () => {
      const left = await page.locator('[aria-label="Servers not in the file"] li').count()
      return shared.servers.length - left
    }

    // Claude Code: one `claude mcp add` a server, under the file's keys.
    await pickClient('Claude Code')
    const claudeFile = JSON.parse(await fileText()) as { mcpServers: Record<string, unknown> }
    await page.getByRole('button', { name: 'Copy Claude Code commands' }).click()
    const claude = (await page.evaluate(() => navigator.clipboard.readText())).split('\n')
    expect(claude).toHaveLength(await inFile())
    expect(claude.every((l) => l.startsWith('claude mcp add '))).toBe(true)
    expect(claude).toContain('claude mcp add --transport sse widget https://widget.example.com/sse')
    expect(Object.keys(claudeFile.mcpServers)).toContain('widget')
    // No one-click links for a terminal client.
    expect(await page.getByRole('heading', { name: 'Or one click per server' }).count()).toBe(0)

    // VS Code: `code --add-mcp` lines and one link per server, each carrying the file's entry.
    await pickClient('VS Code')
    const vscodeFile = JSON.parse(await fileText()) as { servers: Record<string, unknown> }
    expect(await commandsBlock('VS Code').locator('pre').innerText()).toMatch(/^code --add-mcp '/)
    expect(await page.getByRole('link', { name: /^Install in VS Code: / }).count()).toBe(await inFile())
    const vscodeLink = page.getByRole('link', { name: 'Install in VS Code: widget', exact: true })
    const { name, inputs: _inputs, ...entry } = parseVscodeInstallLink((await vscodeLink.getAttribute('href'))!)
    expect(name).toBe('widget')
    expect(entry).toEqual(vscodeFile.servers.widget)

    // Cursor: no add command, a link per server with the file's own entry.
    await pickClient('Cursor')
    const cursorFile = JSON.parse(await fileText()) as { mcpServers: Record<string, unknown> }
    expect(await page.getByRole('button', { name: /^Copy Cursor commands/ }).count()).toBe(0)
    const cursorLink = page.getByRole('link', { name: 'Add to Cursor: widget' })
    expect(parseCursorInstallLink((await cursorLink.getAttribute('href'))!)).toEqual({
      name: 'widget',
      config: cursorFile.mcpServers.widget,
    })

    // Codex and Gemini CLI have add commands too; Claude Desktop has the file alone.
    await pickClient('Codex CLI')
    expect(await commandsBlock('Codex CLI').locator('pre').innerText()).toContain('codex mcp add widget')
    await pickClient('Gemini CLI')
    expect(await commandsBlock('Gemini CLI').locator('pre').innerText()).toContain('gemini mcp add --scope user --transport sse widget')
    await pickClient('Claude Desktop')
    expect(await page.getByRole('button', { name: /^Copy Claude Desktop commands/ }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })
})
