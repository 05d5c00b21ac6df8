import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import seed from '../../../data/mcp-registry-seed-2025-05-16.json'
import { importEntries } from '../../../worker/db/imports'
import { servers, serverTags } from '../../../worker/db/schema'
import tooLong from '../../fixtures/server-json-examples/invalid/description-too-long.json'
import validMinimal from '../../fixtures/server-json-examples/valid/minimal.json'
import { db } from '../helpers'

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
