/**
 * A rug pull, end to end and for real: a local MCP server (the `changing` fixture of
 * test/fixtures/mcp-servers.ts, whose one tool's description changes with every handshake while
 * its version stays the same) is probed twice through 'Probe now' and the local queue. The
 * follower's dashboard and the server's changes feed tell of it, the Changes tab shows the word
 * diff called out as made without a new version, the badge changes, and a client pinned to the
 * first surface's hash learns that it is no longer what the server serves.
 */
import { parseFeed } from '@rowanmanning/feed-parser'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import type { ServerChangesResponse, SurfaceCheckResponse } from '@shared/scan'
import type { ServerDetail } from '@shared/types'
import { signInAs } from './auth'
import { axeViolations, baseURL, newSession, setupBrowser } from './browser'
import { apiCall, apiJson, sidewaysOverflow } from './helpers'

setupBrowser()

const RUN = Date.now().toString(36)
const AUTHOR = `rugpull-${RUN}`

/** Puts the listing on the probe queue and waits until the consumer has stored a Changes entry more. */
async function probeNow(admin: Page, id: string, entriesBefore: number): Promise<ServerChangesResponse> {
  await apiCall(admin, 'POST', `/api/admin/probes/${id}`)
  let changes: ServerChangesResponse = { entries: [] }
  await expect
    .poll(
      async () => {
        changes = await apiJson<ServerChangesResponse>(`/api/servers/${id}/changes`)
        return changes.entries.length
      },
      { timeout: 45_000, interval: 1_000 },
    )
    .toBe(entriesBefore + 1)
  return changes
}

/** The risk badge's level on the detail page, once the page has loaded it. */
async function badgeLevel(page: Page, id: string): Promise<string | null> {
  await page.goto(`/servers/${id}`)
  const badge = page.locator('header [data-risk], main [data-risk]').first()
  await badge.waitFor()
  return badge.getAttribute('data-risk')
}

describe('a server whose tool changes without a new version', () => {
  it('is probed twice, and everyone who should know is told, with the change shown', async () => {
    const admin = await newSession()
    await signInAs(admin.page, `rug-admin-${RUN}`, { admin: true })
    const created = await apiCall<{ id: string }>(admin.page, 'POST', '/api/servers', {
      displayName: `Counter ${RUN}`,
      description: 'A small server whose tool changes between reads, for the browser tests.',
      author: AUTHOR,
      version: '1.0.0',
      remotes: [{ name: 'changing', url: inject('mcpURLs').changing }],
    })
    const id = created.id

    const follower = await newSession()
    await signInAs(follower.page, `rug-follower-${RUN}`)
    await apiCall(follower.page, 'POST', `/api/users/me/follows/${AUTHOR}`)

    // The first read: nothing found, nothing to tell.
    const first = await probeNow(admin.page, id, 0)
    const firstHash = first.entries[0].hash
    expect(first.entries[0].diff).toBeNull()
    expect(await badgeLevel(admin.page, id)).toBe('none')

    // The second read: the description changed, the version did not.
    const second = await probeNow(admin.page, id, 1)
    const [change] = second.entries
    expect(change.previousHash).toBe(firstHash)
    expect(change.diff?.withoutNewVersion).toBe(true)
    expect(change.diff?.items.map((i) => [i.change, i.name])).toEqual([['changed', 'counter']])
    expect(change.risk).not.toBe('none')
    const detail = await apiJson<ServerDetail>(`/api/servers/${id}`)
    expect(detail.risk).toBe(change.risk)
    expect(await badgeLevel(admin.page, id)).toBe(change.risk)

    // The Changes tab: the word diff, called out as made without a new version, on a phone too.
    const { page } = admin
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(`/servers/${id}?tab=changes`)
    const panel = page.getByRole('tabpanel', { name: 'Changes' })
    const entries = panel.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li')
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(2)
    await entries.first().getByTestId('without-new-version').getByText('Changed without a new version.').waitFor()
    const counter = entries.first().getByRole('listitem').filter({ hasText: 'counter' }).first()
    expect((await counter.locator('del').allTextContents()).length).toBeGreaterThan(0)
    expect((await counter.locator('ins').allTextContents()).length).toBeGreaterThan(0)
    expect(await sidewaysOverflow(page)).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    // The follower's dashboard.
    await follower.page.goto('/dashboard')
    const alert = follower.page
      .getByRole('region', { name: 'Tool changes' })
      .getByRole('listitem')
      .filter({ hasText: `Counter ${RUN}` })
    await alert.getByText('Changed without a new version').waitFor()
    expect(await alert.locator('[data-risk]').getAttribute('data-risk')).toBe(change.risk)

    // The server's changes feed: valid Atom, the change as its entry.
    const res = await fetch(`${baseURL()}/feeds/changes/${id}.atom`)
    expect(res.headers.get('content-type')).toContain('application/atom+xml')
    const feed = parseFeed(await res.text())
    expect(feed.items.map((item) => item.title)).toEqual([`Counter ${RUN}: ${change.summary}`])
    expect(change.summary).toMatch(/^1 tool changed, without a new version/)

    // A client pinned to the first surface: seen and scanned, but no longer what is served.
    const pinned = await apiJson<SurfaceCheckResponse>(`/api/servers/${id}/surface-check?hash=${firstHash}`)
    expect(pinned).toMatchObject({ match: true, surface: { risk: 'none' }, current: { version: '1.0.0', hash: change.hash } })
    expect(pinned.current?.hash).not.toBe(firstHash)
    const unknown = await apiJson<SurfaceCheckResponse>(`/api/servers/${id}/surface-check?hash=${'f'.repeat(64)}`)
    expect(unknown).toMatchObject({ match: false, surface: null })
    await admin.context.close()
    await follower.context.close()
  })
})
