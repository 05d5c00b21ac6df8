/**
 * Tools in the search (migrations/0017_search_tools.sql): the index follows `servers.tool_text`,
 * a search finds a server by its tools and its card names the tool, and the 'tools known' and
 * 'remote available' filters hold on lists and searches alike.
 */
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerList } from '@shared/types'
import { servers } from '../../../worker/db/schema'
import { toolSearchText } from '../../../worker/lib/search/tool-text'
import { insertServer } from '../factories'
import { db, expectInvalidInput, json } from '../helpers'

const surface = (...tools: Array<{ name: string; description?: string }>) => ({
  toolText: toolSearchText({ tools }),
  toolCount: tools.length,
})

const setTools = (id: string, tools: { toolText: string | null; toolCount: number | null }) =>
  db().update(servers).set(tools).where(eq(servers.id, id))

const search = async (query: string) => (await json<ServerList>(`/api/servers/search?${query}`)).body
const ids = (list: ServerList) => list.servers.map((s) => s.id).sort()

let tracker: string
let browser: string
let remoteOnly: string
let plain: string

beforeAll(async () => {
  tracker = (
    await insertServer({
      displayName: 'Kestrel Tracker',
      description: 'Work with kestrel projects',
      ...surface(
        { name: 'create_issue', description: 'Open an issue in a kestrel project' },
        { name: 'listMilestones', description: 'List the milestones of a project' },
      ),
    })
  ).id
  browser = (
    await insertServer({
      displayName: 'Kestrel Browser',
      description: 'Drive a kestrel browser',
      remotes: [{ type: 'streamable-http', url: 'https://browser.example/mcp' }],
      ...surface({ name: 'browser_take_screenshot', description: 'Capture the visible viewport as a PNG' }),
    })
  ).id
  remoteOnly = (
    await insertServer({
      displayName: 'Kestrel Remote',
      description: 'A kestrel server on the web',
      remotes: [{ type: 'sse', url: 'https://remote.example/sse' }],
    })
  ).id
  // Read, with no tools at all: 'tools known' promises tools to show.
  plain = (await insertServer({ displayName: 'Kestrel Plain', description: 'A kestrel helper', toolText: '', toolCount: 0 })).id
})

describe('the tools index and tool_text', () => {
  it('re-indexes a server when its tools or its listing change, and forgets the old ones', async () => {
    expect(ids(await search('q=gyrfalcon'))).toEqual([])
    await setTools(plain, surface({ name: 'gyrfalcon_lookup', description: 'Looks up a gyrfalcon' }))
    expect(ids(await search('q=gyrfalcon'))).toEqual([plain])
    await setTools(plain, surface({ name: 'merlin_lookup' }))
    expect(ids(await search('q=gyrfalcon'))).toEqual([])
    expect(ids(await search('q=merlin'))).toEqual([plain])
    await setTools(plain, { toolText: '', toolCount: 0 })
    expect(ids(await search('q=merlin'))).toEqual([])
    // The tools' index holds a row for each listed server with tools, and nothing for the others.
    const rows = await db().get<{ n: number }>(sql`SELECT count(*) AS n FROM servers_tools`)
    const withTools = await db().get<{ n: number }>(sql`SELECT count(*) AS n FROM servers WHERE status = 'active' AND tool_text <> ''`)
    expect(rows!.n).toBe(withTools!.n)
    expect(rows!.n).toBe(2)
    await db().update(servers).set({ status: 'deleted' }).where(eq(servers.id, tracker))
    expect(ids(await search('q=milestones'))).toEqual([])
    await db().update(servers).set({ status: 'active' }).where(eq(servers.id, tracker))
    expect(ids(await search('q=milestones'))).toEqual([tracker])
  })
})

describe('a search by tools', () => {
  it("finds a server by a tool's name, as typed or as words, and its card names the tool", async () => {
    for (const q of ['create_issue', 'create%20issue']) {
      const found = await search(`q=${q}`)
      expect(found.servers.map((s) => s.id)).toContain(tracker)
      expect(found.servers.find((s) => s.id === tracker)!.matchedBy).toEqual({ kind: 'tool', term: 'create_issue' })
    }
    // camelCase names are found by their words.
    const milestones = await search('q=milestones')
    expect(milestones.servers.find((s) => s.id === tracker)!.matchedBy).toEqual({ kind: 'tool', term: 'listMilestones' })
  })

  it("finds a server by a word of a tool's description, naming that tool", async () => {
    const found = await search('q=viewport')
    expect(ids(found)).toEqual([browser])
    expect(found.servers[0].matchedBy).toEqual({ kind: 'tool', term: 'browser_take_screenshot' })
    const shot = await search('q=screenshots')
    expect(shot.servers[0]).toMatchObject({ id: browser, matchedBy: { kind: 'tool', term: 'browser_take_screenshot' } })
  })

  it('says nothing of tools when the card shows what was typed', async () => {
    const found = await search('q=kestrel%20browser')
    expect(found.servers[0]).toMatchObject({ id: browser })
    expect(found.servers[0].matchedBy).toBeUndefined()
  })

  it('names the tool in an explicitly sorted search too', async () => {
    const found = await search('q=viewport&sortBy=stars')
    expect(found.servers.map((s) => [s.id, s.matchedBy])).toEqual([[browser, { kind: 'tool', term: 'browser_take_screenshot' }]])
  })
})

describe('the tools known and remote available filters', () => {
  it('narrow a list', async () => {
    const list = async (query: string) => (await json<ServerList>(`/api/servers?${query}&limit=50`)).body
    const known = await list('tools=known')
    expect(ids(known)).toEqual([tracker, browser].sort())
    expect(known.total).toBe(2)
    const remote = await list('remote=1')
    expect(ids(remote)).toEqual([browser, remoteOnly].sort())
    expect(ids(await list('remote=true&tools=known'))).toEqual([browser])
  })

  it('narrow a search, by relevance or sorted, with its total', async () => {
    const known = await search('q=kestrel&tools=known')
    expect(ids(known)).toEqual([tracker, browser].sort())
    expect(known.total).toBe(2)
    const remote = await search('q=kestrel&remote=1&sortBy=stars')
    expect(ids(remote)).toEqual([browser, remoteOnly].sort())
    expect(remote.total).toBe(2)
    // A server called exactly what was typed is held to the filters too.
    expect(ids(await search('q=kestrel%20plain&remote=1'))).toEqual([browser, remoteOnly].sort())
    expect(ids(await search('q=kestrel%20remote&tools=known'))).toEqual([tracker, browser].sort())
  })

  it('follow a server whose tools or remotes change, in every index', async () => {
    await db()
      .update(servers)
      .set({ remotes: [{ type: 'sse', url: 'https://plain.example/sse' }] })
      .where(eq(servers.id, plain))
    // 'plain' is found by its labels' index (its name) and the full one (its description).
    expect(ids(await search('q=kestrel%20plain&remote=1'))).toContain(plain)
    expect(ids(await search('q=helper&remote=1'))).toEqual([plain])
    await setTools(plain, surface({ name: 'falcon_watch' }))
    expect(ids(await search('q=falcon&tools=known&remote=1'))).toEqual([plain])
    await db().update(servers).set({ remotes: [] }).where(eq(servers.id, plain))
    await setTools(plain, { toolText: '', toolCount: 0 })
    expect(ids(await search('q=helper&remote=1'))).toEqual([])
    expect(ids(await search('q=kestrel&tools=known'))).toEqual([tracker, browser].sort())
  })

  it('cannot be reached by typing: the filters match tokens no query holds', async () => {
    // The private-use characters the filters use are not words to search: nothing is found.
    expect((await json<ServerList>(`/api/servers/search?q=${encodeURIComponent('\uE000 \uE001')}`)).body.total).toBe(0)
  })

  it('refuse other values with the schema messages', async () => {
    expectInvalidInput(await json('/api/servers?tools=yes'), 'tools', 'Must be known')
    expectInvalidInput(await json('/api/servers/search?q=kestrel&tools=all'), 'tools', 'Must be known')
    expectInvalidInput(await json('/api/servers?remote=0'), 'remote', 'Must be 1 or true')
    expectInvalidInput(await json('/api/servers/search?q=kestrel&remote=yes'), 'remote', 'Must be 1 or true')
  })
})
