/**
 * The relevance harness (`npm run eval:search`): the bundled registry snapshot imported by the
 * importer `npm start` seeds with, every labelled query asked of /api/servers/search as the SPA
 * asks it, and recall@10 and MRR@10 compared with the committed baseline. It runs with the other
 * Worker tests, so a change that makes search find less fails `npm test`; the report with every
 * query's figures is left in the test's meta for scripts/eval-search.mjs to print.
 */
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '@shared/limits'
import type { ServerList } from '@shared/types'
import snapshot from '../../data/mcp-registry-seed-2025-05-16.json'
import { importEntries } from '../../worker/db/imports'
import { servers } from '../../worker/db/schema'
import { entriesOf } from '../../worker/lib/registry-entry'
import { toolSearchText } from '../../worker/lib/search/tool-text'
import baseline from '../search-eval/baseline.json'
import {
  type LabelledQuery,
  labelsFingerprint,
  type QueryResult,
  type Run,
  regressions,
  scoreQuery,
  summarise,
} from '../search-eval/metrics'
import labelled from '../search-eval/queries.json'
import surfaces from '../search-eval/tool-surfaces.json'
import { db, json } from './helpers'

declare module 'vitest' {
  interface TaskMeta {
    searchEval?: Run
  }
}

const queries: LabelledQuery[] = labelled.queries

beforeAll(async () => {
  const report = await importEntries(db(), entriesOf(snapshot))
  expect(report.added).toBeGreaterThan(400)
  // The tools a probe would have read, written as the probe's writer writes them.
  const d = db()
  const [first, ...rest] = Object.entries(surfaces.servers).map(([name, tools]) =>
    d
      .update(servers)
      .set({ toolText: toolSearchText({ tools }), toolCount: tools.length })
      .where(eq(servers.name, name)),
  )
  await d.batch([first, ...rest])
})

describe('search relevance over the bundled snapshot', () => {
  it('labels only servers the snapshot lists, each query once', async () => {
    const listed = new Set(
      (await db().select({ name: servers.name }).from(servers).where(sql`${servers.status} = 'active'`)).map((r) => r.name),
    )
    const unknown = queries.flatMap((q) => q.relevant.filter((name) => !listed.has(name)).map((name) => `${q.query}: ${name}`))
    expect(unknown).toEqual([])
    expect(Object.keys(surfaces.servers).filter((name) => !listed.has(name))).toEqual([])
    expect(queries.filter((q) => q.relevant.length === 0).map((q) => q.query)).toEqual([])
    expect(new Set(queries.map((q) => q.query.toLowerCase())).size).toBe(queries.length)
    expect(queries.every((q) => q.type in labelled.types)).toBe(true)
  })

  it('finds at least what the baseline found (recall@10 and MRR@10 overall)', async ({ task }) => {
    const results: QueryResult[] = []
    for (const q of queries) {
      // One full page (the largest the API gives), so the report can say where a missed server
      // ranked; the measures themselves read only the first ten.
      const { status, body } = await json<ServerList>(`/api/servers/search?q=${encodeURIComponent(q.query)}&limit=${LIMITS.maxLimit}`)
      expect(status, q.query).toBe(200)
      results.push(
        scoreQuery(
          q,
          body.servers.map((s) => s.name),
          body.total,
        ),
      )
    }
    const report = summarise(results)
    const labels = await labelsFingerprint(queries)
    // Overall and per kind of query: a gain in one kind does not hide a loss in another.
    const belowBaseline = [
      ...regressions(report.overall, baseline.overall),
      ...Object.entries(baseline.byType).flatMap(([type, was]) =>
        regressions(report.byType[type] ?? { queries: 0, recall: 0, mrr: 0 }, was).map((fell) => `${type}: ${fell}`),
      ),
    ]
    // Left for the runner before the gate, so a failing run still prints its table.
    task.meta.searchEval = { ...report, labels, labelsChanged: labels !== baseline.labels, belowBaseline }
    expect(labels, 'queries.json changed since the baseline was recorded: `npm run eval:search -- --update`').toBe(baseline.labels)
    expect(belowBaseline).toEqual([])
  })
})
