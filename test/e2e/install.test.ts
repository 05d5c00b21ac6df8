/**
 * Installing a server from its Configuration tab, in a real browser: the right runtime per
 * package type, what must be filled in shown first, every client's block copied exactly, the
 * one-click links, the other clients' picker remembered, and an honest answer when there is
 * nothing to run.
 */
import type { Locator, Page } from 'playwright-core'
import { parse as parseToml } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { axeViolations, newSession, setupBrowser } from './browser'
import { apiJson } from './helpers'

setupBrowser()

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

async function serverId(name: string, q: string): Promise<string> {
  const { servers } = await apiJson<{ servers: Array<{ id: string; name: string }> }>(`/api/servers/search?q=${encodeURIComponent(q)}`)
  const found = servers.find((s) => s.name === name)
  if (!found) throw new Error(`${name} is not in the test database`)
  return found.id
}

async function openConfiguration(page: Page, id: string) {
  await page.goto(`/servers/${id}`)
  await page.getByRole('tab', { name: 'Configuration' }).click()
  const panel = page.getByRole('tabpanel')
  await panel.getByRole('heading', { name: 'Additional Metadata' }).waitFor()
  return panel
}

/**
 * Copies the block whose button is 'Copy {what}' and checks that the clipboard holds exactly the
 * text shown; returns it.
 */
async function copyExact(page: Page, panel: Locator, what: string): Promise<string> {
  const button = panel.getByRole('button', { name: `Copy ${what}`, exact: true })
  const shown =
    (await panel
      .locator('figure')
      .filter({ has: page.getByRole('button', { name: `Copy ${what}`, exact: true }) })
      .locator('pre code')
      .textContent()) ?? ''
  expect(shown.length).toBeGreaterThan(0)
  await button.click()
  await panel.getByRole('button', { name: `Copied ${what}`, exact: true }).waitFor()
  expect(await clipboard(page)).toBe(shown)
  return shown
}

async function pickOtherClient(page: Page, panel: Locator, label: string) {
  await panel.getByRole('combobox', { name: 'Other client' }).click()
  await page.getByRole('option', { name: label, exact: true }).click()
  await panel.getByRole('region', { name: label, exact: true }).waitFor()
}

describe('Configuration tab', () => {
  it('for a PyPI server: uvx in every client, a password input in VS Code, each block copied exactly as shown', async () => {
    const id = await serverId('io.github.acme/weather-py', 'weather')
    const { page, context, problems } = await newSession()
    const panel = await openConfiguration(page, id)

    // What must be filled in comes first: each value, its description, whether it is secret.
    const fill = panel.getByRole('region', { name: 'What you must fill in' })
    const required = fill.getByRole('list', { name: 'Required values' }).getByRole('listitem')
    expect(await required.count()).toBe(2)
    await required.filter({ hasText: 'WEATHER_API_KEY' }).getByText('secret', { exact: true }).waitFor()
    await required.filter({ hasText: 'WEATHER_API_KEY' }).getByText("API key from the weather service's dashboard").waitFor()
    await required.filter({ hasText: 'WEATHER_UNITS' }).getByText('metric', { exact: true }).waitFor()
    expect(await required.filter({ hasText: 'WEATHER_UNITS' }).getByText('secret', { exact: true }).count()).toBe(0)
    await fill.getByText('Needs uv, for uvx (https://docs.astral.sh/uv/).').waitFor()

    const vscode = JSON.parse(await copyExact(page, panel, 'VS Code configuration'))
    expect(vscode.servers['weather-py']).toEqual({
      type: 'stdio',
      command: 'uvx',
      args: ['acme-weather-mcp==0.4.2'],
      env: { WEATHER_API_KEY: '${input:WEATHER_API_KEY}', WEATHER_UNITS: '${input:WEATHER_UNITS}' },
    })
    expect(vscode.inputs).toEqual([
      {
        type: 'promptString',
        id: 'WEATHER_API_KEY',
        description: "WEATHER_API_KEY: API key from the weather service's dashboard",
        password: true,
      },
      { type: 'promptString', id: 'WEATHER_UNITS', description: 'WEATHER_UNITS: metric or imperial', password: false, default: 'metric' },
    ])
    const desktop = JSON.parse(await copyExact(page, panel, 'Claude Desktop configuration'))
    expect(desktop.mcpServers['weather-py']).toEqual({
      command: 'uvx',
      args: ['acme-weather-mcp==0.4.2'],
      env: { WEATHER_API_KEY: '<secret:WEATHER_API_KEY>', WEATHER_UNITS: 'metric' },
    })
    expect(JSON.parse(await copyExact(page, panel, 'Cursor configuration')).mcpServers['weather-py'].env.WEATHER_API_KEY).toBe(
      '${env:WEATHER_API_KEY}',
    )
    expect(JSON.parse(await copyExact(page, panel, 'Windsurf configuration')).mcpServers['weather-py'].command).toBe('uvx')
    expect(await copyExact(page, panel, 'VS Code command')).toMatch(/^code --add-mcp '\{"name":"weather-py","type":"stdio","command":"uvx"/)

    // One click: the links carry the same configuration.
    const install = await panel.getByRole('link', { name: 'Install in VS Code' }).getAttribute('href')
    const linked = JSON.parse(decodeURIComponent(install!.slice('vscode:mcp/install?'.length)))
    expect(linked).toEqual({ name: 'weather-py', ...vscode.servers['weather-py'], inputs: vscode.inputs })
    const cursor = await panel.getByRole('link', { name: 'Add to Cursor' }).getAttribute('href')
    expect(cursor).toMatch(/^cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?name=weather-py&config=/)

    // The other clients, one at a time from the picker.
    await pickOtherClient(page, panel, 'Claude Code')
    expect(await copyExact(page, panel, 'Claude Code command')).toBe(
      `claude mcp add --transport stdio --env "WEATHER_API_KEY=\${WEATHER_API_KEY}" --env WEATHER_UNITS=metric weather-py -- uvx acme-weather-mcp==0.4.2`,
    )
    expect(JSON.parse(await copyExact(page, panel, 'Claude Code configuration')).mcpServers['weather-py'].env.WEATHER_API_KEY).toBe(
      '${WEATHER_API_KEY}',
    )
    await pickOtherClient(page, panel, 'Codex CLI')
    expect(parseToml(await copyExact(page, panel, 'Codex CLI configuration'))).toEqual({
      mcp_servers: {
        'weather-py': {
          command: 'uvx',
          args: ['acme-weather-mcp==0.4.2'],
          env: { WEATHER_UNITS: 'metric' },
          env_vars: ['WEATHER_API_KEY'],
        },
      },
    })
    expect(await copyExact(page, panel, 'Codex CLI command')).toMatch(/^codex mcp add weather-py /)
    await pickOtherClient(page, panel, 'Gemini CLI')
    expect(JSON.parse(await copyExact(page, panel, 'Gemini CLI configuration')).mcpServers['weather-py'].command).toBe('uvx')
    expect(await copyExact(page, panel, 'Gemini CLI command')).toMatch(/^gemini mcp add --scope user /)
    await pickOtherClient(page, panel, 'Goose')
    expect(parseYaml(await copyExact(page, panel, 'Goose configuration')).extensions['weather-py']).toMatchObject({
      cmd: 'uvx',
      env_keys: ['WEATHER_API_KEY'],
    })
    await pickOtherClient(page, panel, 'Zed')
    expect(JSON.parse(await copyExact(page, panel, 'Zed configuration')).context_servers['weather-py'].command).toBe('uvx')
    await pickOtherClient(page, panel, 'Cline')
    expect(JSON.parse(await copyExact(page, panel, 'Cline configuration')).mcpServers['weather-py']).toMatchObject({
      command: 'uvx',
      disabled: false,
    })

    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('remembers the picked client for the visitor, and the picker works from the keyboard', async () => {
    const id = await serverId('io.github.acme/weather-py', 'weather')
    const { page, context } = await newSession()
    let panel = await openConfiguration(page, id)
    const picker = panel.getByRole('combobox', { name: 'Other client' })
    await picker.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('option', { name: 'Goose', exact: true }).focus()
    await page.keyboard.press('Enter')
    await panel.getByRole('region', { name: 'Goose', exact: true }).waitFor()
    await page.reload()
    panel = await openConfiguration(page, id)
    expect(await panel.getByRole('combobox', { name: 'Other client' }).innerText()).toBe('Goose')
    await panel.getByRole('button', { name: 'Copy Goose configuration' }).waitFor()
    await context.close()
  })

  it('for a Docker image: docker run -i --rm, the variable passed with -e, the pinned tag', async () => {
    const id = await serverId('io.github.acme/box-docker', 'box')
    const { page, context } = await newSession()
    const panel = await openConfiguration(page, id)
    const desktop = JSON.parse(await copyExact(page, panel, 'Claude Desktop configuration'))
    expect(desktop.mcpServers['box-docker']).toEqual({
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'BOX_TOKEN', 'docker.io/acme/box-mcp:2.0.0'],
      env: { BOX_TOKEN: '<secret:BOX_TOKEN>' },
    })
    await context.close()
  })

  it('says plainly when a listing gives no way to run it, rather than guessing a command', async () => {
    const id = await serverId('io.github.tinyfish-io/agentql-mcp', 'agentql')
    const { page, context, problems } = await newSession()
    const panel = await openConfiguration(page, id)
    await panel.getByRole('note').getByText('The listing does not say which registry "agentql-mcp" comes from', { exact: false }).waitFor()
    expect(await panel.getByRole('button', { name: /configuration$/ }).count()).toBe(0)
    await page.getByRole('tab', { name: 'Basic Info' }).click()
    await page.getByRole('tabpanel').getByText('# No install command for io.github.tinyfish-io/agentql-mcp:', { exact: false }).waitFor()
    expect(problems).toEqual([])
    await context.close()
  })
})
