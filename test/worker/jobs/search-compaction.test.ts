/**
 * The daily compaction of the search indexes: a catalogue written in many transactions holds its
 * indexes in many segments; the second Cron Trigger merges each into one, and every search
 * answers exactly as before.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { parse as parseToml } from 'smol-toml'
import { beforeAll, describe, expect, it } from 'vitest'
import { syncRuns } from '../../../worker/db/schema'
import { segmentCount } from '../../../worker/db/search-compaction'
import { SEARCH_INDEXES } from '../../../worker/db/server-search'
import worker from '../../../worker/index'
import { SCHEDULES, searchCompaction } from '../../../worker/jobs/schedule'
import wranglerToml from '../../../wrangler.toml?raw'
import { db, json } from '../helpers'

/** The schedule that compacts. */
const COMPACTION_CRON = Object.keys(SCHEDULES).find((cron) => SCHEDULES[cron].includes(searchCompaction))!

const QUERIES = ['q=harbor', 'q=harbor%20tide', 'q=lantern', 'q=tid', 'q=harbor&tags=coastal', 'q=harbor&sortBy=stars', 'q=beacon']

const answers = async () =>
  Promise.all(
    QUERIES.map(async (q) => {
      const { body } = await json(`/api/servers/search?${q}`)
      return { q, total: body.total, ids: body.servers.map((s: { id: string }) => s.id) }
    }),
  )

beforeAll(async () => {
  // One statement per server: each commits on its own, as a sync's batches and edits do, and
  // leaves the indexes a segment more.
  for (let i = 1; i <= 40; i++) {
    const tags = i % 4 === 0 ? '["coastal"]' : '[]'
    // Every other server has tools, for the tools' index.
    await db().run(sql`INSERT INTO servers (id, name, display_name, description, author, version, tags, stars, status, tool_text)
      VALUES (${`harbor-${i}`}, ${`io.test/harbor-${i}`}, ${i % 3 === 0 ? `Lantern ${i}` : `Harbor ${i}`},
        ${i % 2 === 0 ? 'a harbor tide tool' : 'a harbor tool'}, 'someone', '1.0.0', ${tags}, ${i * 10}, 'active',
        ${i % 2 === 0 ? 'light_beacon\tLights the harbor beacon' : null})`)
    if (i % 4 === 0) await db().run(sql`INSERT INTO server_tags (server_id, tag) VALUES (${`harbor-${i}`}, 'coastal')`)
  }
  // A rename and a delisting leave deletions behind in the segments too.
  await db().run(sql`UPDATE servers SET display_name = 'Renamed Harbor' WHERE id = 'harbor-3'`)
  await db().run(sql`UPDATE servers SET status = 'deleted' WHERE id = 'harbor-5'`)
})

describe('compacting the search indexes', () => {
  it('merges each index into one segment on its daily schedule, and every search answers as before', async () => {
    for (const index of SEARCH_INDEXES) expect(await segmentCount(db(), index)).toBeGreaterThan(1)
    const before = await answers()
    expect(before.find((a) => a.q === 'q=harbor')?.total).toBe(39)

    const ctx = createExecutionContext()
    await worker.scheduled(createScheduledController({ cron: COMPACTION_CRON, scheduledTime: Date.now() }), env, ctx)
    await waitOnExecutionContext(ctx)

    for (const index of SEARCH_INDEXES) expect(await segmentCount(db(), index)).toBe(1)
    expect(await answers()).toEqual(before)
    // That schedule compacts only: the registry sync runs on the minutely one.
    expect(await db().select().from(syncRuns)).toEqual([])
  })

  it('is one of the Cron Triggers the deploy configures', () => {
    const config = parseToml(wranglerToml) as { triggers: { crons: string[] } }
    expect(config.triggers.crons).toContain(COMPACTION_CRON)
    expect(config.triggers.crons).toContain('* * * * *')
  })
})
