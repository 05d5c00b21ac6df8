/**
 * Kept card commands: a card copies the same command whether it was generated for the request or
 * read from `servers.card_install`, a kept command stands only for the listing and the generator
 * it was made from, and the maintainer's own command always wins.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { fillAllCardInstalls, fillCardInstalls } from '../../../worker/db/card-installs'
import { servers } from '../../../worker/db/schema'
import { CARD_INSTALL_REV, cardInstallCommand } from '../../../worker/lib/install'
import { mapRegistryEntry } from '../../../worker/lib/registry-entry'
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
  (await db().select({ command: servers.cardInstall, rev: servers.cardInstallRev }).from(servers).where(eq(servers.id, id)))[0]

describe('kept card install commands', () => {
  it('a new server is generated per request until the fill keeps its command; the card then reads the kept one', async () => {
    const row = await insertServer({ ...packaged, name: 'io.test/keep-new', displayName: 'Keep New' })
    const expected = cardInstallCommand({ ...packaged, name: 'io.test/keep-new' })
    expect(expected).toContain('claude mcp add')
    expect(await keptOf(row.id)).toEqual({ command: null, rev: 0 })
    expect(await copied(row.id, row.name)).toBe(expected)

    // One row at a time, until none is left.
    expect(await fillAllCardInstalls(db(), 1)).toBeGreaterThanOrEqual(1)
    expect(await keptOf(row.id)).toEqual({ command: expected, rev: CARD_INSTALL_REV })
    expect(await copied(row.id, row.name)).toBe(expected)

    // The kept command is what the card reads: a marked one shows its mark.
    await db().update(servers).set({ cardInstall: 'kept: the card read this' }).where(eq(servers.id, row.id))
    expect(await copied(row.id, row.name)).toBe('kept: the card read this')
  })

  it('a change to the name, version, packages or remotes stops the kept command from standing until the next fill', async () => {
    const row = await insertServer({ ...packaged, name: 'io.test/keep-changed', displayName: 'Keep Changed' })
    await fillCardInstalls(db())
    const before = cardInstallCommand({ ...packaged, name: 'io.test/keep-changed' })
    expect(await keptOf(row.id)).toEqual({ command: before, rev: CARD_INSTALL_REV })

    // Other columns leave it standing.
    await db().update(servers).set({ description: 'Now described otherwise', stars: 12 }).where(eq(servers.id, row.id))
    expect(await keptOf(row.id)).toEqual({ command: before, rev: CARD_INSTALL_REV })

    for (const change of [{ packages: remote.packages, remotes: remote.remotes }, { version: '9.9.9' }, { name: 'io.test/keep-renamed' }]) {
      await db().update(servers).set(change).where(eq(servers.id, row.id))
      const [now] = await db().select().from(servers).where(eq(servers.id, row.id))
      const expected = cardInstallCommand({ name: now.name, version: now.version, packages: now.packages, remotes: now.remotes })
      expect((await keptOf(row.id)).rev).toBe(0)
      // Until the fill, the card generates the new command rather than copying the stale one.
      expect(await copied(row.id, now.name)).toBe(expected)
      await fillCardInstalls(db())
      expect(await keptOf(row.id)).toEqual({ command: expected, rev: CARD_INSTALL_REV })
      expect(await copied(row.id, now.name)).toBe(expected)
    }
    expect(await copied(row.id, 'io.test/keep-renamed')).not.toBe(before)
  })

  it("an older generator's command does not stand, and the maintainer's own command wins over any kept one", async () => {
    const row = await insertServer({ ...packaged, name: 'io.test/keep-old', displayName: 'Keep Old' })
    const expected = cardInstallCommand({ ...packaged, name: 'io.test/keep-old' })
    await db()
      .update(servers)
      .set({ cardInstall: 'an older generator wrote this', cardInstallRev: CARD_INSTALL_REV - 1 })
      .where(eq(servers.id, row.id))
    expect(await copied(row.id, row.name)).toBe(expected)
    await fillCardInstalls(db())
    expect(await keptOf(row.id)).toEqual({ command: expected, rev: CARD_INSTALL_REV })

    await db().update(servers).set({ installCommand: 'npx -y keep-old --the-maintainers-way' }).where(eq(servers.id, row.id))
    expect(await copied(row.id, row.name)).toBe('npx -y keep-old --the-maintainers-way')
  })

  it('fills many rows in a few statements, and takes up again rows a fill claimed and never wrote', async () => {
    const rows = []
    for (let i = 0; i < 120; i++) rows.push(await insertServer({ ...(i % 2 ? packaged : remote), name: `io.test/keep-many-${i}` }))
    // As an interrupted fill leaves a row: claimed, with no command written.
    await db().update(servers).set({ cardInstallRev: -1 }).where(eq(servers.id, rows[7].id))
    expect(await fillCardInstalls(db(), 1000)).toBeGreaterThanOrEqual(120)
    for (const [i, row] of rows.entries()) {
      const listing = { ...(i % 2 ? packaged : remote), name: row.name }
      expect(await keptOf(row.id)).toEqual({ command: cardInstallCommand(listing), rev: CARD_INSTALL_REV })
    }
    expect(await fillCardInstalls(db(), 1000)).toBe(0)
  })
})
