/**
 * The supply-chain watch end to end against the fixture registry (test/fixtures/package-registry.ts,
 * npm and PyPI in their own document shapes): listings enrolled by the cron, due packages queued and
 * read by the queue's consumer, each new version scored and stored, and what people then see: the
 * band on cards, the Supply chain section, a newer version held back, the review queue, the
 * dashboard, the feed, the registry API's `_meta`, the advisory's figures. Conditional reads, the
 * request allowance and a failing registry too.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { INSTALL_REV } from '@shared/install'
import type { ReviewQueueResponse } from '@shared/scan'
import type { SupplyStats } from '@shared/supply'
import type { Dashboard, ServerDetail, ServerList } from '@shared/types'
import { listingPackages, packageVersions, servers, watchedPackages } from '../../../worker/db/schema'
import worker from '../../../worker/index'
import { fillKeptInstalls } from '../../../worker/jobs/install-output-fill'
import { QUEUES, SCHEDULES, supplyWatch } from '../../../worker/jobs/schedule'
import { enqueueDueWatches, WATCH_QUEUE_NAME, type WatchMessage, watchPackages } from '../../../worker/jobs/supply-watch'
import type { RegistryFetch } from '../../../worker/lib/outbound/package-registry'
import { WATCH_SUBREQUESTS, watchSettings } from '../../../worker/services/watch'
import { ADMIN_LOGIN, type Client, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { readFeed } from '../feed-reader'
import { call, db, json } from '../helpers'

const watchEnv = { ...env, SUPPLY_WATCH_ENABLED: 'true' }
const HOUR = 3600_000

/** Settings as the Worker's, with a clock the test moves. */
const settingsAt = (now: Date, overrides = {}) => watchSettings(watchEnv, { now: () => now, ...overrides })

const control = (path: string, init?: RequestInit) => fetch(`${env.FIXTURE_URL}${path}`, init).then((r) => r.json() as Promise<any>)
const reset = (registry: string, name: string) =>
  control(`/__packages/reset?registry=${registry}&name=${encodeURIComponent(name)}`, { method: 'POST' })
const release = (registry: string, name: string) =>
  control(`/__packages/release?registry=${registry}&name=${encodeURIComponent(name)}`, { method: 'POST' }).then((r) => r.version as string)
const requests = (name: string) => control(`/__packages/requests?name=${encodeURIComponent(name)}`).then((r) => r.requests as any[])

/** A queue that keeps what is sent to it. */
function capturingQueue() {
  const sent: WatchMessage[] = []
  const queue = {
    async sendBatch(messages: Iterable<MessageSendRequest<WatchMessage>>) {
      for (const m of messages) sent.push(m.body)
    },
  } as unknown as Queue<WatchMessage>
  return { queue, sent }
}

/** The queue's batch as the platform delivers it, through the Worker's own `queue` handler. */
async function deliver(bodies: WatchMessage[]) {
  const batch = createMessageBatch(
    WATCH_QUEUE_NAME,
    bodies.map((body, i) => ({ id: `m${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  )
  const ctx = createExecutionContext()
  await worker.queue(batch, watchEnv, ctx)
  return { batch, result: await getQueueResult(batch, ctx) }
}

const npmPackage = (identifier: string, version?: string) => ({
  registryType: 'npm',
  identifier,
  ...(version ? { version } : {}),
  transport: { type: 'stdio' },
})

/** A listing installing `pkg`, enrolled and its package read once (the first read: the package's history). */
async function watched(pkg: object, overrides: Parameters<typeof insertServer>[0] = {}, now = new Date()) {
  const server = await insertServer({ version: '1.0.0', packages: [pkg], ...overrides })
  const { queue } = capturingQueue()
  await enqueueDueWatches(db(), queue, settingsAt(now))
  // Its own packages, whether or not another test's enqueue holds their lease.
  const links = await db().select({ id: listingPackages.packageId }).from(listingPackages).where(eq(listingPackages.serverId, server.id))
  await watchPackages(
    db(),
    links.map((l) => l.id),
    settingsAt(now),
  )
  return server
}

/** The watched package's id by name. */
const packageId = async (name: string) => (await db().select().from(watchedPackages).where(eq(watchedPackages.name, name)))[0].id

/** Reads the package again `hours` later (it is due by then). */
async function checkAgain(name: string, at: Date) {
  return (await watchPackages(db(), [await packageId(name)], settingsAt(at))).results.get(await packageId(name))
}

const versionOf = async (name: string, version: string) =>
  (
    await db()
      .select({ v: packageVersions })
      .from(packageVersions)
      .innerJoin(watchedPackages, eq(watchedPackages.id, packageVersions.packageId))
      .where(eq(watchedPackages.name, name))
  ).find((r) => r.v.version === version)?.v

let admin: Client
let liker: Client
beforeAll(async () => {
  admin = await signIn(ADMIN_LOGIN)
  liker = await signIn('watch-liker')
})

describe('the schedule', () => {
  it('enrols and queues every minute, and the watch queue has its consumer', () => {
    expect(SCHEDULES['* * * * *']).toContain(supplyWatch)
    expect(Object.keys(QUEUES)).toContain(WATCH_QUEUE_NAME)
  })

  it('does nothing while the watch is off', async () => {
    await insertServer({ packages: [npmPackage('watch-patches')] })
    const { queue, sent } = capturingQueue()
    expect(await enqueueDueWatches(db(), queue, watchSettings({ ...env, SUPPLY_WATCH_ENABLED: 'false' }))).toEqual({
      enrolled: 0,
      queued: 0,
    })
    expect(sent).toEqual([])
  })

  it("says in the server's answer whether the watch runs, so its page promises a read only where one will come", async () => {
    const s = await insertServer({ packages: [npmPackage('watch-said')] })
    expect((await json<ServerDetail>(`/api/servers/${s.id}`)).body.supplyChain.watching).toBe(true)
    const off = await worker.fetch(
      new Request(`https://catalogue.test/api/servers/${s.id}`),
      { ...env, SUPPLY_WATCH_ENABLED: 'false' },
      createExecutionContext(),
    )
    expect(((await off.json()) as ServerDetail).supplyChain.watching).toBe(false)
  })
})

describe('a postmark-like history: fifteen quiet versions, then a new publisher with an install script', () => {
  const name = 'watch-postmark-mcp'
  let serverId: string
  let pinnedId: string
  const t0 = new Date()

  it('reads the package once whole (its history) through the cron and the queue, and finds nothing to say', async () => {
    await reset('npm', name)
    const server = await insertServer({
      packages: [npmPackage(name)],
      githubUrl: 'https://github.com/phanpak/postmark-mcp',
      author: 'phanpak',
    })
    const pinned = await insertServer({ packages: [npmPackage(name, '1.0.15')] })
    serverId = server.id
    pinnedId = pinned.id
    const { queue, sent } = capturingQueue()
    const queued = await enqueueDueWatches(db(), queue, settingsAt(t0))
    expect(queued.enrolled).toBeGreaterThanOrEqual(2)
    const id = await packageId(name)
    expect(sent.filter((m) => m.packageId === id)).toHaveLength(1)

    const { result } = await deliver(sent.filter((m) => m.packageId === id))
    expect(result.retryMessages).toEqual([])
    const versions = await db().select().from(packageVersions).where(eq(packageVersions.packageId, id))
    expect(versions.map((v) => v.version).sort()).toContain('1.0.15')
    expect(versions.length).toBe(15)
    // Older versions are history: scored, never news.
    expect(versions.filter((v) => !v.history).map((v) => v.version)).toEqual(['1.0.15'])
    // Quiet: nothing fires after the first version, which only says it has no history to compare with.
    expect(versions.filter((v) => v.version !== '1.0.1').every((v) => v.score === 0)).toBe(true)
    // The packument once, and the dist-tags for the ETag the next check sends back.
    const log = await requests(name)
    expect(log.map((r) => r.path)).toEqual([`/npm/${name}`, `/npm/-/package/${name}/dist-tags`])

    const { body } = await json<ServerDetail>(`/api/servers/${serverId}`)
    expect(body.supplyChain.packages).toHaveLength(1)
    expect(body.supplyChain.packages[0]).toMatchObject({
      registry: 'npm',
      name,
      pinned: null,
      installVersion: '1.0.15',
      latest: '1.0.15',
      heldBack: null,
    })
    expect(body.supplyChain.packages[0].versions[0].version).toBe('1.0.15')
    expect(body.supplyChain.packages[0].versions.length).toBe(10)
    // Nothing held back: the kept card command installs the latest, as the listing says.
    await fillKeptInstalls(db())
    const [row] = await db().select().from(servers).where(eq(servers.id, serverId))
    expect(row.installRev).toBe(INSTALL_REV)
    expect(row.cardInstall).toContain(name)
    expect(row.cardInstall).not.toContain(`${name}@`)
  })

  it('asks again with the ETag it was given: nothing new costs one 304', async () => {
    await checkAgain(name, new Date(t0.getTime() + 7 * HOUR))
    await checkAgain(name, new Date(t0.getTime() + 14 * HOUR))
    const log = (await requests(name)).filter((r) => r.path.includes('dist-tags'))
    expect(log).toHaveLength(3)
    expect(log[0].ifNoneMatch).toBeFalsy()
    for (const again of log.slice(1)) {
      expect(again).toMatchObject({ status: 304 })
      expect(again.ifNoneMatch).toBeTruthy()
    }
    // Nothing new: no version document, no packument read again.
    expect((await requests(name)).length).toBe(4)
  })

  it('scores 1.0.16 High, holds it back from the install, and tells people', async () => {
    await json(`/api/servers/${serverId}/like`, liker.write('POST'))
    expect(await release('npm', name)).toBe('1.0.16')
    const result = await checkAgain(name, new Date(t0.getTime() + 21 * HOUR))
    expect(result?.added.map((v) => v.version)).toEqual(['1.0.16'])
    const v16 = await versionOf(name, '1.0.16')
    expect(v16?.band).toBe('high')
    const rules = (JSON.parse(v16!.signals) as Array<{ rule: string; evidence: string }>).map((s) => s.rule)
    expect(rules).toEqual(expect.arrayContaining(['publisher.new', 'install-script.added']))
    // Only the new version's own document was read, never the packument again.
    const log = await requests(name)
    expect(log.filter((r) => r.path === `/npm/${name}`)).toHaveLength(1)
    expect(log.at(-1).path).toBe(`/npm/${name}/1.0.16`)

    // The unpinned listing installs 1.0.15 and says why; the pinned one keeps 1.0.15 and names 1.0.16 too.
    const { body } = await json<ServerDetail>(`/api/servers/${serverId}`)
    const pkg = body.supplyChain.packages[0]
    expect(pkg).toMatchObject({ installVersion: '1.0.15', latest: '1.0.16', heldBack: { version: '1.0.16', score: v16!.score } })
    expect(pkg.versions[0]).toMatchObject({ version: '1.0.16', band: 'high', score: v16!.score })
    expect(pkg.versions[0].signals.find((s) => s.rule === 'install-script.added')?.evidence).toContain('node scripts/setup.js')
    expect(body.supplyBand).toBe(pkg.band)
    const pinned = await json<ServerDetail>(`/api/servers/${pinnedId}`)
    expect(pinned.body.supplyChain.packages[0]).toMatchObject({
      pinned: '1.0.15',
      installVersion: '1.0.15',
      heldBack: { version: '1.0.16' },
    })

    // An AI client asking the catalogue's MCP endpoint gets the same pin and the same note.
    const mcp = await call('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'CF-Connecting-IP': '192.0.2.35' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_install_config', arguments: { server: serverId, client: 'claude-code' } },
      }),
    })
    // Answered as one server-sent event.
    const message = JSON.parse(/^data: (.+)$/m.exec(await mcp.text())![1])
    const config = message.result.structuredContent
    expect(config.command).toContain(`${name}@1.0.15`)
    expect(config.notes[0]).toBe(
      `${name} 1.0.16 is newer but held back: it scored High (${v16!.score}) in the catalogue's supply-chain watch. This configuration installs 1.0.15.`,
    )

    // The card's band is the installed version's, and its kept install command (marked stale when
    // the choice moved, filled again by the cron) pins the version before the one held back.
    expect((await db().select({ rev: servers.installRev }).from(servers).where(eq(servers.id, serverId)))[0].rev).toBe(0)
    await fillKeptInstalls(db())
    const list = await json<ServerList>(`/api/servers?packageType=npm&limit=50`)
    const card = list.body.servers.find((s) => s.id === serverId)
    expect(card?.supplyBand).toBe(pkg.band)
    expect(card?.installCommand).toContain(`${name}@1.0.15`)
    const [row] = await db().select().from(servers).where(eq(servers.id, serverId))
    const served = await json(`/v0.1/servers/${encodeURIComponent(row.name)}/versions/latest`)
    expect(JSON.stringify(served.body._meta['io.github.mcp-catalogue/listing'].install)).toContain(`${name}@1.0.15`)

    // A dashboard entry for the person who likes it.
    const dash = await json<Dashboard>('/api/users/me/dashboard', liker.read())
    const alert = dash.body.supplyAlerts.find((a) => a.serverId === serverId)
    expect(alert).toMatchObject({ packageName: name, version: '1.0.16', band: 'high', why: 'like' })
    expect(alert?.summary).toMatch(/^watch-postmark-mcp 1\.0\.16 scored High \(\d+\)/)

    // One review item per listing that installs it.
    const queue = await json<ReviewQueueResponse>('/api/admin/review?status=open', admin.read())
    const items = queue.body.items.filter((i) => i.kind === 'package' && i.title.startsWith(`${name} 1.0.16`))
    expect(items.map((i) => i.serverId).sort()).toEqual([serverId, pinnedId].sort())
    expect(items[0].severity).toBe('high')

    // The catalogue-wide feed, read as readers read it (and checked as Atom on the way).
    const feed = await readFeed('/feeds/supply-chain.atom')
    const entry = feed.entries.find((e) => e.title.startsWith(`${name} 1.0.16`))
    expect(entry?.link).toContain(`/servers/`)
    expect(entry?.link).toContain('tab=supply-chain')
    expect(entry?.summary).toContain('node scripts/setup.js')
    expect((await readFeed('/feeds/supply-chain.rss')).entries.some((e) => e.title.startsWith(`${name} 1.0.16`))).toBe(true)

    // The advisory's live figures count it.
    const stats = await json<SupplyStats>('/api/security/supply-stats')
    expect(stats.body.packagesWatched).toBeGreaterThanOrEqual(1)
    expect(stats.body.bands30d.high).toBeGreaterThanOrEqual(1)
    expect(stats.body.latestHigh.find((h) => h.packageName === name)).toMatchObject({ version: '1.0.16', serverId: expect.any(String) })
    expect(stats.body.lastRunAt).not.toBeNull()
  })

  it("serves the band and the signals in the registry API's _meta of the version", async () => {
    const [row] = await db().select().from(servers).where(eq(servers.id, pinnedId))
    const { body } = await json(`/v0.1/servers/${encodeURIComponent(row.name)}/versions/latest`)
    const meta = body._meta['io.github.mcp-catalogue/listing'].supplyChain
    expect(meta).toEqual([
      expect.objectContaining({
        registry: 'npm',
        name,
        pinned: '1.0.15',
        version: '1.0.15',
        heldBack: expect.objectContaining({ version: '1.0.16' }),
      }),
    ])
    expect(meta[0].signals).toEqual(expect.any(Array))
  })

  it("takes an admin's dismissal: the reason shows beside the version, and nothing is held back any more", async () => {
    const queue = await json<ReviewQueueResponse>('/api/admin/review?status=open', admin.read())
    const item = queue.body.items.find((i) => i.kind === 'package' && i.serverId === serverId && i.title.startsWith(`${name} 1.0.16`))!
    const decided = await json(
      `/api/admin/review/${item.id}`,
      admin.write('POST', { action: 'dismiss', reason: 'The maintainer confirmed the new release bot.' }),
    )
    expect(decided.status).toBe(200)
    const { body } = await json<ServerDetail>(`/api/servers/${serverId}`)
    const pkg = body.supplyChain.packages[0]
    expect(pkg).toMatchObject({ installVersion: '1.0.16', band: 'none', heldBack: null })
    expect(pkg.versions[0].review).toMatchObject({
      status: 'dismissed',
      reason: 'The maintainer confirmed the new release bot.',
      by: ADMIN_LOGIN,
    })
    // Still held back on the other listing, which nobody dismissed for.
    const pinned = await json<ServerDetail>(`/api/servers/${pinnedId}`)
    expect(pinned.body.supplyChain.packages[0].heldBack).toMatchObject({ version: '1.0.16' })
    const dash = await json<Dashboard>('/api/users/me/dashboard', liker.read())
    expect(dash.body.supplyAlerts.find((a) => a.serverId === serverId)).toBeUndefined()
  })
})

/** Watches a history, releases its next version(s), and returns the newest version's rules and band. */
async function releasedScore(registry: 'npm' | 'pypi', name: string, releases = 1, overrides: Parameters<typeof insertServer>[0] = {}) {
  await reset(registry, name)
  const t = new Date()
  const pkg = registry === 'npm' ? npmPackage(name) : { registryType: 'pypi', identifier: name, transport: { type: 'stdio' } }
  await watched(pkg, overrides, t)
  let version = ''
  for (let i = 1; i <= releases; i++) {
    version = await release(registry, name)
    await checkAgain(name, new Date(t.getTime() + i * 7 * HOUR))
  }
  const v = await versionOf(name, version)
  expect(v, `${name} ${version} was read`).toBeDefined()
  return { version, band: v!.band, score: v!.score, rules: (JSON.parse(v!.signals) as Array<{ rule: string }>).map((s) => s.rule) }
}

describe('each signal, read from the registry as it would be', () => {
  it.each([
    ['watch-install-script', 'install-script.added'],
    ['watch-provenance', 'provenance.dropped'],
    ['watch-repo-swap', 'repository.changed'],
    ['watch-size-jump', 'size.jump'],
    ['watch-young-dep', 'dependency.young'],
    ['watch-dep-lookalike', 'dependency.lookalike'],
    ['watch-deprecated', 'version.deprecated'],
  ])('%s: %s', async (name, rule) => {
    const { rules } = await releasedScore('npm', name)
    expect(rules).toContain(rule)
  })

  it('a burst of versions after a long silence', async () => {
    const { rules } = await releasedScore('npm', 'watch-burst', 3)
    expect(rules).toContain('versions.burst')
  })

  it('a PyPI release that ships only a source distribution', async () => {
    const { rules } = await releasedScore('pypi', 'watch-pypi-sdist')
    expect(rules).toContain('install-script.added')
  })

  it('a package name one edit from a package listed before it', async () => {
    await reset('npm', 'watch-weather')
    await reset('npm', 'watch-waether')
    await watched(npmPackage('watch-weather'))
    await watched(npmPackage('watch-waether'))
    const [first, second] = await Promise.all(['watch-weather', 'watch-waether'].map((n) => versionsOf(n)))
    expect(first.flatMap((v) => v.rules)).not.toContain('name.lookalike')
    expect(second.at(-1)?.rules).toContain('name.lookalike')
  })
})

describe('ordinary releases stay quiet', () => {
  it.each([
    ['npm', 'watch-patches'],
    ['npm', '@watch/team-tool'],
    ['npm', 'watch-growing'],
    ['pypi', 'watch-pypi-quiet'],
  ] as const)('%s %s', async (registry, name) => {
    const { score, band } = await releasedScore(registry, name)
    expect(band === 'none' || band === 'low', `scored ${score}`).toBe(true)
  })
})

async function versionsOf(name: string) {
  const rows = await db()
    .select({ v: packageVersions })
    .from(packageVersions)
    .innerJoin(watchedPackages, eq(watchedPackages.id, packageVersions.packageId))
    .where(eq(watchedPackages.name, name))
  return rows.map((r) => ({ version: r.v.version, rules: (JSON.parse(r.v.signals) as Array<{ rule: string }>).map((s) => s.rule) }))
}

describe('limits and failures', () => {
  it("starts a check only while the invocation's allowance covers one, and gives the rest back", async () => {
    const ids = [await packageId('watch-patches'), await packageId('watch-growing')]
    await db()
      .update(watchedPackages)
      .set({ leaseUntil: new Date(Date.now() + HOUR).toISOString() })
    const run = await watchPackages(db(), ids, settingsAt(new Date(), { subrequestBudget: WATCH_SUBREQUESTS }))
    expect(run.results.size).toBe(1)
    expect(run.notStarted).toEqual([ids[1]])
  })

  it('backs off a registry that fails, and records why', async () => {
    await insertServer({ packages: [npmPackage('rate-limited-watch')] })
    const now = new Date()
    const { queue, sent } = capturingQueue()
    await enqueueDueWatches(db(), queue, settingsAt(now))
    const id = await packageId('rate-limited-watch')
    expect(sent.map((m) => m.packageId)).toContain(id)
    const run = await watchPackages(db(), [id], settingsAt(now))
    expect(run.failed.size).toBe(0)
    const [row] = await db().select().from(watchedPackages).where(eq(watchedPackages.id, id))
    expect(row).toMatchObject({ failures: 1, lastStatus: 'failed', leaseUntil: null })
    expect(row.lastError).toContain('429')
    expect(Date.parse(row.dueAt) - now.getTime()).toBe(2 * HOUR)
  })

  it('enrols a listing again when its packages change, and forgets a listing no longer listed', async () => {
    const s = await watched(npmPackage('watch-patches'))
    const links = () => db().select().from(listingPackages).where(eq(listingPackages.serverId, s.id))
    expect(await links()).toHaveLength(1)
    await db()
      .update(servers)
      .set({ packages: [npmPackage('watch-growing'), { registryType: 'pypi', identifier: 'Watch_PyPI.Quiet' }] })
      .where(eq(servers.id, s.id))
    const { queue } = capturingQueue()
    await enqueueDueWatches(db(), queue, settingsAt(new Date()))
    const names = await db()
      .select({ name: watchedPackages.name })
      .from(listingPackages)
      .innerJoin(watchedPackages, eq(watchedPackages.id, listingPackages.packageId))
      .where(eq(listingPackages.serverId, s.id))
    expect(names.map((n) => n.name).sort()).toEqual(['watch-growing', 'watch-pypi-quiet'])
    await db().update(servers).set({ status: 'deleted' }).where(eq(servers.id, s.id))
    await enqueueDueWatches(db(), queue, settingsAt(new Date()))
    expect(await links()).toHaveLength(0)
    expect((await db().select().from(servers).where(eq(servers.id, s.id)))[0].supplyBand).toBeNull()
  })
})

describe('the watch says only what it saw (issue 43)', () => {
  const pypiPackage = (identifier: string, version?: string) => ({
    registryType: 'pypi',
    identifier,
    ...(version ? { version } : {}),
    transport: { type: 'stdio' },
  })
  const rulesOf = (v: { signals: string } | undefined) => (JSON.parse(v?.signals ?? '[]') as Array<{ rule: string }>).map((s) => s.rule)

  it('keeps a pinned version the registry never had as not found, not as unpublished, and scores nothing of it', async () => {
    await reset('npm', 'watch-removed')
    // 1.0.1 was unpublished before the watch ever read it; 9.9.9 was never published at all.
    const server = await watched(npmPackage('watch-removed', '1.0.1'))
    const other = await watched(npmPackage('watch-removed', '9.9.9'))
    for (const version of ['1.0.1', '9.9.9']) {
      const v = await versionOf('watch-removed', version)
      expect(v, version).toMatchObject({ missing: true, removed: false, score: 0, band: 'none', publishedAt: null })
      expect(rulesOf(v)).toEqual([])
    }
    const { body } = await json<ServerDetail>(`/api/servers/${server.id}`)
    const pkg = body.supplyChain.packages[0]
    expect(pkg.versions.find((v) => v.version === '1.0.1')).toMatchObject({ missing: true, removed: false, signals: [] })
    expect(pkg.versions.filter((v) => v.removed)).toEqual([])
    // A version that was never read is no band for the listing that pins it.
    expect(pkg).toMatchObject({ installVersion: '1.0.1', band: null, lastRead: { status: 'read', error: null } })
    expect((await json<ServerDetail>(`/api/servers/${other.id}`)).body.supplyChain.packages[0].band).toBeNull()
  })

  it('says a version was unpublished only when it was read before and is gone now', async () => {
    const name = 'watch-unpublish'
    await reset('npm', name)
    const t = new Date()
    await watched(npmPackage(name, '2.2.0'), {}, t)
    expect(await versionOf(name, '2.2.0')).toMatchObject({ missing: false, removed: false })
    await control(`/__packages/unpublish?registry=npm&name=${name}&version=2.2.0`, { method: 'POST' })
    // The installed versions are read again once a day.
    await checkAgain(name, new Date(t.getTime() + 25 * HOUR))
    const v = await versionOf(name, '2.2.0')
    expect(v).toMatchObject({ missing: false, removed: true })
    expect(rulesOf(v)).toContain('version.removed')
  })

  it('orders releases by their versions where the publish times disagree', async () => {
    await reset('npm', 'watch-time-skew')
    await watched(npmPackage('watch-time-skew'))
    // 1.1.0 added the postinstall (its time is after 1.2.0's); 1.2.0 only kept it.
    expect(rulesOf(await versionOf('watch-time-skew', '1.1.0'))).toContain('install-script.added')
    expect(rulesOf(await versionOf('watch-time-skew', '1.2.0'))).not.toContain('install-script.added')
    expect(rulesOf(await versionOf('watch-time-skew', '1.2.0'))).not.toContain('install-script.present')
  })

  it('reads a registry that sends only Last-Modified conditionally: nothing new is a 304 and nothing scored', async () => {
    const name = 'watch-last-modified'
    await reset('npm', name)
    const t = new Date()
    await watched(npmPackage(name), {}, t)
    const [row] = await db().select().from(watchedPackages).where(eq(watchedPackages.name, name))
    expect(row.etag).toBeNull()
    expect(row.lastModified).toMatch(/GMT$/)
    const quiet = await checkAgain(name, new Date(t.getTime() + 7 * HOUR))
    expect(quiet).toMatchObject({ status: 'unchanged', added: [], updated: [] })
    const tagsReads = (await requests(name)).filter((r) => r.path.endsWith('/dist-tags'))
    expect(tagsReads.at(-1)).toMatchObject({ ifModifiedSince: row.lastModified, ifNoneMatch: null, status: 304 })
    expect(await release('npm', name)).toBe('1.3.0')
    const moved = await checkAgain(name, new Date(t.getTime() + 14 * HOUR))
    expect(moved?.status).toBe('ok')
    expect(moved?.added.map((v) => v.version)).toEqual(['1.3.0'])
  })

  it('reads a registry that sends no validators whole, and knows an unchanged body by its hash: nothing read after it, nothing scored', async () => {
    const name = 'watch-pypi-plain'
    await reset('pypi', name)
    const t = new Date()
    await watched(pypiPackage(name), {}, t)
    const [row] = await db().select().from(watchedPackages).where(eq(watchedPackages.name, name))
    expect(row).toMatchObject({ etag: null, lastModified: null })
    expect(row.contentHash).toMatch(/^[0-9a-f]{64}$/)
    const before = (await requests(name)).length
    const quiet = await checkAgain(name, new Date(t.getTime() + 7 * HOUR))
    expect(quiet).toMatchObject({ status: 'unchanged', added: [], updated: [] })
    // One whole read of the project document (no validator to send), and nothing after it.
    expect((await requests(name)).slice(before)).toMatchObject([{ path: `/pypi-org/pypi/${name}/json`, ifNoneMatch: null, status: 200 }])
    expect(await release('pypi', name)).toBe('0.4.0')
    const moved = await checkAgain(name, new Date(t.getTime() + 14 * HOUR))
    expect(moved?.added.map((v) => v.version)).toEqual(['0.4.0'])
    const [after] = await db().select().from(watchedPackages).where(eq(watchedPackages.name, name))
    expect(after.contentHash).not.toBe(row.contentHash)
  })

  it('stores why a registry could not be reached, naming its host, and backs off', async () => {
    await insertServer({ packages: [pypiPackage('watch-unreachable-py')] })
    await insertServer({ packages: [pypiPackage('watch-dns-py')] })
    const now = new Date()
    const { queue } = capturingQueue()
    await enqueueDueWatches(db(), queue, settingsAt(now))
    // A port nothing listens on: the connection fails.
    await watchPackages(db(), [await packageId('watch-unreachable-py')], settingsAt(now, { pypiBase: 'http://127.0.0.1:9' }))
    // workerd's answer to a host name that does not resolve, as it throws it.
    const dnsFailure: RegistryFetch = async () => {
      throw new Error('internal error; reference = j3172ojbuqgji5oq061mbsfh')
    }
    await watchPackages(db(), [await packageId('watch-dns-py')], settingsAt(now, { pypiBase: 'https://pypi.org', fetch: dnsFailure }))
    const rows = await db().select().from(watchedPackages)
    const unreachable = rows.find((r) => r.name === 'watch-unreachable-py')!
    const dns = rows.find((r) => r.name === 'watch-dns-py')!
    expect(unreachable).toMatchObject({ lastStatus: 'failed', failures: 1 })
    expect(unreachable.lastError).toMatch(/^could not connect to 127\.0\.0\.1:9: .+ \(GET \/pypi\/watch-unreachable-py\/json\)$/)
    expect(dns).toMatchObject({ lastStatus: 'failed', failures: 1 })
    expect(dns.lastError).toMatch(/^could not connect to pypi\.org: its name did not resolve or no connection could be made/)
    expect(dns.lastError).not.toContain('reference =')
    expect(Date.parse(dns.dueAt) - now.getTime()).toBe(2 * HOUR)
  })

  it("says on the listing's page which declared packages it does not watch, and why, before any run", async () => {
    const server = await insertServer({
      packages: [
        { registryType: 'nuget', identifier: 'Acme.Mcp', version: '1.0.0', transport: { type: 'stdio' } },
        { registryType: 'npm', identifier: 'Not A Valid Name', transport: { type: 'stdio' } },
      ],
    })
    const { body } = await json<ServerDetail>(`/api/servers/${server.id}`)
    expect(body.supplyChain).toMatchObject({
      enrolled: false,
      packages: [],
      unwatched: [
        { registryType: 'nuget', identifier: 'Acme.Mcp', reason: 'registry' },
        { registryType: 'npm', identifier: 'Not A Valid Name', reason: 'name' },
      ],
    })
  })
})
