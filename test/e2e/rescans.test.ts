/**
 * The rescans as an admin meets them on /admin/review (test/e2e/fixtures/rescans.sql: a run of
 * scanner version 900 halfway through): its progress, how many listings' risk rose and fell, and
 * the before → after table, read the way a screen reader reads it (caption, row and column headers).
 */
import { describe, expect, it } from 'vitest'
import type { RescanRun } from '@shared/scan'
import { signInAs } from './auth'
import { axeViolations, newSession, setupBrowser } from './browser'
import { apiCall } from './helpers'

setupBrowser()

const RUN = Date.now().toString(36)

describe('the rescans on the review page', () => {
  it('show an admin each run: its version, progress, and what the rescanned surfaces and listings held before and after', async () => {
    const { page, context } = await newSession()
    await signInAs(page, `rescan-admin-${RUN}`, { admin: true })
    await page.goto('/admin/review')
    const section = page.getByRole('region', { name: 'Rescans' })
    const run = section.getByRole('article', { name: 'Scanner version 900' })
    await run.waitFor()
    await run.getByText('In progress').waitFor()
    await run.getByText('20 of 40 surfaces rescanned').waitFor()
    expect(await run.getByRole('progressbar', { name: '20 of 40 surfaces rescanned' }).getAttribute('value')).toBe('20')
    expect(await run.getByText(/^Listings whose risk rose/).innerText()).toMatch(/rose: 2, fell: 1,\s+stayed: 2/)

    const table = run.getByRole('table', { name: 'Before and after the rescan with scanner version 900' })
    const row = async (group: string, label: string) => {
      // The row header under its group: rows in document order after the group's header row.
      const rows = await table.getByRole('row').all()
      let inGroup = false
      for (const r of rows) {
        const text = (await r.innerText()).trim()
        if ((await r.getByRole('rowheader').count()) && (await r.getByRole('cell').count()) === 0) inGroup = text === group
        else if (inGroup && (await r.getByRole('rowheader').innerText()) === label)
          return (await r.getByRole('cell').allInnerTexts()).map((t) => t.trim())
      }
      throw new Error(`no row ${label} under ${group}`)
    }
    expect(await row('Open findings by severity', 'High')).toEqual(['1', '3', '+2'])
    expect(await row('Open findings by severity', 'Medium')).toEqual(['2', '2', 'no change'])
    expect(await row('Open findings by class', 'Invisible characters')).toEqual(['2', '1', '−1'])
    expect(await row('Surfaces by risk', 'High risk')).toEqual(['3', '5', '+2'])
    expect(await row('Listings by risk', 'High risk')).toEqual(['0', '2', '+2'])
    expect(await row('Listings by risk', 'Medium risk')).toEqual(['1', '0', '−1'])
    expect(await axeViolations(page)).toEqual([])

    // The screen shows what the API answers.
    const runs = await apiCall<RescanRun[]>(page, 'GET', '/api/admin/rescans')
    expect(runs.find((r) => r.scannerVersion === 900)).toMatchObject({ surfacesTotal: 40, surfacesRescanned: 20, finishedAt: null })
    await context.close()
  })
})
