/**
 * The registry sync as an admin and a visitor see it: the admin runs it from the admin screen
 * and reads the run's counts; a deprecated server says so on its card and page; a synced
 * server's page shows where it came from, its versions and the other name of its repository.
 * The e2e app syncs from the fixture registry's 'syncdemo' namespace (test/fixtures/registry.ts).
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { ServerList } from '@shared/types'
import { signInAs } from './auth'
import { newSession, type Session, setupBrowser } from './browser'
import { apiJson } from './helpers'

setupBrowser()

const sessions: Session[] = []
afterAll(async () => {
  for (const s of sessions) await s.context.close()
})

async function serverId(name: string) {
  const found = await apiJson<ServerList>(`/api/servers/search?q=${encodeURIComponent(name.split('/')[1])}&limit=50`)
  const server = found.servers.find((s) => s.name === name)
  if (!server) throw new Error(`${name} is not listed`)
  return server.id
}

describe('registry sync', () => {
  it('an admin runs a sync from the admin screen and sees the run counts', async () => {
    const s = await newSession()
    sessions.push(s)
    const { page, problems } = s
    await signInAs(page, 'admin', { admin: true })
    await page.getByRole('button', { name: /User menu/ }).click()
    await page.getByRole('menuitem', { name: 'Registry sync' }).click()
    await page.getByRole('heading', { name: 'Registry sync', level: 1 }).waitFor()
    await page.getByText('No sync has run yet.').waitFor()

    await page.getByRole('button', { name: 'Run now' }).click()
    const run = page.getByRole('article').first()
    await run.getByText('running', { exact: true }).waitFor()
    // One batch is two pages of the fixture's three entries.
    await expect.poll(() => run.locator('dt:text-is("added") + dd').textContent()).toBe('5')

    await page.getByRole('button', { name: 'Run now' }).click()
    await run.getByText('completed', { exact: true }).waitFor()
    expect(await run.locator('dt:text-is("added") + dd').textContent()).toBe('7')
    expect(await run.locator('dt:text-is("refused") + dd').textContent()).toBe('2')
    await run.getByText('Refused entries').click()
    await run.getByText('description is longer than 100 characters', { exact: false }).waitFor()
    expect(problems).toEqual([])
  })

  it('a deprecated server shows its notice on its card and its page', async () => {
    const s = await newSession()
    sessions.push(s)
    const { page } = s
    await page.goto('/servers?q=old-tool')
    await page.getByRole('article').filter({ hasText: 'Old Tool' }).getByRole('note').getByText('Deprecated').waitFor()
    await page.goto(`/servers/${await serverId('io.github.syncdemo/old-tool')}`)
    await page.getByRole('note').getByText('Use io.github.syncdemo/widget instead.', { exact: false }).waitFor()
  })

  it('the detail page shows provenance, the versions and the other name of the repository', async () => {
    const s = await newSession()
    sessions.push(s)
    const { page } = s
    await page.goto(`/servers/${await serverId('io.github.syncdemo/widget')}`)
    const about = page.getByRole('complementary', { name: 'About this server' })
    await about.getByText('MCP registry').waitFor()
    await about.getByText('Last synced').waitFor()
    await about.getByText('Changed upstream').waitFor()
    await about.getByRole('link', { name: 'io.github.syncdemo/widget-mirror' }).waitFor()

    await page.getByRole('tab', { name: 'Configuration' }).click()
    const version = page.getByLabel('Version', { exact: true })
    expect(await version.locator('option').allTextContents()).toEqual(['2.0.0 (latest)', '1.1.0', '1.0.0'])
    // The configurations follow the chosen version's package.
    await page.getByText('@syncdemo/widget@2.0.0').first().waitFor()
    await version.selectOption('1.0.0')
    await page.getByText('@syncdemo/widget@1.0.0').first().waitFor()
  })
})
