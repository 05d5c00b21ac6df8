/**
 * Statements per request: each read route costs a fixed, small number of D1 round trips and
 * statements, whatever the page size and whoever asks. D1 runs one query at a time per
 * database, so these counts bound how many visitors a database can serve; they are counted here
 * through the whole app by the D1 binding that counts every request's calls (worker/db/cost.ts).
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerList } from '@shared/types'
import { app } from '../../worker/app'
import { countedD1, countingCost, emptyCost } from '../../worker/db/cost'
import { COMMON_WORD } from '../../worker/services/search/common-words'
import { SEARCH_TOTAL_CAP } from '../../worker/services/search/totals'
import { signIn } from './auth-helpers'
import { insertServer } from './factories'
import { db, json } from './helpers'

interface Tally {
  roundTrips: number
  statements: number
}

async function count(
  path: string,
  cookie?: string,
  init: RequestInit = {},
  guestCacheSeconds = '0',
  sessionMemoMs = '0',
): Promise<Tally & { status: number }> {
  // Counted as the Worker counts every request (worker/db/cost.ts): each call that reaches D1.
  const cost = emptyCost()
  const ctx = createExecutionContext()
  const res = await countingCost(cost, async () =>
    app.request(
      `https://catalogue.test${path}`,
      // A write's RequestInit (from the auth helpers) carries its own cookie and CSRF headers.
      init.method ? init : { headers: cookie ? { cookie } : {} },
      // The guests' cache is off unless asked for: every request a first visit.
      { ...env, DB: countedD1(env.DB), GUEST_CACHE_SECONDS: guestCacheSeconds, SESSION_MEMO_MS: sessionMemoMs },
      ctx,
    ),
  )
  await res.arrayBuffer()
  await waitOnExecutionContext(ctx)
  return { roundTrips: cost.roundTrips, statements: cost.statements, status: res.status }
}

let cookie: string
let serverId: string

beforeAll(async () => {
  const user = await signIn('statements-user')
  cookie = user.cookie
  for (let i = 0; i < 30; i++) {
    const s = await insertServer({
      displayName: `Counted ${i}`,
      description: `counted tool number ${i}`,
      tags: ['counted'],
      // Half of them an npm package, for the package type filter.
      packages: i % 2 ? [{ registryType: 'npm', identifier: `counted-${i}`, version: '1.0.0' }] : [],
    })
    serverId ??= s.id
  }
  await db().run(sql`INSERT INTO packages (id, user_id, name, is_public) VALUES ('pkg-counted', ${user.user!.id}, 'Counted', 1)`)
})

// [route, round trips, statements] for a guest; a signed-in visitor's session is read in the
// route's first batch: one statement more, no round trip more.
const ROUTES: Array<[string, number, number]> = [
  ['/api/servers?sortBy=stars', 1, 2],
  ['/api/servers?sortBy=created&page=2&limit=5', 1, 2],
  ['/api/servers?sortBy=likes&tags=counted', 1, 2],
  ['/api/servers?tools=known&remote=1', 1, 2],
  // A package type is a condition per row, in the page's and the total's own statements.
  ['/api/servers?packageType=npm', 1, 2],
  ['/api/servers?packageType=pypi&remote=1&tags=counted', 1, 2],
  // The words' counts, the page, its total, and the look-up of a long word's spellings, guarded
  // to read nothing unless no server holds the word and the query is thin: one round trip.
  ['/api/servers/search?q=counted', 1, 4],
  ['/api/servers/search?q=counted%20tool&limit=50', 1, 4],
  // A sorted search reads as a relevance one does: counts, page, total, spellings in one round trip.
  ['/api/servers/search?q=counted&sortBy=stars', 1, 4],
  ['/api/servers/search?q=counted%20zzzzz', 1, 4],
  ['/api/servers/search?q=counted&tools=known&remote=1', 1, 4],
  // ... and for a search, a condition on each index match's row, inside the same statements.
  ['/api/servers/search?q=counted&packageType=npm', 1, 4],
  // (15 of the 30 servers have one: a page of 10 is within those with every word, as above.)
  ['/api/servers/search?q=counted&packageType=npm&sortBy=stars&limit=10', 1, 4],
  // A thin query with a correction reads the corrected page in one more.
  ['/api/servers/search?q=numbr', 2, 6],
  ['/api/packages?sortBy=ranking', 1, 2],
  ['/v0.1/servers?limit=100', 1, 1],
]

describe('statements per request', () => {
  for (const [path, roundTrips, statements] of ROUTES) {
    it(`${path}: ${roundTrips} round trips, ${statements} statements, signed in or not`, async () => {
      expect(await count(path)).toEqual({ status: 200, roundTrips, statements })
      const signedIn = path.startsWith('/v0.1') ? { roundTrips, statements } : { roundTrips, statements: statements + 1 }
      expect(await count(path, cookie)).toEqual({ status: 200, ...signedIn })
    })
  }

  it('a server page: one round trip for the server, its feature, versions, twins and supply chain', async () => {
    expect(await count(`/api/servers/${serverId}`)).toEqual({ status: 200, roundTrips: 1, statements: 5 })
    expect(await count(`/api/servers/${serverId}`, cookie)).toEqual({ status: 200, roundTrips: 1, statements: 6 })
  })

  it("a server's tools: one round trip for its summary, surface, last probes, health window, declared surface, the read one it is compared with and the findings", async () => {
    expect(await count(`/api/servers/${serverId}/tools`)).toEqual({ status: 200, roundTrips: 1, statements: 7 })
    // A signed-in reader's session is read first (a deleted server is shown to admins only).
    expect(await count(`/api/servers/${serverId}/tools`, cookie)).toEqual({ status: 200, roundTrips: 2, statements: 8 })
  })

  it("a server's changes and the pinning check: one round trip each", async () => {
    expect(await count(`/api/servers/${serverId}/changes`)).toEqual({ status: 200, roundTrips: 1, statements: 2 })
    const hash = '0'.repeat(64)
    expect(await count(`/api/servers/${serverId}/surface-check?hash=${hash}`)).toEqual({ status: 200, roundTrips: 1, statements: 3 })
    expect(await count(`/api/servers/${serverId}/surface-check?hash=${hash}&tool=search`)).toEqual({
      status: 200,
      roundTrips: 1,
      statements: 3,
    })
  })
})

describe('the MCP endpoint', () => {
  const call = (name: string, args: Record<string, unknown>): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'CF-Connecting-IP': '192.0.2.34' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  })

  it('search_servers costs what the same search through /api costs: its rate limit is not counted in D1', async () => {
    for (const [args, path] of [
      [{ query: 'counted' }, '/api/servers/search?q=counted'],
      [{ query: 'counted', remoteOnly: true, toolsKnown: true }, '/api/servers/search?q=counted&tools=known&remote=1'],
      [{ query: 'counted', packageType: 'npm' }, '/api/servers/search?q=counted&packageType=npm'],
      [{ sort: 'stars' }, '/api/servers?sortBy=stars'],
      [{ sort: 'rated', minGrade: 'B' }, '/api/servers?sortBy=rated&minGrade=B'],
      [{ query: 'counted', minGrade: 'C' }, '/api/servers/search?q=counted&minGrade=C'],
    ] as const) {
      const api = await count(path)
      expect({ args, ...(await count('/mcp', undefined, call('search_servers', args))) }).toEqual({ args, ...api })
    }
  })

  it('get_server reads the server page (its stored verdict in the page’s own statement) and its tools: two round trips; list_categories reads the cached counts', async () => {
    expect(await count('/mcp', undefined, call('get_server', { server: serverId }))).toEqual({ status: 200, roundTrips: 2, statements: 12 })
    expect((await count('/mcp', undefined, call('list_categories', {}))).roundTrips).toBeLessThanOrEqual(1)
  })
})

describe('which reads carry the session in their batch', () => {
  it("marks a server's page by its id, whatever its case, and not the featured list beside it", async () => {
    expect(await count(`/api/servers/${serverId.toUpperCase()}`, cookie)).toEqual({ status: 404, roundTrips: 1, statements: 6 })
    // The featured list names no reader in its SQL: a signed-in one reads the session first.
    expect(await count('/api/servers/featured')).toEqual({ status: 200, roundTrips: 1, statements: 1 })
    expect(await count('/api/servers/featured', cookie)).toEqual({ status: 200, roundTrips: 2, statements: 2 })
  })
})

describe('a signed-in page', () => {
  it('reads the session in each call it makes together, and not again for reads right after', async () => {
    const { cookie: fresh } = await signIn('statements-page')
    const paths = ['/api/servers?sortBy=stars', '/api/servers/search?q=counted', `/api/servers/${serverId}`]
    const tallies = await Promise.all(paths.map((path) => count(path, fresh, {}, '0', '60000')))
    expect(tallies.map((t) => t.status)).toEqual([200, 200, 200])
    // One round trip each: every call's batch carries the session's look-up (2 + 4 + 5 statements, and 3).
    expect(tallies.map((t) => [t.roundTrips, t.statements])).toEqual([
      [1, 3],
      [1, 5],
      [1, 6],
    ])
    // Read a moment ago, the session is not read again (SESSION_MEMO_MS), even by a route that
    // reads its user first.
    expect(await count('/api/packages?sortBy=ranking', fresh, {}, '0', '60000')).toEqual({ status: 200, roundTrips: 1, statements: 2 })
    expect(await count('/api/auth/session', fresh, {}, '0', '60000')).toEqual({ status: 200, roundTrips: 0, statements: 0 })
  })
})

/** `count` listed servers with `word` in their names ('word-7', 'Word 7') and `description`. */
async function insertHolding(word: string, count: number, description: string) {
  const title = word[0].toUpperCase() + word.slice(1)
  await db().run(
    sql.raw(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
    INSERT INTO servers (id, name, display_name, description, author, version, tags, status)
    SELECT '${word}-' || i, 'io.test/${word}-' || i, '${title} ' || i, '${description}', 'bulk', '1.0.0', '[]', 'active' FROM n`),
  )
}

describe('a search of common words', () => {
  it('counts how common its words are once a minute, not on every search', async () => {
    // More servers than COMMON_WORD hold 'plentiful'.
    await insertHolding('plentiful', COMMON_WORD + 5, 'a plentiful tool')
    // Taken as rare with its count, found common: the page again, as a common word's, and no
    // total (a word in more servers than COMMON_WORD is past the total's cap, its equal).
    expect(await count('/api/servers/search?q=plentiful')).toEqual({ status: 200, roundTrips: 2, statements: 5 })
    // Known to be common now: the page alone.
    expect(await count('/api/servers/search?q=plentiful&page=3')).toEqual({ status: 200, roundTrips: 1, statements: 1 })
    const page = (await json<ServerList>('/api/servers/search?q=plentiful&page=3')).body
    expect(page).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true })
    expect(page.servers).toHaveLength(20)
    expect(page.servers.every((card) => card.description === 'a plentiful tool')).toBe(true)
    // A rarer word beside it is still counted, every time, in the page's round trip (with the
    // spellings' look-up; the total is known from 'plentiful').
    expect(await count('/api/servers/search?q=plentiful%20counted')).toEqual({ status: 200, roundTrips: 1, statements: 3 })
    expect(await count('/api/servers/search?q=plentiful%20counted')).toEqual({ status: 200, roundTrips: 1, statements: 3 })
  })
})

describe('a search with a word past the total cap', () => {
  it('reads the page alone, its total known to be 1,000+ from the word, and still counts a filtered one', async () => {
    await insertHolding('abundant', SEARCH_TOTAL_CAP + 5, 'an abundant tool')
    // Counted (up to the cap) with a page that took it as rare; then the page again, without
    // counting the total.
    expect(await count('/api/servers/search?q=abundant')).toEqual({ status: 200, roundTrips: 2, statements: 5 })
    expect(await count('/api/servers/search?q=abundant&page=2')).toEqual({ status: 200, roundTrips: 1, statements: 1 })
    const { body } = await json<ServerList>('/api/servers/search?q=abundant%20tool&page=2')
    expect(body).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true, currentPage: 2 })
    expect(body.servers).toHaveLength(20)
    expect(body.servers.every((card) => card.description === 'an abundant tool')).toBe(true)
    // Within a filter the word's count says nothing about the total: it is counted.
    await db().run(sql`UPDATE servers SET tags = '["scarce"]' WHERE id IN ('abundant-7', 'abundant-9')`)
    await db().run(sql`INSERT INTO server_tags (server_id, tag) VALUES ('abundant-7', 'scarce'), ('abundant-9', 'scarce')`)
    expect(await count('/api/servers/search?q=abundant&tags=scarce')).toEqual({ status: 200, roundTrips: 1, statements: 2 })
    const filtered = (await json<ServerList>('/api/servers/search?q=abundant&tags=scarce')).body
    expect(filtered).toMatchObject({ total: 2, totalCapped: false })
    expect(filtered.servers.map((card) => card.id).sort()).toEqual(['abundant-7', 'abundant-9'])
  })
})

describe("the guests' cache", () => {
  it('reads the content version once for a run of guest reads, and again after a write', async () => {
    const write = await signIn('statements-writer')
    const liked = await count(`/api/servers/${serverId}/like`, undefined, write.write('POST'))
    expect(liked.status).toBe(200)
    // Each URL new, so each misses the cache: the first reads the version, the next reuse it.
    expect(await count('/api/servers?sortBy=stars&page=2', undefined, {}, '30')).toMatchObject({ roundTrips: 2, statements: 3 })
    expect(await count('/api/servers?sortBy=stars&page=3', undefined, {}, '30')).toMatchObject({ roundTrips: 1, statements: 2 })
    expect(await count('/api/servers?sortBy=likes&page=2', undefined, {}, '30')).toMatchObject({ roundTrips: 1, statements: 2 })
  })
})
