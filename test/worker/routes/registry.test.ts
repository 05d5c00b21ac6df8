import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { hashSurface } from '@mcp-catalogue/mcp-client'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '@shared/limits'
import { app } from '../../../worker/app'
import { servers, serverVersions } from '../../../worker/db/schema'
import { CATALOGUE_META_KEY, OFFICIAL_META_KEY, SERVER_SCHEMA_URL } from '../../../worker/lib/render/registry-api'
import { VERSION_MEMO_MS } from '../../../worker/middleware/cache'
import { testClock } from '../../clock'
import { signIn } from '../auth-helpers'
import { fixtureVerdict, insertFeatured, insertServer, storeVerdict } from '../factories'
import { call, db } from '../helpers'
import { outcomeOf, recordOutcome, surfaceOf } from '../probe-helpers'
import { getConforming, responseValidator } from '../registry-conformance'

const LIST = '/v0.1/servers'
const VERSIONS = '/v0.1/servers/{serverName}/versions'
const VERSION = '/v0.1/servers/{serverName}/versions/{version}'

/** Responses are checked against the OpenAPI file, not typed here. */
type Body = any

const get = getConforming

const list = (query = '') => get(`${LIST}${query}`, LIST)
const names = (body: Body): string[] => body.servers.map((s: Body) => s.server.name)
const versionsOf = (name: string, query = '') => get(`${LIST}/${encodeURIComponent(name)}/versions${query}`, VERSIONS)
const versionOf = (name: string, version: string, query = '') =>
  get(`${LIST}/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}${query}`, VERSION)

/** Every page from the first, following `nextCursor`; each page conforms. */
async function readAll(query: Record<string, string> = {}, between?: (page: number, body: Body) => Promise<void>) {
  const seen: string[] = []
  let cursor: string | undefined
  for (let page = 0; page < 100; page++) {
    const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) })
    const { status, body } = await list(`?${params}`)
    expect(status).toBe(200)
    expect(body.metadata.count).toBe(body.servers.length)
    seen.push(...names(body))
    cursor = body.metadata.nextCursor
    if (!cursor) return seen
    await between?.(page, body)
  }
  throw new Error('More than 100 pages')
}

const OLD = '2025-01-01T00:00:00.000Z'
const RECENT = '2026-06-01T12:00:00.000Z'
const BULK = Array.from({ length: 40 }, (_, i) => `io.github.page/server-${String(i).padStart(2, '0')}`)
const LONG_DESCRIPTION = `${'A server that does a great many things, '.repeat(7)}and then some.`

const ids: Record<string, string> = {}

/** The names served at the start: every active listing with a valid registry name, once. */
const SERVED = [
  ...BULK,
  'com.example/long-description',
  'com.example/featured',
  'io.github.acme/widget',
  'io.github.dup/tool',
  'com.example/percent_50',
  'com.example/percentx50',
  'io.github.reg/served',
].sort()

beforeAll(async () => {
  for (const name of BULK) await insertServer({ name, updatedAt: OLD, createdAt: OLD })
  const add = async (key: string, values: Parameters<typeof insertServer>[0]) => {
    ids[key] = (await insertServer({ updatedAt: OLD, createdAt: OLD, ...values })).id
  }
  await add('long', { name: 'com.example/long-description', description: LONG_DESCRIPTION })
  await add('featured', { name: 'com.example/featured', updatedAt: RECENT })
  await insertFeatured(ids.featured)
  await add('widget', {
    name: 'io.github.acme/widget',
    displayName: 'Acme Widget',
    description: 'Widgets for everyone.',
    version: '1.2.3',
    githubUrl: 'https://github.com/acme/widget',
    icon: 'https://acme.dev/icon.png',
    tags: ['widgets', 'tools'],
    categories: ['developer-tools'],
    stars: 120,
    likeCount: 7,
    metadata: { registry: { format: 'current', websiteUrl: 'https://acme.dev', subfolder: 'servers/widget' } },
    packages: [
      // As the importer stores a current entry: its own fields plus the catalogue's snake_case ones.
      {
        registryType: 'npm',
        registry_type: 'npm',
        identifier: '@acme/widget',
        name: '@acme/widget',
        version: '1.2.3',
        transport: { type: 'stdio' },
        environmentVariables: [{ name: 'ACME_TOKEN', description: 'Token', isRequired: true, isSecret: true }],
      },
      // As the form stores one: no pinned version.
      { registry_type: 'pypi', identifier: 'acme-widget', version: 'latest' },
    ],
    remotes: [{ type: 'streamable-http', name: 'streamable-http', url: 'https://mcp.acme.dev/mcp' }],
  })
  // Two listings of one name: the one imported from the registry is served, though newer.
  await add('dupLocal', { name: 'io.github.dup/tool', description: 'Listed here first', createdAt: '2024-01-01T00:00:00.000Z' })
  await add('dupRegistry', { name: 'io.github.dup/tool', registryName: 'io.github.dup/tool', description: 'From the registry' })
  await add('percent', { name: 'com.example/percent_50' })
  await add('percentx', { name: 'com.example/percentx50' })
  await add('served', { name: 'local-name', registryName: 'io.github.reg/served' })
  // Never served: deleted (unless asked), pending, names the registry does not allow.
  await add('deleted', { name: 'com.example/deleted-one', status: 'deleted', updatedAt: RECENT })
  await add('pending', { name: 'com.example/pending-one', status: 'pending' })
  await add('slug', { name: 'my-slug-server' })
  await add('underscore', { name: 'bad_ns/tool' })
  await add('twoSlashes', { name: 'a.b/c/d' })
})

describe('the OpenAPI validators', () => {
  it('refuse what the file forbids, so a passing response really conforms', () => {
    const validate = responseValidator(VERSION, 200)
    const entry = { server: { name: 'io.github.acme/widget', description: 'Widgets.', version: '1.0.0' } }
    expect(validate(entry)).toBe(true)
    expect(validate({ server: { ...entry.server, name: 'no-slash' } })).toBe(false)
    expect(validate({ server: { ...entry.server, description: 'x'.repeat(101) } })).toBe(false)
    expect(validate({ server: { ...entry.server, packages: [{ registryType: 'npm', identifier: 'x', version: 'latest' }] } })).toBe(false)
    expect(validate({ ...entry, _meta: { [OFFICIAL_META_KEY]: { status: 'active', updatedAt: 'yesterday' } } })).toBe(false)
    expect(responseValidator(VERSIONS, 404)({ error: 404 })).toBe(false)
  })
})

describe('GET /v0.1/servers', () => {
  it('lists active listings by name, each a server.json with both _meta namespaces', async () => {
    const { status, body, res } = await list(`?limit=${LIMITS.registryMaxLimit}`)
    expect(status).toBe(200)
    expect(names(body)).toEqual(SERVED)
    expect(body.metadata).toEqual({ count: SERVED.length })
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=30')
    const entry = body.servers.find((s: Body) => s.server.name === 'io.github.acme/widget')
    expect(entry.server).toEqual({
      $schema: SERVER_SCHEMA_URL,
      name: 'io.github.acme/widget',
      description: 'Widgets for everyone.',
      title: 'Acme Widget',
      version: '1.2.3',
      repository: { url: 'https://github.com/acme/widget', source: 'github', subfolder: 'servers/widget' },
      websiteUrl: 'https://acme.dev',
      icons: [{ src: 'https://acme.dev/icon.png' }],
      packages: [
        {
          registryType: 'npm',
          identifier: '@acme/widget',
          version: '1.2.3',
          transport: { type: 'stdio' },
          environmentVariables: [{ name: 'ACME_TOKEN', description: 'Token', isRequired: true, isSecret: true }],
        },
        { registryType: 'pypi', identifier: 'acme-widget', transport: { type: 'stdio' } },
      ],
      remotes: [{ type: 'streamable-http', url: 'https://mcp.acme.dev/mcp' }],
    })
    expect(entry._meta[OFFICIAL_META_KEY]).toEqual({ status: 'active', publishedAt: OLD, updatedAt: OLD, isLatest: true })
    const ours = entry._meta[CATALOGUE_META_KEY]
    expect(ours).toMatchObject({
      url: `https://catalogue.test/servers/${ids.widget}`,
      likes: 7,
      stars: 120,
      tags: ['widgets', 'tools'],
      categories: ['developer-tools'],
      featured: false,
    })
    expect(ours).not.toHaveProperty('description')
    // The runnable options, most convenient first, with their one-line commands.
    expect(ours.install.map((o: Body) => o.kind)).toEqual(['remote', 'package', 'package'])
    expect(ours.install[0].commands['claude-code']).toBe('claude mcp add --transport http widget https://mcp.acme.dev/mcp')
    expect(ours.install[1]).toMatchObject({ label: 'npm package', inputs: [{ name: 'ACME_TOKEN', secret: true }] })
    expect(ours.install[1].commands['claude-code']).toContain('@acme/widget@1.2.3')
    expect(ours.install[1].run).toContain('npx')
    // Small enough for a list: a page of 100 such entries stays well under a megabyte.
    expect(JSON.stringify(entry).length).toBeLessThan(4000)
  })

  it('cuts a description to the registry’s 100 characters and keeps the whole text in our _meta', async () => {
    const { body } = await list('?search=long-description')
    const [entry] = body.servers
    expect([...entry.server.description]).toHaveLength(100)
    expect(entry.server.description.endsWith('…')).toBe(true)
    expect(LONG_DESCRIPTION.startsWith(entry.server.description.slice(0, -1))).toBe(true)
    expect(entry._meta[CATALOGUE_META_KEY].description).toBe(LONG_DESCRIPTION)
  })

  it('marks featured listings', async () => {
    const { body } = await list('?search=com.example/featured')
    expect(body.servers[0]._meta[CATALOGUE_META_KEY].featured).toBe(true)
  })

  it('serves a name once: the listing imported from the registry before a local one of the same name', async () => {
    const { body } = await list('?search=dup/tool')
    expect(names(body)).toEqual(['io.github.dup/tool'])
    expect(body.servers[0].server.description).toBe('From the registry')
    expect(body.servers[0]._meta[CATALOGUE_META_KEY].url).toBe(`https://catalogue.test/servers/${ids.dupRegistry}`)
  })

  it('serves a listing under its registry name', async () => {
    expect(names((await list('?search=reg/served')).body)).toEqual(['io.github.reg/served'])
    expect(names((await list('?search=local-name')).body)).toEqual([])
  })

  it('pages through the whole catalogue with cursors, each listing exactly once', async () => {
    for (const limit of ['1', '7', '30', String(LIMITS.registryMaxLimit)]) {
      expect(await readAll({ limit })).toEqual(SERVED)
    }
  })

  it('defaults to 30 a page', async () => {
    const { body } = await list()
    expect(body.servers).toHaveLength(LIMITS.registryPageSize)
    expect(names(body)).toEqual(SERVED.slice(0, LIMITS.registryPageSize))
    expect(typeof body.metadata.nextCursor).toBe('string')
  })

  it('refuses limits outside 1 to 100 and malformed parameters with 400', async () => {
    for (const query of [
      '?limit=0',
      `?limit=${LIMITS.registryMaxLimit + 1}`,
      '?limit=ten',
      '?limit=2.5',
      '?cursor=not%20a%20cursor',
      '?cursor=Zm9v====',
      '?updated_since=yesterday',
      '?updated_since=2025-13-40T00:00:00Z',
      '?include_deleted=maybe',
    ]) {
      const { status, body } = await list(query)
      expect({ query, status, code: body.code }).toEqual({ query, status: 400, code: 'invalid_input' })
      expect(typeof body.error).toBe('string')
    }
  })

  it('searches names by substring, any case, taking % and _ literally', async () => {
    expect(names((await list('?search=ACME')).body)).toEqual(['io.github.acme/widget'])
    expect(names((await list('?search=percent')).body)).toEqual(['com.example/percent_50', 'com.example/percentx50'])
    expect(names((await list('?search=t_5')).body)).toEqual(['com.example/percent_50'])
    expect(names((await list('?search=%25')).body)).toEqual([])
    // Descriptions are not searched: the registry's search is by name.
    expect(names((await list('?search=Widgets%20for')).body)).toEqual([])
  })

  it('pages a search with cursors too', async () => {
    expect(await readAll({ search: 'page/server-1', limit: '3' })).toEqual(BULK.filter((n) => n.includes('server-1')))
  })

  it('filters by updated_since, deleted listings included and marked deleted', async () => {
    const { body } = await list(`?updated_since=${encodeURIComponent('2026-01-01T00:00:00+02:00')}`)
    expect(names(body)).toEqual(['com.example/deleted-one', 'com.example/featured'])
    const status = (name: string) => body.servers.find((s: Body) => s.server.name === name)._meta[OFFICIAL_META_KEY].status
    expect(status('com.example/deleted-one')).toBe('deleted')
    expect(status('com.example/featured')).toBe('active')
    // The bound is inclusive.
    expect(names((await list(`?updated_since=${RECENT}`)).body)).toEqual(['com.example/deleted-one', 'com.example/featured'])
    expect(names((await list('?updated_since=2030-01-01T00:00:00Z')).body)).toEqual([])
  })

  it('lists deleted listings only with include_deleted=true; pending ones never', async () => {
    expect(names((await list('?search=-one')).body)).toEqual([])
    expect(names((await list('?search=-one&include_deleted=false')).body)).toEqual([])
    const { body } = await list('?search=-one&include_deleted=true')
    expect(names(body)).toEqual(['com.example/deleted-one'])
    expect(body.servers[0]._meta[OFFICIAL_META_KEY].status).toBe('deleted')
  })

  it('takes version=latest as every listing (each is its current version) and an exact version as a filter', async () => {
    expect(names((await list(`?version=latest&limit=${LIMITS.registryMaxLimit}`)).body)).toEqual(SERVED)
    expect(names((await list('?version=1.2.3')).body)).toEqual(['io.github.acme/widget'])
    expect(names((await list('?version=9.9.9')).body)).toEqual([])
  })

  it('never serves listings whose name the registry does not allow', async () => {
    const all = await readAll({ limit: '100', include_deleted: 'true' })
    for (const name of ['my-slug-server', 'bad_ns/tool', 'a.b/c/d', 'com.example/pending-one']) expect(all).not.toContain(name)
  })
})

describe('GET /v0.1/servers/{serverName}/versions', () => {
  it('lists the one version of a listing', async () => {
    const { status, body } = await versionsOf('io.github.acme/widget')
    expect(status).toBe(200)
    expect(body.metadata).toEqual({ count: 1 })
    expect(body.servers[0].server).toMatchObject({ name: 'io.github.acme/widget', version: '1.2.3' })
    expect(body.servers[0]._meta[OFFICIAL_META_KEY].isLatest).toBe(true)
  })

  it('answers 404 for an unknown, deleted (unless asked), pending or unservable name', async () => {
    for (const name of ['io.github.nobody/nothing', 'com.example/deleted-one', 'com.example/pending-one', 'my-slug-server', 'local-name']) {
      const { status, body } = await versionsOf(name)
      expect({ name, status, body }).toEqual({ name, status: 404, body: { error: 'Server not found', code: 'server_not_found' } })
    }
    const deleted = await versionsOf('com.example/deleted-one', '?include_deleted=true')
    expect(deleted.status).toBe(200)
    expect(deleted.body.servers[0]._meta[OFFICIAL_META_KEY].status).toBe('deleted')
  })
})

describe('GET /v0.1/servers/{serverName}/versions/{version}', () => {
  it('answers the current version by its number and as latest', async () => {
    const exact = await versionOf('io.github.acme/widget', '1.2.3')
    expect(exact.status).toBe(200)
    expect(exact.body.server.name).toBe('io.github.acme/widget')
    const latest = await versionOf('io.github.acme/widget', 'latest')
    expect(latest.body).toEqual(exact.body)
  })

  it('answers 404 for an unknown version or server', async () => {
    expect(await versionOf('io.github.acme/widget', '0.0.1')).toMatchObject({
      status: 404,
      body: { error: 'Server version not found', code: 'version_not_found' },
    })
    expect(await versionOf('io.github.nobody/nothing', 'latest')).toMatchObject({
      status: 404,
      body: { error: 'Server not found', code: 'server_not_found' },
    })
    expect((await versionOf('com.example/deleted-one', 'latest')).status).toBe(404)
    expect((await versionOf('com.example/deleted-one', 'latest', '?include_deleted=true')).status).toBe(200)
  })
})

describe('the registry API for every caller', () => {
  it('lets any origin read it, without credentials', async () => {
    const res = await call(`${LIST}?limit=1`, { headers: { Origin: 'https://elsewhere.example' } })
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull()
    const preflight = await call(LIST, {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toContain('GET')
  })

  it('answers the same to a signed-in user as to a guest, and never reads or sets a session', async () => {
    const alice = await signIn('registry-alice')
    const asGuest = await call(`${LIST}?search=acme`)
    const asAlice = await call(`${LIST}?search=acme`, alice.read())
    expect(await asAlice.json()).toEqual(await asGuest.json())
    expect(asAlice.headers.get('Cache-Control')).toBe('public, max-age=30')
    expect(asAlice.headers.getSetCookie()).toEqual([])
  })

  it('answers unknown paths under /v0.1 with a JSON 404', async () => {
    const res = await call('/v0.1/nothing-here')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not found', code: 'not_found' })
  })

  it('is served from the guests’ edge cache until something guests see changes', async () => {
    const read = async (path: string) => {
      const ctx = createExecutionContext()
      const res = await app.request(`https://catalogue.test${path}`, {}, { ...env, GUEST_CACHE_SECONDS: '30' }, ctx)
      const body = (await res.json()) as Body
      await waitOnExecutionContext(ctx)
      return body
    }
    const stars = (body: Body) => body._meta[CATALOGUE_META_KEY].stars
    const path = `${LIST}/${encodeURIComponent('io.github.acme/widget')}/versions/latest`
    // The Worker's Date is the test's clock: the version memo's age is moved on, not waited for.
    const clock = testClock()
    clock.install()
    try {
      expect(stars(await read(path))).toBe(120)
      // Stars are an outside fact that does not bump the content version: the cached answer stands.
      await db().update(servers).set({ stars: 121 }).where(eq(servers.id, ids.widget))
      expect(stars(await read(path))).toBe(120)
      // An edit guests see makes every cached answer stale: at once when written through this
      // isolate (the middleware tests), within VERSION_MEMO_MS when written elsewhere, as here.
      await db().update(servers).set({ description: 'Widgets for everyone, edited.' }).where(eq(servers.id, ids.widget))
      clock.advance(VERSION_MEMO_MS)
      const fresh = await read(path)
      expect(fresh.server.description).toBe('Widgets for everyone, edited.')
      expect(stars(fresh)).toBe(121)
    } finally {
      clock.uninstall()
    }
  })
})

describe('cursor paging while the catalogue changes', () => {
  it('never repeats a listing nor skips one that was there all along', async () => {
    const before = await readAll({ limit: '100' })
    const removed = BULK[30]
    const seen = await readAll({ limit: '10' }, async (page) => {
      if (page !== 1) return
      // After two pages (20 names): one added behind the cursor, one ahead, one ahead deleted,
      // and a second listing of a name already read.
      await insertServer({ name: 'com.aaa/added-behind' })
      await insertServer({ name: 'io.github.zzz/added-ahead' })
      await db().update(servers).set({ status: 'deleted' }).where(eq(servers.name, removed))
      await insertServer({ name: BULK[0] })
    })
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toEqual(expect.arrayContaining(before.filter((n) => n !== removed)))
    expect(seen).toContain('io.github.zzz/added-ahead')
    expect(seen).not.toContain('com.aaa/added-behind')
    expect(seen).not.toContain(removed)
  })
})

describe('stored versions (written by the registry sync)', () => {
  it('lists every version with its own packages, the current one first and alone marked latest', async () => {
    const name = 'io.github.acme/widget'
    const id = ids.widget
    const npm = (version: string) => [{ registryType: 'npm', identifier: '@acme/widget', version, transport: { type: 'stdio' } }]
    await db()
      .insert(serverVersions)
      .values([
        { serverId: id, version: '1.0.0', status: 'deprecated', publishedAt: '2025-02-01T00:00:00.000Z', packages: npm('1.0.0') },
        { serverId: id, version: '1.1.0', status: 'active', publishedAt: '2025-03-01T00:00:00.000Z', packages: npm('1.1.0') },
        { serverId: id, version: '1.2.3', status: 'active', publishedAt: '2025-04-01T00:00:00.000Z', packages: npm('1.2.3') },
      ])

    const { status, body } = await versionsOf(name)
    expect(status).toBe(200)
    expect(body.metadata).toEqual({ count: 3 })
    expect(
      body.servers.map((s: Body) => [s.server.version, s._meta[OFFICIAL_META_KEY].isLatest, s._meta[OFFICIAL_META_KEY].status]),
    ).toEqual([
      ['1.2.3', true, 'active'],
      ['1.1.0', false, 'active'],
      ['1.0.0', false, 'deprecated'],
    ])
    expect(body.servers[2]._meta[OFFICIAL_META_KEY].publishedAt).toBe('2025-02-01T00:00:00.000Z')

    const older = await versionOf(name, '1.1.0')
    expect(older.status).toBe(200)
    expect(older.body.server).toMatchObject({ name, version: '1.1.0', packages: [{ identifier: '@acme/widget', version: '1.1.0' }] })
    expect(older.body._meta[OFFICIAL_META_KEY].isLatest).toBe(false)
    // The install commands in our _meta are those of the version asked for.
    expect(JSON.stringify(older.body._meta[CATALOGUE_META_KEY].install)).toContain('@acme/widget@1.1.0')
    expect((await versionOf(name, '0.9.0')).status).toBe(404)
  })
})

describe('the tools read from the server (our _meta)', () => {
  it('carries the current version’s tool count, names and surface hash with when it was read, valid against the schema', async () => {
    const name = 'io.github.acme/widget'
    const surface = surfaceOf(['search_widgets', 'create_widget'])
    await recordOutcome(ids.widget, '1.2.3', outcomeOf('ok', surface, new Date(RECENT)))
    const hashes = await hashSurface(surface)
    const tools = {
      count: 2,
      names: ['search_widgets', 'create_widget'],
      surfaceHash: hashes.surface,
      toolHashes: hashes.tools,
      risk: 'none',
      readAt: RECENT,
    }
    const { body } = await list(`?search=${encodeURIComponent(name)}`)
    expect(body.servers[0]._meta[CATALOGUE_META_KEY].tools).toEqual(tools)
    expect((await versionOf(name, 'latest')).body._meta[CATALOGUE_META_KEY].tools).toEqual(tools)
    // Another version was not read: its entry says nothing of tools.
    const older = await versionOf(name, '1.1.0')
    expect(older.body._meta[CATALOGUE_META_KEY]).not.toHaveProperty('tools')
    // A listing never read has no tools either.
    expect((await list('?search=com.example/featured')).body.servers[0]._meta[CATALOGUE_META_KEY]).not.toHaveProperty('tools')
  })
})

describe('the verdict (our _meta)', () => {
  it('carries the stored verdict’s grades, overall and per dimension that applies, read in the page’s own statement', async () => {
    const name = 'io.github.acme/widget'
    await storeVerdict(
      ids.widget,
      fixtureVerdict('C', { security: 'B', toolQuality: 'D', compatibility: 'C', health: 'n/a', installReadiness: 'A' }),
    )
    const verdict = {
      grade: 'C',
      // Health does not apply (left out); maintenance is not known (null).
      dimensions: { security: 'B', toolQuality: 'D', compatibility: 'C', maintenance: null, installReadiness: 'A' },
      method: 1,
      computedAt: '2026-11-01T10:00:00.000Z',
    }
    const { body } = await list(`?search=${encodeURIComponent(name)}`)
    expect(body.servers[0]._meta[CATALOGUE_META_KEY].verdict).toEqual(verdict)
    expect((await versionOf(name, 'latest')).body._meta[CATALOGUE_META_KEY].verdict).toEqual(verdict)
    // Graded from the current version's facts: another version's entry says nothing of it.
    expect((await versionOf(name, '1.1.0')).body._meta[CATALOGUE_META_KEY]).not.toHaveProperty('verdict')
    // A listing never graded has no verdict.
    expect((await list('?search=com.example/featured')).body.servers[0]._meta[CATALOGUE_META_KEY]).not.toHaveProperty('verdict')
    // Not enough known: the overall grade is null, and says so.
    await storeVerdict(ids.widget, fixtureVerdict(null, {}))
    expect((await list(`?search=${encodeURIComponent(name)}`)).body.servers[0]._meta[CATALOGUE_META_KEY].verdict).toEqual({
      grade: null,
      dimensions: { security: null, toolQuality: null, compatibility: null, maintenance: null, health: null, installReadiness: null },
      method: 1,
      computedAt: '2026-11-01T10:00:00.000Z',
    })
  })
})
