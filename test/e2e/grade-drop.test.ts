/**
 * A grade drop, end to end and for real: a listing whose remote is the `rugPull` MCP fixture
 * (one well-defined tool on the first handshake, the same tool poisoned from the second on, its
 * version the same) is probed through 'Probe now' and graded by the every-minute cron; probed
 * again, its tool changed without a new version and the scan rated it high; graded again, its
 * grade fell (security caps the overall), and the dashboard
 * of a user who follows its author tells of it, leading to its Verdict tab.
 *
 * The local runtime never fires Cron Triggers by itself (docs/decisions/0044): this file calls
 * the runtime's scheduled handler for the every-minute cron, so the platform's own handler runs
 * whatever worker/jobs/schedule.ts names, the grading among it. That cron probes, watches and
 * grades the whole shared catalogue, so vitest.e2e.config.ts runs this file after all others.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import type { ServerChangesResponse } from '@shared/scan'
import type { Dashboard, ServerDetail } from '@shared/types'
import { gradeRank, type Verdict } from '@shared/verdict'
import { signInAs } from './auth'
import { axeViolations, baseURL, newSession, setupBrowser } from './browser'
import { apiCall, apiJson } from './helpers'

setupBrowser()

const RUN = Date.now().toString(36)
const AUTHOR = `gradedrop-${RUN}`
/** wrangler.toml's every-minute Cron Trigger, whose jobs include the grading. */
const EVERY_MINUTE = '* * * * *'

/** Puts the listing on the probe queue and waits until the consumer has stored a Changes entry more. */
async function probeNow(admin: Page, id: string, entriesBefore: number): Promise<ServerChangesResponse> {
  // Behind, perhaps, the probes of the catalogue's remotes that the cron fired below queued.
  await apiCall(admin, 'POST', `/api/admin/probes/${id}`)
  let changes: ServerChangesResponse = { entries: [] }
  await expect
    .poll(
      async () => {
        changes = await apiJson<ServerChangesResponse>(`/api/servers/${id}/changes`)
        return changes.entries.length
      },
      { timeout: 120_000, interval: 1_000 },
    )
    .toBe(entriesBefore + 1)
  return changes
}

/** One invocation of the every-minute cron, through the runtime's scheduled handler, as on a deploy. */
async function fireCron(): Promise<void> {
  const res = await fetch(`${baseURL()}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(EVERY_MINUTE)}`)
  if (!res.ok) throw new Error(`The scheduled handler answered ${res.status}: ${await res.text()}`)
}

/**
 * Fires the cron until the listing's stored verdict is one graded after `after` (the grading
 * takes the listings that are behind a batch at a time, so it may take a few invocations).
 */
async function gradedAfter(id: string, after: string | null): Promise<Verdict> {
  let verdict: Verdict | null | undefined = null
  await expect
    .poll(
      async () => {
        await fireCron()
        verdict = (await apiJson<ServerDetail>(`/api/servers/${id}`)).verdict
        return Boolean(verdict && (after === null || verdict.computedAt > after))
      },
      { timeout: 90_000, interval: 1_000 },
    )
    .toBe(true)
  return verdict as unknown as Verdict
}

describe('a followed server whose grade drops', () => {
  it("is graded, probed again with a risky change, graded lower, and the follower's dashboard says so", async () => {
    const admin = await newSession()
    await signInAs(admin.page, `drop-admin-${RUN}`, { admin: true })
    const created = await apiCall<{ id: string }>(admin.page, 'POST', '/api/servers', {
      displayName: `Dropping ${RUN}`,
      description: 'A small server whose tool changes between reads, for the grade-drop browser test.',
      author: AUTHOR,
      version: '1.0.0',
      remotes: [{ name: 'rug-pull', url: inject('mcpURLs').rugPull }],
    })
    const id = created.id

    const follower = await newSession()
    await signInAs(follower.page, `drop-follower-${RUN}`)
    await apiCall(follower.page, 'POST', `/api/users/me/follows/${AUTHOR}`)

    // The first read, graded.
    await probeNow(admin.page, id, 0)
    const first = await gradedAfter(id, null)
    expect(first.grade).not.toBeNull()

    // The second read: the description changed without a new version, and the risk rose.
    const second = await probeNow(admin.page, id, 1)
    expect(second.entries[0].diff?.withoutNewVersion).toBe(true)
    expect(second.entries[0].risk).toBe('high')
    const regraded = await gradedAfter(id, first.computedAt)
    expect(gradeRank(regraded.grade)).toBeLessThan(gradeRank(first.grade))
    // The card's grade is the stored verdict's.
    expect((await apiJson<ServerDetail>(`/api/servers/${id}`)).grade).toBe(regraded.grade)

    // The follower's dashboard: the answer and the screen.
    const dashboard = await follower.page.evaluate(async () => (await (await fetch('/api/users/me/dashboard')).json()) as Dashboard)
    const alert = dashboard.verdictAlerts?.find((a) => a.serverId === id)
    expect(alert).toMatchObject({ from: first.grade, to: regraded.grade, displayName: `Dropping ${RUN}` })
    expect(alert?.reasons.length).toBeGreaterThan(0)

    const { page } = follower
    await page.goto('/dashboard')
    const drops = page.getByRole('region', { name: 'Grade drops' })
    const row = drops
      .getByRole('listitem')
      .filter({ hasText: `Dropping ${RUN}` })
      .first()
    await row.getByText(`Grade dropped from ${first.grade} to ${regraded.grade}`).waitFor()
    for (const reason of alert?.reasons ?? []) await row.getByText(reason, { exact: true }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await row.getByRole('link', { name: `Dropping ${RUN}: see its verdict` }).click()
    await page.waitForURL(`**/servers/${id}?tab=verdict#verdict`)
    expect(await page.getByRole('tab', { name: 'Verdict' }).getAttribute('aria-selected')).toBe('true')
    await page.getByRole('tabpanel', { name: 'Verdict' }).getByRole('region', { name: 'Overall' }).waitFor()

    await admin.context.close()
    await follower.context.close()
    // Two probes and two gradings, each waited for.
  }, 420_000)
})

describe('a dashboard without grade drops', () => {
  it('says that none dropped', async () => {
    const { page, context } = await newSession()
    await signInAs(page, `drop-quiet-${RUN}`)
    await page.goto('/dashboard')
    await page
      .getByRole('region', { name: 'Grade drops' })
      .getByText('No grade dropped on the servers you follow, like or keep in the last 30 days.')
      .waitFor()
    await context.close()
  })
})
