/**
 * Where a verdict is read: the detail answer (`verdict`, null until graded), a follower's
 * dashboard (`verdictAlerts`: grade drops on servers they follow, liked or keep, last 30 days,
 * newest first, at most 20) and the server's changes feed (a drop is an entry).
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Dashboard, ServerDetail } from '@shared/types'
import { gradeDrops, servers, serverVersions } from '../../../worker/db/schema'
import { gradeAllVerdicts } from '../../../worker/jobs/verdicts'
import { VERDICT_REV } from '../../../worker/lib/verdict'
import { exampleTool } from '../../../worker/lib/verdict/quality-checks'
import { type Client, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { readFeed } from '../feed-reader'
import { db, json } from '../helpers'
import { outcomeOf, recordOutcome, surfaceWith } from '../probe-helpers'

const DAY = 24 * 3600_000

let liker: Client
let stranger: Client
let serverId: string

beforeAll(async () => {
  liker = await signIn('verdict-liker')
  stranger = await signIn('verdict-stranger')
  const now = Date.now()
  const row = await insertServer({
    displayName: 'Verdict Fixture',
    version: '1.0.0',
    remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }],
    githubUrl: 'https://github.com/acme/verdict-fixture',
    license: 'MIT',
    stars: 120,
    upstreamStatus: 'active',
  })
  serverId = row.id
  await db()
    .insert(serverVersions)
    .values({ serverId, version: '1.0.0', publishedAt: new Date(now - 10 * DAY).toISOString() })
  // A server that earns an A on every dimension: a well-defined tool (the quality checks' own
  // example), both protocol generations answered with a Server Card, a recent release.
  await recordOutcome(serverId, '1.0.0', {
    ...outcomeOf('ok', surfaceWith({ tools: [exampleTool()] }), new Date(now - DAY)),
    protocolVersion: '2026-07-28',
    generations: { stateless: true, initialize: true },
    serverCard: { name: 'io.github.acme/verdict-fixture' },
  })
  expect((await json(`/api/servers/${serverId}/like`, liker.write('POST'))).status).toBe(200)
})

describe('the detail answer', () => {
  it('says null until the listing is graded, then the stored verdict with every dimension', async () => {
    const before = await json<ServerDetail>(`/api/servers/${serverId}`)
    expect(before.status).toBe(200)
    expect(before.body.verdict).toBeNull()
    await gradeAllVerdicts(db())
    const { body } = await json<ServerDetail>(`/api/servers/${serverId}`)
    expect(body.verdict?.method).toBe(VERDICT_REV)
    expect(body.verdict?.dimensions.map((d) => d.dimension)).toEqual([
      'security',
      'toolQuality',
      'compatibility',
      'maintenance',
      'health',
      'installReadiness',
    ])
    expect(body.grade).toBe(body.verdict?.grade)
    expect(body.verdict?.grade).toBe('A')
  })
})

describe('a grade that falls', () => {
  it('reaches the dashboard of someone who liked the server, and not a stranger', async () => {
    // Three failed probes, then the registry deprecates it: health and maintenance fall.
    for (const hours of [3, 2, 1])
      await recordOutcome(serverId, '1.0.0', outcomeOf('unreachable', null, new Date(Date.now() - hours * 3600_000)))
    await db()
      .update(servers)
      .set({ upstreamStatus: 'deprecated', upstreamStatusMessage: 'Use verdict-fixture-2 instead.' })
      .where(eq(servers.id, serverId))
    await gradeAllVerdicts(db())
    const { body: detail } = await json<ServerDetail>(`/api/servers/${serverId}`)
    const to = detail.verdict?.grade ?? null
    expect(to).not.toBe('A')

    const { body } = await json<Dashboard>('/api/users/me/dashboard', liker.read())
    expect(body.verdictAlerts).toHaveLength(1)
    const alert = body.verdictAlerts[0]
    expect(alert).toMatchObject({ serverId, displayName: 'Verdict Fixture', from: 'A', to })
    expect(alert.reasons).toContain('Maintenance A to C: The registry marks its latest version deprecated: Use verdict-fixture-2 instead.')
    expect(alert.reasons.some((r) => r.startsWith('Health A to '))).toBe(true)

    const other = await json<Dashboard>('/api/users/me/dashboard', stranger.read())
    expect(other.body.verdictAlerts).toEqual([])
  })

  it('shows only the last 30 days, newest first', async () => {
    await db()
      .insert(gradeDrops)
      .values([
        { serverId, fromGrade: 'B', toGrade: 'C', reasons: '["old"]', createdAt: new Date(Date.now() - 31 * DAY).toISOString() },
        { serverId, fromGrade: 'C', toGrade: null, reasons: '["newer"]', createdAt: new Date(Date.now() + 1000).toISOString() },
      ])
    const { body } = await json<Dashboard>('/api/users/me/dashboard', liker.read())
    expect(body.verdictAlerts.map((a) => [a.from, a.reasons[0]])).toEqual([
      ['C', 'newer'],
      ['A', expect.any(String)],
    ])
  })

  it('is an entry of the server’s changes feed, linked to its verdict', async () => {
    const feed = await readFeed(`/feeds/changes/${serverId}.atom`)
    const drops = feed.entries.filter((e) => e.id.includes('#grade-drop-'))
    expect(drops).toHaveLength(3)
    expect(drops[0].title).toBe('Verdict Fixture: Grade C withdrawn: not enough is known')
    expect(drops[1].title).toMatch(/^Verdict Fixture: Grade fell from A to [B-E]$/)
    expect(drops[1].link).toContain(`/servers/${serverId}?tab=verdict`)
    expect(drops[1].summary).toContain('The registry marks its latest version deprecated')
    const rss = await readFeed(`/feeds/changes/${serverId}.rss`)
    expect(rss.entries.filter((e) => e.id.includes('#grade-drop-'))).toHaveLength(3)
  })
})
