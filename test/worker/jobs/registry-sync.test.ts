import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerDetail } from '@shared/types'
import { applyRegistryPage, LEASE_MS, planRegistryPage, writePagePlan } from '../../../worker/db/registry-sync'
import { serverCategories, servers, serverTags, serverVersions, syncRefusals, syncRuns } from '../../../worker/db/schema'
import { updateServer } from '../../../worker/db/server-writes'
import { runSyncInvocation, type SyncOptions, syncOptions } from '../../../worker/jobs/registry-sync'
import type { OfficialMeta } from '../../../worker/lib/registry-entry'
import { ADMIN_LOGIN, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { db, json } from '../helpers'

/** The sync against one state of the fixture registry (test/fixtures/registry.ts). */
const options = (state: string, more: Partial<SyncOptions> = {}): SyncOptions =>
  syncOptions(env, { registryBase: `${env.FIXTURE_URL}/${state}`, maxPages: 100, minIntervalMs: 0, ...more })

async function untilComplete(state: string, more: Partial<SyncOptions> = {}) {
  for (let i = 0; i < 20; i++) {
    const { run } = await runSyncInvocation(db(), options(state, more))
    if (run?.status !== 'running') return run
  }
  throw new Error('the run did not complete')
}

const listing = async (name: string) => (await db().select().from(servers).where(eq(servers.registryName, name)))[0]

async function registryRequests(): Promise<string[]> {
  const res = await fetch(`${env.FIXTURE_URL}/__registry-requests`)
  return ((await res.json()) as { requests: string[] }).requests
}

// One file, one database: the describes run in order and build on each other, as runs do.
describe('registry sync', () => {
  let editableId: string

  beforeAll(async () => {
    // A listing registered here on the same repository as a registry entry: linked, never taken over.
    await insertServer({ name: 'my-widget', displayName: 'My Widget', githubUrl: 'https://github.com/acme/widget', repoOwner: 'acme' })
  })

  describe('first sync', () => {
    it('pages through the whole registry in bounded invocations and completes a full run', async () => {
      const first = await runSyncInvocation(db(), options('registry-jobs', { maxPages: 2 }))
      expect(first.pagesRead).toBe(2)
      expect(first.run).toMatchObject({ kind: 'full', status: 'running', pages: 2, updatedSince: null, leaseUntil: null })
      expect(first.run?.cursor).toBeTruthy()
      const run = await untilComplete('registry-jobs', { maxPages: 2 })
      // 11 entries, 3 a page: 4 pages; the invocations resumed at the saved cursor.
      expect(run).toMatchObject({ kind: 'full', status: 'completed', pages: 4, added: 7, refused: 2, hidden: 0 })
      expect(run?.invocations).toBe(2)
      expect(run?.finishedAt).toBeTruthy()
      const asked = (await registryRequests()).filter((r) => r.startsWith('/registry-jobs/'))
      expect(asked).toHaveLength(4)
      expect(asked[0]).toBe('/registry-jobs/v0.1/servers?limit=100')
      expect(asked.slice(1).every((r) => r.includes('cursor='))).toBe(true)
    })

    it('lists one server per name at its latest version, and keeps every version', async () => {
      const widget = await listing('io.github.acme/widget')
      expect(widget).toMatchObject({
        version: '2.0.0',
        displayName: 'Widget',
        source: 'registry',
        upstreamStatus: 'active',
        status: 'active',
      })
      expect(widget.syncedAt).toBeTruthy()
      expect(widget.upstreamUpdatedAt).toBe('2025-10-01T00:00:00Z')
      const versions = await db().select().from(serverVersions).where(eq(serverVersions.serverId, widget.id))
      expect(versions.map((v) => v.version).sort()).toEqual(['1.0.0', '1.1.0', '2.0.0'])
      expect(versions.find((v) => v.version === '1.1.0')?.packages).toMatchObject([{ identifier: '@acme/widget', version: '1.1.0' }])
      expect((await db().select().from(servers).where(eq(servers.registryName, 'io.github.acme/widget'))).length).toBe(1)
    })

    it('maps both shapes through the importer rules', async () => {
      expect(await listing('io.github.legacy/old-style')).toMatchObject({ version: '0.3.0', status: 'active', source: 'registry' })
      // Without a repository a listing waits for an admin, as the importer decides.
      expect(await listing('io.github.acme/no-repo')).toMatchObject({ status: 'pending' })
    })

    it('keeps a deprecated entry listed with its notice', async () => {
      expect(await listing('io.github.acme/old-tool')).toMatchObject({
        status: 'active',
        upstreamStatus: 'deprecated',
        upstreamStatusMessage: 'Use io.github.acme/widget instead.',
      })
    })

    it('records refused entries with their reasons and writes nothing of them', async () => {
      const [run] = await db().select().from(syncRuns).limit(1)
      const refusals = await db().select().from(syncRefusals).where(eq(syncRefusals.runId, run.id))
      expect(refusals.map((r) => r.name).sort()).toEqual(['io.github.acme/too-long', 'no slash here'])
      expect(refusals.find((r) => r.name === 'io.github.acme/too-long')?.reason).toMatch(/description/)
      expect(await listing('io.github.acme/too-long')).toBeUndefined()
    })

    it('starts no new run before one is due', async () => {
      const result = await runSyncInvocation(db(), options('registry', { minIntervalMs: 60 * 60_000 }))
      expect(result).toEqual({ run: null, pagesRead: 0 })
    })
  })

  describe('local edits', () => {
    it('records which registry fields an owner edited', async () => {
      const row = await listing('io.github.acme/editable')
      editableId = row.id
      await updateServer(db(), row, { description: 'Our own words.', tags: ['mine'] }, row.createdBy ?? (null as never))
      expect((await listing('io.github.acme/editable')).localEdits.sort()).toEqual(['description', 'tags'])
    })
  })

  describe('incremental sync', () => {
    it('asks for changes since the last complete run and applies them, keeping local edits', async () => {
      const [previous] = await db().select().from(syncRuns).where(eq(syncRuns.status, 'completed'))
      const run = await untilComplete('registry-later')
      expect(run).toMatchObject({ kind: 'incremental', status: 'completed', updatedSince: previous.startedAt })
      // The changes only: gone (deleted), editable (edited upstream), newcomer (new).
      expect(run).toMatchObject({ added: 1, updated: 1, hidden: 1, refused: 0, pages: 1 })
      const asked = (await registryRequests()).filter((r) => r.startsWith('/registry-later/'))
      expect(asked[0]).toContain(`updated_since=${encodeURIComponent(previous.startedAt)}`)

      const editable = await listing('io.github.acme/editable')
      // The registry's new version arrives; the description and tags written here stay.
      expect(editable).toMatchObject({ id: editableId, version: '1.1.0', description: 'Our own words.', tags: ['mine'] })
      const tags = await db().select().from(serverTags).where(eq(serverTags.serverId, editableId))
      expect(tags.map((t) => t.tag)).toEqual(['mine'])
      expect(await listing('io.github.acme/newcomer')).toMatchObject({ status: 'active' })
    })

    it('hides a listing deleted upstream without losing anything', async () => {
      const gone = await listing('io.github.acme/gone')
      expect(gone).toMatchObject({ status: 'deleted', upstreamStatus: 'deleted', description: 'The gone server.' })
    })

    it('restores a listing the registry brings back, but not one an admin deleted', async () => {
      await db().update(servers).set({ status: 'deleted' }).where(eq(servers.registryName, 'io.github.acme/old-tool'))
      await untilComplete('registry-restored', { force: true })
      expect(await listing('io.github.acme/gone')).toMatchObject({ status: 'active', upstreamStatus: 'active' })
      expect(await listing('io.github.acme/old-tool')).toMatchObject({ status: 'deleted' })
    })
  })

  describe('a run that stops', () => {
    it('resumes at the saved cursor, never from the start', async () => {
      const first = await runSyncInvocation(db(), options('registry', { maxPages: 1, force: true, full: true }))
      const cursor = first.run?.cursor
      expect(first.run).toMatchObject({ status: 'running', pages: 1 })
      const before = (await registryRequests()).length
      await runSyncInvocation(db(), options('registry', { maxPages: 1 }))
      const next = (await registryRequests()).slice(before)
      expect(next).toHaveLength(1)
      expect(next[0]).toContain(`cursor=${cursor}`)
    })

    it('leaves a run held by a running invocation alone until its lease runs out', async () => {
      const [running] = await db().select().from(syncRuns).where(eq(syncRuns.status, 'running'))
      // An invocation stopped mid-page (CPU limit, deploy) never gave its run back.
      const held = new Date(Date.now() + LEASE_MS).toISOString()
      await db().update(syncRuns).set({ leaseUntil: held }).where(eq(syncRuns.id, running.id))
      expect((await runSyncInvocation(db(), options('registry'))).run).toBeNull()
      const later = new Date(Date.now() + LEASE_MS + 1000)
      const taken = await runSyncInvocation(db(), options('registry', { now: () => later }))
      expect(taken.run).toMatchObject({ id: running.id, status: 'completed' })
    })

    it('records an outage as the last error and keeps the run to resume; gives up after repeated failures', async () => {
      const down = await runSyncInvocation(db(), options('registry-down', { force: true }))
      expect(down.run).toMatchObject({ status: 'running', lastError: 'registry answered 500', errorCount: 1, leaseUntil: null })
      let run = down.run
      for (let i = 0; i < 4; i++) run = (await runSyncInvocation(db(), options('registry-down'))).run
      expect(run).toMatchObject({ status: 'failed', errorCount: 5 })
      expect(run?.finishedAt).toBeTruthy()
    })
  })

  describe('a page of refusals', () => {
    it('records every refused entry of a full page, within the limit of D1 on bound parameters', async () => {
      const [run] = await db().insert(syncRuns).values({ kind: 'full', status: 'failed' }).returning()
      const items = Array.from({ length: 100 }, (_, i) => ({
        server: { name: `bad name ${i}`, description: 'no namespace', version: '1.0.0' },
        meta: { status: 'active' as const, statusMessage: null, publishedAt: null, updatedAt: null, isLatest: true },
      }))
      const counts = await applyRegistryPage(db(), run.id, items, { cursor: null, done: true })
      expect(counts).toEqual({ added: 0, updated: 0, hidden: 0, refused: 100 })
      expect(await db().select().from(syncRefusals).where(eq(syncRefusals.runId, run.id))).toHaveLength(100)
    })
  })

  // The sync reads a page's listings, then writes them in later batches: an owner's edit can land
  // in between. The plan is the read; writing it is the write; the edit goes through the API.
  describe('an edit saved between the sync reading a page and writing it', () => {
    const meta: OfficialMeta = {
      status: 'active',
      statusMessage: null,
      publishedAt: '2025-09-01T00:00:00Z',
      updatedAt: null,
      isLatest: true,
    }
    const progress = { cursor: null, done: false }
    const entry = (name: string, version: string, description: string, repo: string | null) => ({
      name,
      description,
      version,
      ...(repo ? { repository: { url: `https://github.com/${repo}`, source: 'github' } } : {}),
    })
    const sideRows = async (serverId: string) => ({
      tags: (await db().select().from(serverTags).where(eq(serverTags.serverId, serverId))).map((r) => r.tag).sort(),
      categories: (await db().select().from(serverCategories).where(eq(serverCategories.serverId, serverId)))
        .map((r) => `${r.category}:${r.source}`)
        .sort(),
    })

    /** Syncs `before`, reads a page with `after`, saves `edit` through the API, then writes the page. */
    async function raced(before: object, after: object, edit: object) {
      const admin = await signIn(ADMIN_LOGIN)
      const [run] = await db().insert(syncRuns).values({ kind: 'full', status: 'failed' }).returning()
      await applyRegistryPage(db(), run.id, [{ server: before, meta }], progress)
      const { id } = await listing((before as { name: string }).name)
      const plan = await planRegistryPage(db(), run.id, [{ server: after, meta }], progress)
      const saved = await json<ServerDetail>(`/api/servers/${id}`, admin.write('PUT', edit))
      expect(saved.status).toBe(200)
      await writePagePlan(db(), plan)
      return id
    }

    it('keeps the edited fields, their tag and category rows, and takes the registry for the rest', async () => {
      const name = 'io.github.race/widget'
      const id = await raced(
        entry(name, '1.0.0', 'Query Postgres databases', 'race/widget'),
        entry(name, '2.0.0', 'Send Slack messages to channels', 'race/widget'),
        { displayName: 'Our Widget', tags: ['ours'], categories: ['design'] },
      )
      const row = await listing(name)
      expect(row).toMatchObject({
        id,
        displayName: 'Our Widget',
        tags: ['ours'],
        categories: ['design'],
        description: 'Send Slack messages to channels',
        version: '2.0.0',
      })
      expect(row.localEdits.sort()).toEqual(['categories', 'displayName', 'tags'])
      expect(await sideRows(id)).toEqual({ tags: ['ours'], categories: ['design:human'] })
    })

    it('leaves automatic categories to the edit that changed the words they were classified from', async () => {
      const name = 'io.github.race/sprocket'
      const id = await raced(
        entry(name, '1.0.0', 'Query Postgres databases', 'race/sprocket'),
        entry(name, '2.0.0', 'Send Slack messages to channels', 'race/sprocket'),
        { description: 'Browse the web with Playwright' },
      )
      // The sync classified the registry's words; the edit's words stand, and so do their categories.
      expect(await listing(name)).toMatchObject({
        description: 'Browse the web with Playwright',
        categories: ['browser-automation'],
        version: '2.0.0',
      })
      expect((await sideRows(id)).categories).toEqual(['browser-automation:auto'])
    })

    it('keeps an edited repository, its owner and the status that follows from it', async () => {
      const name = 'io.github.race/gadget'
      // The registry drops the repository (such a listing waits for an admin) while an owner moves it.
      await raced(entry(name, '1.0.0', 'A gadget.', 'race/gadget'), entry(name, '1.1.0', 'A gadget, renamed.', null), {
        githubUrl: 'https://github.com/race-fork/gadget',
      })
      expect(await listing(name)).toMatchObject({
        githubUrl: 'https://github.com/race-fork/gadget',
        repoOwner: 'race-fork',
        status: 'active',
        description: 'A gadget, renamed.',
        version: '1.1.0',
      })
    })
  })
})
