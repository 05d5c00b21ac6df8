import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ServerDetail } from '@shared/types'
import seed from '../../../data/mcp-registry-seed-2025-05-16.json'
import { importEntries } from '../../../worker/db/imports'
import { applyRegistryPage } from '../../../worker/db/registry-sync'
import { serverCategories, servers, serverTags, syncRuns } from '../../../worker/db/schema'
import tooLong from '../../fixtures/server-json-examples/invalid/description-too-long.json'
import validMinimal from '../../fixtures/server-json-examples/valid/minimal.json'
import { ADMIN_LOGIN, signIn } from '../auth-helpers'
import { db, json } from '../helpers'

describe('importEntries', () => {
  it('imports the real snapshot, refuses the blank entries with a reason, and is idempotent', async () => {
    const first = await importEntries(db(), seed)
    expect(first.added + first.refused.length).toBe(seed.length)
    expect(first.refused.length).toBe(seed.filter((e) => !e.name).length)
    expect(first.refused.every((r) => /name is required/.test(r.reason))).toBe(true)
    const [{ n }] = await db().select({ n: sql<number>`count(*)` }).from(servers)
    expect(n).toBe(first.added)
    const [{ t }] = await db().select({ t: sql<number>`count(*)` }).from(serverTags)
    expect(t).toBeGreaterThan(first.added)

    // Re-running updates in place: same rows, same ids, no duplicates.
    const magic = seed.find((e) => e.name === 'io.github.21st-dev/magic-mcp')!
    await db().update(servers).set({ likeCount: 5 }).where(eq(servers.id, magic.id))
    const second = await importEntries(db(), seed)
    expect(second).toMatchObject({ added: 0, updated: first.added })
    const [{ n: after }] = await db().select({ n: sql<number>`count(*)` }).from(servers)
    expect(after).toBe(first.added)
    const [row] = await db().select().from(servers).where(eq(servers.id, magic.id))
    // Counts that users made are not touched by a re-import.
    expect(row.likeCount).toBe(5)
    const [{ t: tagsAfter }] = await db().select({ t: sql<number>`count(*)` }).from(serverTags)
    expect(tagsAfter).toBe(t)
  })

  it('finds a listing again by repository when it has no registry name yet', async () => {
    const id = crypto.randomUUID()
    await db()
      .insert(servers)
      .values({ id, name: 'hand-made', displayName: 'Hand Made', description: 'x', githubUrl: 'https://github.com/user/weather-x' })
    const report = await importEntries(db(), [
      {
        name: 'io.github.user/weather-x',
        description: 'Weather.',
        version: '1.0.0',
        repository: { url: 'https://github.com/user/weather-x', source: 'github' },
      },
    ])
    expect(report).toMatchObject({ added: 0, updated: 1 })
    const [row] = await db().select().from(servers).where(eq(servers.id, id))
    expect(row.registryName).toBe('io.github.user/weather-x')
  })

  it('writes nothing for a refused entry and reports duplicates in one file', async () => {
    const report = await importEntries(db(), [tooLong, validMinimal, validMinimal])
    expect(report.added).toBe(1)
    expect(report.refused.map((r) => r.index)).toEqual([0, 2])
    const rows = await db().select().from(servers).where(eq(servers.registryName, 'io.github.user/verbose'))
    expect(rows).toEqual([])
  })
})

describe('a re-import after an edit here', () => {
  const entry = (name: string, version: string, title: string, description: string) => ({
    name,
    title,
    description,
    version,
    repository: { url: `https://github.com/${name.split('/')[1]}`, source: 'github' },
  })
  const byName = async (name: string) => (await db().select().from(servers).where(eq(servers.registryName, name)))[0]
  const sideRows = async (serverId: string) => ({
    tags: (await db().select().from(serverTags).where(eq(serverTags.serverId, serverId))).map((r) => r.tag).sort(),
    categories: (await db().select().from(serverCategories).where(eq(serverCategories.serverId, serverId)))
      .map((r) => `${r.category}:${r.source}`)
      .sort(),
  })

  it('keeps the fields an admin edited, updates the rest, and reports which it kept', async () => {
    const edited = 'io.github.acme/kept-widget'
    const plain = 'io.github.acme/plain-widget'
    const first = await importEntries(db(), [
      entry(edited, '1.0.0', 'Widget', 'Query Postgres databases'),
      entry(plain, '1.0.0', 'Plain Widget', 'Query Postgres databases'),
    ])
    expect(first).toMatchObject({ added: 2, updated: 0, kept: [] })
    const { id } = await byName(edited)
    const admin = await signIn(ADMIN_LOGIN)
    const saved = await json<ServerDetail>(
      `/api/servers/${id}`,
      admin.write('PUT', { displayName: 'Our Widget', description: 'Our own words about it.', categories: ['design'] }),
    )
    expect(saved.status).toBe(200)

    const again = await importEntries(db(), [
      entry(edited, '2.0.0', 'Widget Two', 'Send Slack messages to channels'),
      entry(plain, '2.0.0', 'Plain Widget Two', 'Send Slack messages to channels'),
    ])
    expect(again).toEqual({
      added: 0,
      updated: 2,
      kept: [{ name: edited, fields: ['displayName', 'description', 'categories'] }],
      refused: [],
    })
    const row = await byName(edited)
    expect(row).toMatchObject({
      id,
      displayName: 'Our Widget',
      description: 'Our own words about it.',
      categories: ['design'],
      version: '2.0.0',
      tags: ['productivity', 'communication'],
    })
    expect(await sideRows(id)).toEqual({ tags: ['communication', 'productivity'], categories: ['design:human'] })
    // The listing nobody edited follows the file entirely, its categories with its words.
    const other = await byName(plain)
    expect(other).toMatchObject({
      displayName: 'Plain Widget Two',
      description: 'Send Slack messages to channels',
      categories: ['communication'],
    })
    expect(await sideRows(other.id)).toEqual({ tags: ['communication', 'productivity'], categories: ['communication:auto'] })

    // The registry sync then keeps the same fields, and the category choice with them.
    const [run] = await db().insert(syncRuns).values({ kind: 'full', status: 'failed' }).returning()
    const meta = { status: 'active' as const, statusMessage: null, publishedAt: null, updatedAt: null, isLatest: true }
    await applyRegistryPage(db(), run.id, [{ server: entry(edited, '3.0.0', 'Widget Three', 'Browse with Playwright'), meta }], {
      cursor: null,
      done: false,
    })
    expect(await byName(edited)).toMatchObject({
      displayName: 'Our Widget',
      description: 'Our own words about it.',
      categories: ['design'],
      version: '3.0.0',
    })
    expect((await sideRows(id)).categories).toEqual(['design:human'])
  })
})
