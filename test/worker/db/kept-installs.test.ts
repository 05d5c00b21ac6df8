/**
 * Kept install output. A card copies the same command whether it was generated for the request or
 * read from `servers.card_install`, and the registry API serves the same install options whether
 * generated or read from `servers.registry_install`; kept output stands only for the listing and
 * the generator it was made from, and the maintainer's own command always wins on cards.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cardInstallCommand, INSTALL_REV } from '@shared/install'
import { servers, serverVersions } from '../../../worker/db/schema'
import { fillAllKeptInstalls, fillKeptInstalls } from '../../../worker/jobs/install-output-fill'
import { mapRegistryEntry } from '../../../worker/lib/registry-entry'
import { CATALOGUE_META_KEY, installSummary } from '../../../worker/lib/render/registry-api'
import withPackage from '../../fixtures/server-json-examples/valid/with-package.json'
import withRemote from '../../fixtures/server-json-examples/valid/with-remote.json'
import { insertServer } from '../factories'
import { db, json } from '../helpers'

function listingOf(entry: unknown) {
  const r = mapRegistryEntry(entry)
  if (!r.ok) throw new Error(r.reason)
  return { name: r.server.name, version: r.server.version, packages: [...r.server.packages], remotes: [...r.server.remotes] }
}

const packaged = listingOf(withPackage)
const remote = listingOf(withRemote)

/** What the server's card copies, in a list, on the detail answer and in a search. */
async function copied(id: string, name: string) {
  const list = await json('/api/servers?sortBy=created&limit=50')
  const detail = await json(`/api/servers/${id}`)
  const search = await json(`/api/servers/search?q=${encodeURIComponent(name.split('/')[1])}`)
  const fromList = list.body.servers.find((s: { id: string }) => s.id === id)?.installCommand
  const fromSearch = search.body.servers.find((s: { id: string }) => s.id === id)?.installCommand
  expect(detail.status).toBe(200)
  expect([fromList, fromSearch]).toEqual([detail.body.installCommand, detail.body.installCommand])
  return detail.body.installCommand as string
}

const keptOf = async (id: string) =>
  (await db().select({ command: servers.cardInstall, rev: servers.installRev }).from(servers).where(eq(servers.id, id)))[0]

describe('kept card install commands', () => {
  it('a new server is generated per request until the fill keeps its command; the card then reads the kept one', async () => {
    const row = await insertServer({ ...packaged, name: 'io.test/keep-new', displayName: 'Keep New' })
    const expected = cardInstallCommand({ ...packaged, name: 'io.test/keep-new' })
    expect(expected).toContain('claude mcp add')
    expect(await keptOf(row.id)).toEqual({ command: null, rev: 0 })
    expect(await copied(row.id, row.name)).toBe(expected)

    // One row at a time, until none is left.
    expect(await fillAllKeptInstalls(db(), 1)).toBeGreaterThanOrEqual(1)
    expect(await keptOf(row.id)).toEqual({ command: expected, rev: INSTALL_REV })
    expect(await copied(row.id, row.name)).toBe(expected)

    // The kept command is what the card reads: a marked one shows its mark.
    await db().update(servers).set({ cardInstall: 'kept: the card read this' }).where(eq(servers.id, row.id))
    expect(await copied(row.id, row.name)).toBe('kept: the card read this')
  })

  it('a change to the name, version, packages or remotes stops the kept command from standing until the next fill', async () => {
    const row = await insertServer({ ...packaged, name: 'io.test/keep-changed', displayName: 'Keep Changed' })
    await fillKeptInstalls(db())
    const before = cardInstallCommand({ ...packaged, name: 'io.test/keep-changed' })
    expect(await keptOf(row.id)).toEqual({ command: before, rev: INSTALL_REV })

    // Other columns leave it standing.
    await db().update(servers).set({ description: 'Now described otherwise', stars: 12 }).where(eq(servers.id, row.id))
    expect(await keptOf(row.id)).toEqual({ command: before, rev: INSTALL_REV })

    for (const change of [{ packages: remote.packages, remotes: remote.remotes }, { version: '9.9.9' }, { name: 'io.test/keep-renamed' }]) {
      await db().update(servers).set(change).where(eq(servers.id, row.id))
      const [now] = await db().select().from(servers).where(eq(servers.id, row.id))
      const expected = cardInstallCommand({ name: now.name, version: now.version, packages: now.packages, remotes: now.remotes })
      expect((await keptOf(row.id)).rev).toBe(0)
      // Until the fill, the card generates the new command rather than copying the stale one.
      expect(await copied(row.id, now.name)).toBe(expected)
      await fillKeptInstalls(db())
      expect(await keptOf(row.id)).toEqual({ command: expected, rev: INSTALL_REV })
      expect(await copied(row.id, now.name)).toBe(expected)
    }
    expect(await copied(row.id, 'io.test/keep-renamed')).not.toBe(before)
  })

  it("an older generator's command does not stand, and the maintainer's own command wins over any kept one", async () => {
    const row = await insertServer({ ...packaged, name: 'io.test/keep-old', displayName: 'Keep Old' })
    const expected = cardInstallCommand({ ...packaged, name: 'io.test/keep-old' })
    await db()
      .update(servers)
      .set({ cardInstall: 'an older generator wrote this', installRev: INSTALL_REV - 1 })
      .where(eq(servers.id, row.id))
    expect(await copied(row.id, row.name)).toBe(expected)
    await fillKeptInstalls(db())
    expect(await keptOf(row.id)).toEqual({ command: expected, rev: INSTALL_REV })

    await db().update(servers).set({ installCommand: 'npx -y keep-old --the-maintainers-way' }).where(eq(servers.id, row.id))
    expect(await copied(row.id, row.name)).toBe('npx -y keep-old --the-maintainers-way')
  })

  it('fills many rows in a few statements, and takes up again rows a fill claimed and never wrote', async () => {
    const rows = []
    for (let i = 0; i < 120; i++) rows.push(await insertServer({ ...(i % 2 ? packaged : remote), name: `io.test/keep-many-${i}` }))
    // As an interrupted fill leaves a row: claimed, with no command written.
    await db().update(servers).set({ installRev: -1 }).where(eq(servers.id, rows[7].id))
    expect(await fillKeptInstalls(db(), 1000)).toBeGreaterThanOrEqual(120)
    for (const [i, row] of rows.entries()) {
      const listing = { ...(i % 2 ? packaged : remote), name: row.name }
      expect(await keptOf(row.id)).toEqual({ command: cardInstallCommand(listing), rev: INSTALL_REV })
    }
    expect(await fillKeptInstalls(db(), 1000)).toBe(0)
  })
})

/** The install options the registry API serves for `name`: its latest version, and its entry on a page of 100. */
async function servedInstall(name: string) {
  const latest = await json(`/v0.1/servers/${encodeURIComponent(name)}/versions/latest`)
  const page = await json(`/v0.1/servers?search=${encodeURIComponent(name)}&limit=100`)
  expect(latest.status).toBe(200)
  const onPage = page.body.servers.find((s: { server: { name: string } }) => s.server.name === name)
  expect(onPage._meta[CATALOGUE_META_KEY].install).toEqual(latest.body._meta[CATALOGUE_META_KEY].install)
  return latest.body._meta[CATALOGUE_META_KEY].install as unknown[]
}

const registryKeptOf = async (id: string) =>
  (await db().select({ kept: servers.registryInstall, rev: servers.installRev }).from(servers).where(eq(servers.id, id)))[0]

/** What the generator makes of the listing for the registry API, as the API's JSON says it. */
const summaryOf = (listing: Parameters<typeof installSummary>[0]) => JSON.parse(JSON.stringify(installSummary(listing)))

describe('kept registry install options', () => {
  it('are generated per request until the fill keeps them, then read from the row', async () => {
    const name = 'io.test/keep-registry'
    const row = await insertServer({ ...packaged, name, displayName: 'Keep Registry' })
    const expected = summaryOf({ ...packaged, name })
    expect(JSON.stringify(expected)).toContain('claude mcp add')
    expect(await registryKeptOf(row.id)).toEqual({ kept: null, rev: 0 })
    expect(await servedInstall(name)).toEqual(expected)

    await fillKeptInstalls(db())
    expect(await registryKeptOf(row.id)).toEqual({ kept: JSON.stringify(installSummary({ ...packaged, name })), rev: INSTALL_REV })
    expect(await servedInstall(name)).toEqual(expected)

    // The kept options are what the API reads: a marked one shows its mark, on both routes.
    await db().update(servers).set({ registryInstall: '[{"kind":"kept"}]' }).where(eq(servers.id, row.id))
    expect(await servedInstall(name)).toEqual([{ kind: 'kept' }])
    // An older generator's do not stand.
    await db()
      .update(servers)
      .set({ installRev: INSTALL_REV - 1 })
      .where(eq(servers.id, row.id))
    expect(await servedInstall(name)).toEqual(expected)
  })

  it('stop standing when the registry name changes, and are generated under the name served', async () => {
    const row = await insertServer({ ...packaged, name: 'io.test/keep-served', displayName: 'Keep Served' })
    await fillKeptInstalls(db())
    await db().update(servers).set({ registryName: 'io.test/keep-served-upstream' }).where(eq(servers.id, row.id))
    expect((await registryKeptOf(row.id)).rev).toBe(0)
    const expected = summaryOf({ ...packaged, name: 'io.test/keep-served-upstream' })
    expect(expected).not.toEqual(summaryOf({ ...packaged, name: 'io.test/keep-served' }))
    expect(await servedInstall('io.test/keep-served-upstream')).toEqual(expected)
    await fillKeptInstalls(db())
    expect(await registryKeptOf(row.id)).toMatchObject({ rev: INSTALL_REV })
    expect(JSON.parse((await registryKeptOf(row.id)).kept!)).toEqual(expected)
  })

  it("serve only the current version: an older version's entry has its own options", async () => {
    const name = 'io.test/keep-versions'
    const npm = (version: string) => [{ registryType: 'npm', identifier: '@keep/versions', version, transport: { type: 'stdio' } }]
    const row = await insertServer({ name, version: '2.0.0', packages: npm('2.0.0'), registryName: name })
    await db()
      .insert(serverVersions)
      .values([{ serverId: row.id, version: '1.0.0', status: 'active', publishedAt: '2025-02-01T00:00:00.000Z', packages: npm('1.0.0') }])
    await fillKeptInstalls(db())
    await db().update(servers).set({ registryInstall: '[{"kind":"kept"}]' }).where(eq(servers.id, row.id))
    const versions = await json(`/v0.1/servers/${encodeURIComponent(name)}/versions`)
    const installs = versions.body.servers.map((s: any) => [s.server.version, s._meta[CATALOGUE_META_KEY].install])
    expect(installs[0]).toEqual(['2.0.0', [{ kind: 'kept' }]])
    expect(installs[1][0]).toBe('1.0.0')
    expect(JSON.stringify(installs[1][1])).toContain('@keep/versions@1.0.0')
  })
})
