/** The Tools tab in browser tests: find a listing, open its tab, read a tool (tools.test.ts, declared-surface.test.ts). */
import type { Locator, Page } from 'playwright-core'
import { apiJson } from './helpers'

/** The id of the listing named `name`, found by searching for `q`. */
export async function serverId(name: string, q: string): Promise<string> {
  const { servers } = await apiJson<{ servers: Array<{ id: string; name: string }> }>(`/api/servers/search?q=${encodeURIComponent(q)}`)
  const found = servers.find((s) => s.name === name)
  if (!found) throw new Error(`${name} is not in the test database`)
  return found.id
}

/** Opens a server's page on its Tools tab and waits until the tab has loaded. */
export async function openTools(page: Page, id: string): Promise<Locator> {
  await page.goto(`/servers/${id}`)
  await page.getByRole('tab', { name: 'Tools' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Tools' })
  await panel.getByRole('region', { name: 'Tool listing status' }).waitFor()
  return panel
}

/** One tool's card on the tab, by its heading (its title, else its name). */
export const tool = (panel: Locator, heading: string) => panel.getByRole('article', { name: heading })
