/**
 * A fresh local start: the registry snapshot `npm run seed` imports, with the surfaces shipped
 * beside it, is graded by the every-minute job within a few invocations (minutes), each within
 * its two round trips; and what it gives is what docs/verdict.md reports.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Verdict, VerdictDimension } from '@shared/verdict'
import snapshot from '../../../data/mcp-registry-seed-2025-05-16.json'
import shippedFile from '../../../data/package-surfaces-2026-11-28.json'
import doc from '../../../docs/verdict.md?raw'
import { importEntries } from '../../../worker/db/imports'
import { servers } from '../../../worker/db/schema'
import { gradeVerdicts, VERDICT_BATCH } from '../../../worker/jobs/verdicts'
import { entriesOf } from '../../../worker/lib/registry-entry'
import { readShippedSurfaces } from '../../../worker/lib/shipped-surfaces'
import { VERDICT_REV } from '../../../worker/lib/verdict'
import { storeShippedSurfaces } from '../../../worker/services/probing/shipped'
import { parseMarkdown, tableOf } from '../../docs/markdown-tables'
import { db } from '../helpers'

let listings = 0

beforeAll(async () => {
  const report = await importEntries(db(), entriesOf(snapshot))
  listings = report.added
  await storeShippedSurfaces(db(), readShippedSurfaces(shippedFile))
})

describe('a seeded catalogue', () => {
  it('is graded by the minutely job in ceil(listings / batch) invocations', async () => {
    expect(listings).toBeGreaterThan(100)
    const invocations: number[] = []
    for (let run = await gradeVerdicts(db()); run.graded > 0; run = await gradeVerdicts(db())) invocations.push(run.graded)
    expect(invocations.length).toBe(Math.ceil(listings / VERDICT_BATCH))
    expect(invocations.reduce((a, b) => a + b, 0)).toBe(listings)
    const [{ behind }] = await db().select({ behind: sql<number>`count(*)` }).from(servers).where(sql`verdict_rev <> ${VERDICT_REV}`)
    expect(behind).toBe(0)
    // Graded overall: the listings whose surface was shipped (scanned, with tools). The rest were
    // neither scanned nor read by the watch yet: not enough known, and it says security is missing.
    const [{ graded, surfaced, missingSecurity }] = await db()
      .select({
        graded: sql<number>`count(*) FILTER (WHERE grade IS NOT NULL)`,
        surfaced: sql<number>`count(*) FILTER (WHERE risk IS NOT NULL)`,
        missingSecurity: sql<number>`(SELECT count(*) FROM server_verdicts WHERE json_extract(verdict, '$.missing') LIKE 'security: %')`,
      })
      .from(servers)
    expect(graded).toBe(surfaced)
    expect(surfaced).toBeGreaterThan(0)
    expect(missingSecurity).toBe(listings - surfaced)
  })

  it("grades the shipped surfaces' listings as docs/verdict.md tabulates them", async () => {
    const rows = (await db().all(sql`SELECT s.name, v.verdict FROM ${servers} s JOIN server_verdicts v ON v.server_id = s.id
      WHERE s.risk IS NOT NULL ORDER BY s.name`)) as Array<{ name: string; verdict: string }>
    const graded = rows.map(({ name, verdict }) => {
      const v = JSON.parse(verdict) as Verdict
      const of = (d: VerdictDimension) => v.dimensions.find((x) => x.dimension === d)?.grade ?? '-'
      return [name, v.grade, String(v.score), of('security'), of('toolQuality'), of('compatibility'), of('installReadiness')]
    })
    const header = ['listing', 'overall', 'score', 'security', 'tool quality', 'compatibility', 'install readiness']
    const table = tableOf(parseMarkdown(doc), 'The shipped surfaces, graded', header).map(({ cells }) =>
      header.map((h) => (h === 'listing' ? cells[h].code[0] : cells[h].text)),
    )
    expect(table).toEqual(graded)
  })
})
