/**
 * The signals `_meta` of the registry API (SIGNALS_META_KEY, docs/registry-api.md "Signals"): on
 * every /v0.1 entry, the listing's likes, views, stars, public packages, latest probes, scan risk,
 * supply band and grade, read in the page's own statement. Every answer is checked against the
 * OpenAPI file and each `server` against the published schema and the draft.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE_SERVER } from '@shared/mcp-endpoint'
import { packageServers, packages, servers, serverVersions } from '../../../worker/db/schema'
import { CATALOGUE_META_KEY, SIGNALS_META_KEY } from '../../../worker/lib/render/registry-api'
import { storeOutcome } from '../../../worker/services/probing/outcomes'
import { signIn } from '../auth-helpers'
import { measure } from '../cost-measure'
import { insertServer } from '../factories'
import { db } from '../helpers'
import { outcomeOf, recordOutcome } from '../probe-helpers'
import { getConforming } from '../registry-conformance'

const LIST = '/v0.1/servers'
const WIDGET = 'io.github.acme/widget'
const QUIET = 'io.github.acme/quiet'

/** The signals of a listing nothing is known of: every key there, counts 0, facts null. */
const NOTHING_KNOWN = {
  likes: 0,
  views: 0,
  stars: 0,
  packages: 0,
  health: null,
  packageRead: null,
  risk: null,
  supplyBand: null,
  grade: null,
}

/** Responses are checked against the OpenAPI file and the schemas, not typed here. */
type Body = any

/** A GET of the registry API that answers 200, conforming (getConforming). */
async function get(path: string, operation: string): Promise<Body> {
  const { status, body } = await getConforming(path, operation)
  expect(status).toBe(200)
  return body
}

const entryOf = async (name: string) =>
  (await get(`${LIST}?search=${encodeURIComponent(name)}`, LIST)).servers.find((s: Body) => s.server.name === name)
const signalsOf = async (name: string) => (await entryOf(name))._meta[SIGNALS_META_KEY]
const versionPath = (name: string, version: string) => `${LIST}/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`

const ids: Record<string, string> = {}
const T1 = '2026-11-20T08:00:00.000Z'
const T2 = '2026-11-21T08:00:00.000Z'
const T3 = '2026-11-22T08:00:00.000Z'
const T4 = '2026-11-23T09:30:00.000Z'

beforeAll(async () => {
  ids.widget = (
    await insertServer({
      name: WIDGET,
      version: '1.2.3',
      likeCount: 7,
      viewCount: 42,
      stars: 120,
      packages: [{ registryType: 'npm', identifier: '@acme/widget', version: '1.2.3', transport: { type: 'stdio' } }],
      remotes: [{ type: 'streamable-http', url: 'https://mcp.acme.dev/mcp' }],
    })
  ).id
  ids.quiet = (await insertServer({ name: QUIET })).id
  // Probes as the consumer stores them: the remote answered, then timed out twice; the runner read the package.
  await recordOutcome(ids.widget, '1.2.3', outcomeOf('ok', null, new Date(T1)))
  await recordOutcome(ids.widget, '1.2.3', outcomeOf('timeout', null, new Date(T2)))
  await recordOutcome(ids.widget, '1.2.3', outcomeOf('timeout', null, new Date(T3)))
  await storeOutcome(db(), {
    serverId: ids.widget,
    version: '1.2.3',
    source: 'package',
    outcome: { ...outcomeOf('ok', null, new Date(T4)), transport: 'stdio', target: 'npm:@acme/widget@1.2.3' },
    now: new Date(T4),
  })
  // The cards' kept facts, as the scanner, the supply-chain watch and the grading job leave them.
  await db().update(servers).set({ risk: 'medium', supplyBand: 'low', grade: 'B' }).where(eq(servers.id, ids.widget))
  // Two public packages and one private one include the widget.
  const owner = (await signIn('signals-owner')).user!
  await db()
    .insert(packages)
    .values([
      { id: 'pkg-public-1', userId: owner.id, name: 'Public one', isPublic: true },
      { id: 'pkg-public-2', userId: owner.id, name: 'Public two', isPublic: true },
      { id: 'pkg-private', userId: owner.id, name: 'Private', isPublic: false },
    ])
  await db()
    .insert(packageServers)
    .values(['pkg-public-1', 'pkg-public-2', 'pkg-private'].map((packageId) => ({ packageId, serverId: ids.widget })))
  // An older version the registry sync stored.
  await db()
    .insert(serverVersions)
    .values({
      serverId: ids.widget,
      version: '1.1.0',
      status: 'active',
      publishedAt: '2025-03-01T00:00:00.000Z',
      packages: [{ registryType: 'npm', identifier: '@acme/widget', version: '1.1.0', transport: { type: 'stdio' } }],
    })
})

const WIDGET_SIGNALS = {
  likes: 7,
  views: 42,
  stars: 120,
  packages: 2,
  health: { status: 'timeout', at: T3, version: '1.2.3', failuresInARow: 2, reachable: false },
  packageRead: { status: 'ok', at: T4, version: '1.2.3', failuresInARow: 0, reachable: true },
  risk: 'medium',
  supplyBand: 'low',
  grade: 'B',
}

describe('the signals _meta', () => {
  it('carries popularity and trust on a listing’s entry in lists, its versions and the version asked for', async () => {
    expect(await signalsOf(WIDGET)).toEqual(WIDGET_SIGNALS)
    const versions = await get(`${LIST}/${encodeURIComponent(WIDGET)}/versions`, '/v0.1/servers/{serverName}/versions')
    expect(versions.servers[0]._meta[SIGNALS_META_KEY]).toEqual(WIDGET_SIGNALS)
    const latest = await get(versionPath(WIDGET, 'latest'), '/v0.1/servers/{serverName}/versions/{version}')
    expect(latest._meta[SIGNALS_META_KEY]).toEqual(WIDGET_SIGNALS)
    // The catalogue's own namespace keeps its likes and stars: the signals add, they do not move.
    expect(latest._meta[CATALOGUE_META_KEY]).toMatchObject({ likes: 7, stars: 120 })
  })

  it('gives an older version the listing’s popularity, and no trust signal: those are the current version’s', async () => {
    const older = await get(versionPath(WIDGET, '1.1.0'), '/v0.1/servers/{serverName}/versions/{version}')
    expect(older.server.version).toBe('1.1.0')
    expect(older._meta[SIGNALS_META_KEY]).toEqual({
      ...WIDGET_SIGNALS,
      health: null,
      packageRead: null,
      risk: null,
      supplyBand: null,
      grade: null,
    })
  })

  it('says every key of a listing nothing is known of: zero counts, null facts', async () => {
    expect(await signalsOf(QUIET)).toEqual(NOTHING_KNOWN)
  })

  it('counts public packages only: a package made private no longer counts, and a private one is never told', async () => {
    await db().update(packages).set({ isPublic: false }).where(eq(packages.id, 'pkg-public-2'))
    expect((await signalsOf(WIDGET)).packages).toBe(1)
    await db().update(packages).set({ isPublic: true }).where(eq(packages.id, 'pkg-public-2'))
    expect((await signalsOf(WIDGET)).packages).toBe(2)
  })

  it('follows the probes: a probe that reaches the server ends the failures in a row', async () => {
    const T5 = '2026-11-24T08:00:00.000Z'
    await recordOutcome(ids.widget, '1.2.3', outcomeOf('auth_required', null, new Date(T5)))
    expect((await signalsOf(WIDGET)).health).toEqual({
      status: 'auth_required',
      at: T5,
      version: '1.2.3',
      failuresInARow: 0,
      reachable: true,
    })
  })

  it('is on the catalogue’s own entry too', async () => {
    const own = await get(versionPath(CATALOGUE_SERVER.name, 'latest'), '/v0.1/servers/{serverName}/versions/{version}')
    expect(own._meta[SIGNALS_META_KEY]).toEqual(NOTHING_KNOWN)
  })

  it('is read in the page’s own statement: one round trip a page, as without it', async () => {
    for (const path of [`${LIST}?limit=100`, versionPath(WIDGET, 'latest')]) {
      const cost = await measure(path)
      expect({ path, status: cost.status, roundTrips: cost.roundTrips }).toEqual({ path, status: 200, roundTrips: 1 })
    }
  })
})
