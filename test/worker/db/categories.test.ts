import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import seed from '../../../data/mcp-registry-seed-2025-05-16.json'
import { categoryCounts } from '../../../worker/db/categories'
import { importEntries } from '../../../worker/db/imports'
import { applyRegistryPage } from '../../../worker/db/registry-sync'
import { serverCategories, servers, syncRuns } from '../../../worker/db/schema'
import { updateServer } from '../../../worker/db/server-writes'
import { backfillCategories } from '../../../worker/jobs/category-backfill'
import { signIn } from '../auth-helpers'
import { insertServer, OFFICIAL_META, registryEntry } from '../factories'
import { db } from '../helpers'

const rowsOf = async (serverId: string) =>
  (await db().select().from(serverCategories).where(eq(serverCategories.serverId, serverId))).map((r) => `${r.category}:${r.source}`).sort()
const row = async (id: string) => (await db().select().from(servers).where(eq(servers.id, id)))[0]

describe('categories in D1', () => {
  it('imports the real snapshot with every server in a category, rows and column in step, counts matching the rows', async () => {
    const report = await importEntries(db(), seed)
    const all = await db().select({ id: servers.id, categories: servers.categories, status: servers.status }).from(servers)
    expect(all.length).toBe(report.added)
    expect(all.every((s) => s.categories.length >= 1 && s.categories.length <= 3)).toBe(true)
    const [{ n }] = await db().select({ n: sql<number>`count(*)` }).from(serverCategories)
    expect(n).toBe(all.reduce((sum, s) => sum + s.categories.length, 0))

    const counts = await categoryCounts(db())
    for (const c of counts) {
      const expected = all.filter((s) => s.status === 'active' && s.categories.includes(c.slug)).length
      expect(c.count, c.slug).toBe(expected)
    }
  })

  it('backfills rows written without categories, and only those', async () => {
    const old = await insertServer({ displayName: 'Grafana Lens', description: 'Query Grafana dashboards and Prometheus metrics' })
    const chosen = await insertServer({ description: 'Grafana', categories: ['design'], localEdits: ['categories'] })
    expect((await row(old.id)).categories).toEqual([])
    let classified = 0
    for (let done = await backfillCategories(db(), 1); done > 0; done = await backfillCategories(db(), 1)) classified += done
    expect(classified).toBe(1)
    expect((await row(old.id)).categories).toEqual(['monitoring'])
    expect(await rowsOf(old.id)).toEqual(['monitoring:auto'])
    expect((await row(chosen.id)).categories).toEqual(['design'])
  })

  it("keeps a person's choice through a re-import and a registry sync; automatic ones follow the new words", async () => {
    const admin = await signIn('root-admin')
    await importEntries(db(), [
      registryEntry('io.github.acme/chosen', 'Query Postgres'),
      registryEntry('io.github.acme/auto', 'Query Postgres'),
    ])
    const [chosen] = await db().select().from(servers).where(eq(servers.registryName, 'io.github.acme/chosen'))
    const [auto] = await db().select().from(servers).where(eq(servers.registryName, 'io.github.acme/auto'))
    expect(chosen.categories).toEqual(['databases'])
    await updateServer(db(), chosen, { categories: ['data-analytics', 'finance'] }, admin.user!.id)
    expect(await rowsOf(chosen.id)).toEqual(['data-analytics:human', 'finance:human'])

    // A re-import with other words: the chosen listing keeps its categories, the other one moves.
    await importEntries(db(), [
      registryEntry('io.github.acme/chosen', 'Send Slack messages'),
      registryEntry('io.github.acme/auto', 'Send Slack messages'),
    ])
    expect((await row(chosen.id)).categories).toEqual(['data-analytics', 'finance'])
    expect(await rowsOf(chosen.id)).toEqual(['data-analytics:human', 'finance:human'])
    expect((await row(auto.id)).categories).toEqual(['communication'])
    expect(await rowsOf(auto.id)).toEqual(['communication:auto'])

    // The registry sync, the same way.
    const [run] = await db().insert(syncRuns).values({ kind: 'full' }).returning()
    const items = [
      registryEntry('io.github.acme/chosen', 'Browse with Playwright'),
      registryEntry('io.github.acme/auto', 'Browse with Playwright'),
    ]
    await applyRegistryPage(
      db(),
      run.id,
      items.map((server) => ({ server, meta: OFFICIAL_META })),
      { cursor: null, done: true },
    )
    expect((await row(chosen.id)).description).toBe('Browse with Playwright')
    expect((await row(chosen.id)).categories).toEqual(['data-analytics', 'finance'])
    expect(await rowsOf(chosen.id)).toEqual(['data-analytics:human', 'finance:human'])
    expect((await row(auto.id)).categories).toEqual(['browser-automation'])
    expect(await rowsOf(auto.id)).toEqual(['browser-automation:auto'])
  })

  it('classifies listings the sync adds', async () => {
    const [run] = await db().insert(syncRuns).values({ kind: 'full' }).returning()
    await applyRegistryPage(
      db(),
      run.id,
      [{ server: registryEntry('io.github.acme/new-one', 'Manage Kubernetes clusters'), meta: OFFICIAL_META }],
      {
        cursor: null,
        done: true,
      },
    )
    const [added] = await db().select().from(servers).where(eq(servers.registryName, 'io.github.acme/new-one'))
    expect(added.categories).toEqual(['cloud-infrastructure'])
    expect(await rowsOf(added.id)).toEqual(['cloud-infrastructure:auto'])
  })
})
