/**
 * Every package is a registry (docs/package-registries.md): the registry API's conformance suite
 * run against a package's registry as registry.test.ts runs it against the whole catalogue, the
 * package's servers alone, each at its pinned version or the newest not held back, a private
 * package's registry behind its secret link (and not after rotation), the allowlist downloads and
 * the owner's writes.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { PackageDetail, PackageRegistryLink } from '@shared/types'
import { listingPackages, packageServers, packageVersions, serverVersions, watchedPackages } from '../../../worker/db/schema'
import { CATALOGUE_META_KEY, OFFICIAL_META_KEY, PACKAGE_META_KEY } from '../../../worker/lib/render/registry-api'
import { type Client, guest, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { call, db, expectInvalidInput, json } from '../helpers'
import { category } from '../package-helpers'
import { getConforming } from '../registry-conformance'

const LIST = '/v0.1/servers'
const VERSIONS = '/v0.1/servers/{serverName}/versions'
const VERSION = '/v0.1/servers/{serverName}/versions/{version}'

/** Responses are checked against the OpenAPI file, not typed here. */
type Body = any

/** A GET of a registry at `base`, conforming (getConforming). */
const get = (base: string, path: string, operation: string) => getConforming(`${base}${path}`, operation)

const list = (base: string, query = '') => get(base, `${LIST}${query}`, LIST)
const names = (body: Body): string[] => body.servers.map((s: Body) => s.server.name)
const versionsOf = (base: string, name: string, query = '') => get(base, `${LIST}/${encodeURIComponent(name)}/versions${query}`, VERSIONS)
const versionOf = (base: string, name: string, version: string) =>
  get(base, `${LIST}/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`, VERSION)

/** Every page of a registry from the first, following `nextCursor`; each page conforms. */
async function readAll(base: string, query: Record<string, string> = {}) {
  const seen: string[] = []
  let cursor: string | undefined
  for (let page = 0; page < 50; page++) {
    const { status, body } = await list(base, `?${new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) })}`)
    expect(status).toBe(200)
    expect(body.metadata.count).toBe(body.servers.length)
    seen.push(...names(body))
    cursor = body.metadata.nextCursor
    if (!cursor) return seen
  }
  throw new Error('More than 50 pages')
}

const OLD = '2025-01-01T00:00:00.000Z'
const npm = (version: string) => [{ registryType: 'npm', identifier: '@pkgreg/tool', version, transport: { type: 'stdio' } }]
const TOOL_REMOTES = [{ type: 'streamable-http', url: 'https://tool.pkgreg.dev/mcp' }]

let alice: Client
let bob: Client
const ids: Record<string, string> = {}
let publicId: string
let privateId: string

/** The package page as `client` sees it. */
const detail = async (client: Client, id: string) => (await json<PackageDetail>(`/api/packages/${id}`, client.read())).body

beforeAll(async () => {
  alice = await signIn('pkgreg-alice')
  bob = await signIn('pkgreg-bob')
  const add = async (key: string, values: Parameters<typeof insertServer>[0]) => {
    ids[key] = (await insertServer({ createdAt: OLD, updatedAt: OLD, ...values })).id
  }
  // A server with three stored versions; the newest's npm package version scored High.
  await add('tool', {
    name: 'io.github.pkgreg/tool',
    version: '3.0.0',
    packages: npm('3.0.0'),
    remotes: TOOL_REMOTES,
  })
  await db()
    .insert(serverVersions)
    .values([
      { serverId: ids.tool, version: '1.0.0', publishedAt: '2025-02-01T00:00:00.000Z', packages: npm('1.0.0'), remotes: TOOL_REMOTES },
      { serverId: ids.tool, version: '2.0.0', publishedAt: '2025-03-01T00:00:00.000Z', packages: npm('2.0.0'), remotes: TOOL_REMOTES },
      {
        serverId: ids.tool,
        version: '2.5.0',
        status: 'deleted',
        publishedAt: '2025-03-15T00:00:00.000Z',
        packages: npm('2.5.0'),
        remotes: TOOL_REMOTES,
      },
      { serverId: ids.tool, version: '3.0.0', publishedAt: '2025-04-01T00:00:00.000Z', packages: npm('3.0.0'), remotes: TOOL_REMOTES },
    ])
  const [watched] = await db()
    .insert(watchedPackages)
    .values({ registry: 'npm', name: '@pkgreg/tool', createdAt: OLD, dueAt: OLD })
    .returning({ id: watchedPackages.id })
  await db().insert(listingPackages).values({ serverId: ids.tool, packageId: watched.id, pinned: '3.0.0' })
  const scored = (version: string, band: string) => ({
    packageId: watched.id,
    version,
    seenAt: OLD,
    facts: '{}',
    score: band === 'high' ? 90 : 0,
    band,
    signals: '[]',
    scorerVersion: 1,
  })
  await db()
    .insert(packageVersions)
    .values([scored('3.0.0', 'high'), scored('2.0.0', 'none')])
  await add('remote', { name: 'com.example/pkgreg-remote', remotes: [{ type: 'streamable-http', url: 'https://remote.example/mcp' }] })
  await add('plain', { name: 'com.example/pkgreg-plain' })
  await add('gone', { name: 'com.example/pkgreg-gone', status: 'deleted' })
  await add('slug', { name: 'pkgreg-slug' })
  // In the catalogue, not in the package.
  await add('outside', { name: 'com.example/pkgreg-outside' })
  const members = [ids.tool, ids.remote, ids.plain, ids.slug]
  publicId = await category(alice, 'Team tools', { public: true, servers: members })
  privateId = await category(alice, 'Secret tools', { servers: members })
  // Deleted after it was added: it leaves the package's lists, but updated_since names it.
  await db().insert(packageServers).values({ packageId: publicId, serverId: ids.gone })
})

const PUBLIC = () => `/registry/${publicId}`
const SERVED = ['com.example/pkgreg-plain', 'com.example/pkgreg-remote', 'io.github.pkgreg/tool']

describe('a public package’s registry', () => {
  it('lists only the package’s servers with a valid name, each a conforming entry with the package’s _meta', async () => {
    const { status, body, res } = await list(PUBLIC(), '?limit=100')
    expect(status).toBe(200)
    expect(names(body)).toEqual(SERVED)
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=30')
    const tool = body.servers.find((s: Body) => s.server.name === 'io.github.pkgreg/tool')
    expect(tool._meta[PACKAGE_META_KEY]).toEqual({
      id: publicId,
      name: 'Team tools',
      url: `https://catalogue.test/packages/${publicId}`,
      chosen: 'newest',
      heldBack: ['3.0.0'],
    })
    expect(tool._meta[CATALOGUE_META_KEY].url).toBe(`https://catalogue.test/servers/${ids.tool}`)
    // The catalogue's own /v0.1 carries no package _meta.
    const whole = await list('', '?search=pkgreg/tool')
    expect(whole.body.servers[0]._meta).not.toHaveProperty(PACKAGE_META_KEY)
  })

  it('serves the newest version not held back: past a version whose npm package scored High, past a deleted one', async () => {
    const { body } = await list(PUBLIC(), '?search=pkgreg/tool')
    expect(body.servers[0].server).toMatchObject({ version: '2.0.0', packages: [{ identifier: '@pkgreg/tool', version: '2.0.0' }] })
    expect(body.servers[0]._meta[OFFICIAL_META_KEY]).toMatchObject({ isLatest: true, status: 'active' })
    // Its install commands are that version's.
    expect(JSON.stringify(body.servers[0]._meta[CATALOGUE_META_KEY].install)).toContain('@pkgreg/tool@2.0.0')
    // The whole catalogue still serves the current one.
    expect((await list('', '?search=pkgreg/tool')).body.servers[0].server.version).toBe('3.0.0')
  })

  it('has one version of each server: the one served, as latest and by number; no other', async () => {
    const versions = await versionsOf(PUBLIC(), 'io.github.pkgreg/tool')
    expect(versions.status).toBe(200)
    expect(versions.body.metadata).toEqual({ count: 1 })
    expect(versions.body.servers[0].server.version).toBe('2.0.0')
    const latest = await versionOf(PUBLIC(), 'io.github.pkgreg/tool', 'latest')
    expect(latest.body).toEqual(versions.body.servers[0])
    expect((await versionOf(PUBLIC(), 'io.github.pkgreg/tool', '2.0.0')).body).toEqual(latest.body)
    for (const other of ['3.0.0', '1.0.0']) {
      expect(await versionOf(PUBLIC(), 'io.github.pkgreg/tool', other)).toMatchObject({
        status: 404,
        body: { code: 'version_not_found' },
      })
    }
  })

  it('answers 404 for a server outside the package, deleted (unless asked), or named as the registry does not allow', async () => {
    for (const name of ['com.example/pkgreg-outside', 'com.example/pkgreg-gone', 'pkgreg-slug']) {
      expect({ name, ...(await versionsOf(PUBLIC(), name)) }).toMatchObject({ name, status: 404, body: { code: 'server_not_found' } })
    }
    const gone = await versionsOf(PUBLIC(), 'com.example/pkgreg-gone', '?include_deleted=true')
    expect(gone.status).toBe(200)
    expect(gone.body.servers[0]._meta[OFFICIAL_META_KEY].status).toBe('deleted')
  })

  it('pages with cursors, searches, filters by updated_since and version, as the catalogue’s list does', async () => {
    for (const limit of ['1', '2', '100']) expect(await readAll(PUBLIC(), { limit })).toEqual(SERVED)
    expect(names((await list(PUBLIC(), '?search=PKGREG-R')).body)).toEqual(['com.example/pkgreg-remote'])
    expect(names((await list(PUBLIC(), '?search=outside')).body)).toEqual([])
    expect(names((await list(PUBLIC(), '?version=2.0.0')).body)).toEqual(['io.github.pkgreg/tool'])
    expect(names((await list(PUBLIC(), '?include_deleted=true')).body)).toEqual([
      'com.example/pkgreg-gone',
      ...SERVED.filter((n) => n.startsWith('com.')),
      'io.github.pkgreg/tool',
    ])
    expect(names((await list(PUBLIC(), '?updated_since=2030-01-01T00:00:00Z')).body)).toEqual([])
    expect(names((await list(PUBLIC(), `?updated_since=${OLD}`)).body)).toContain('com.example/pkgreg-gone')
    for (const query of ['?limit=0', '?cursor=not%20a%20cursor', '?updated_since=yesterday']) {
      expect({ query, ...(await list(PUBLIC(), query)) }).toMatchObject({ query, status: 400, body: { code: 'invalid_input' } })
    }
  })

  it('lets any origin read it, without credentials, and answers a signed-in user as a guest', async () => {
    const res = await call(`${PUBLIC()}${LIST}`, { headers: { Origin: 'https://elsewhere.example' } })
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull()
    const asAlice = await call(`${PUBLIC()}${LIST}`, alice.read())
    expect(await asAlice.json()).toEqual(await res.json())
    expect(asAlice.headers.getSetCookie()).toEqual([])
  })

  it('gives everyone its path on the package page', async () => {
    expect((await detail(bob, publicId)).registryPath).toBe(`/registry/${publicId}`)
    expect((await detail(await guest(), publicId)).registryPath).toBe(`/registry/${publicId}`)
  })
})

describe('pins', () => {
  it('serves the version its owner pinned, even one the watch holds back, until unpinned', async () => {
    const pin = (version: string | null, client = alice) =>
      json(`/api/packages/${publicId}/servers/${ids.tool}/version`, client.write('PUT', { version }))
    expect(await pin('3.0.0')).toMatchObject({ status: 200, body: { serverId: ids.tool, version: '3.0.0' } })
    const { body } = await list(PUBLIC(), '?search=pkgreg/tool')
    expect(body.servers[0].server.version).toBe('3.0.0')
    expect(body.servers[0]._meta[PACKAGE_META_KEY]).toMatchObject({ chosen: 'pinned', heldBack: [] })
    expect((await detail(bob, publicId)).pins).toEqual({ [ids.tool]: '3.0.0' })
    // An older stored version.
    await pin('1.0.0')
    expect((await versionOf(PUBLIC(), 'io.github.pkgreg/tool', 'latest')).body.server.version).toBe('1.0.0')
    await pin(null)
    expect((await versionOf(PUBLIC(), 'io.github.pkgreg/tool', 'latest')).body.server.version).toBe('2.0.0')
    expect((await detail(alice, publicId)).pins).toEqual({})
  })

  it('refuses a version the server does not have (400), a server outside the package (404), a malformed body (400)', async () => {
    const put = (serverId: string, body: unknown) => json(`/api/packages/${publicId}/servers/${serverId}/version`, alice.write('PUT', body))
    expectInvalidInput(await put(ids.tool, { version: '9.9.9' }), 'version', 'The server has no such version')
    expect(await put(ids.outside, { version: '1.0.0' })).toMatchObject({ status: 404, body: { code: 'server_not_found' } })
    expect((await put(ids.tool, { version: 'x'.repeat(500) })).status).toBe(400)
    expect((await put(ids.tool, { version: 3 })).status).toBe(400)
    expect((await put(ids.tool, {})).status).toBe(400)
    expect((await put('not-an-id', { version: null })).status).toBe(400)
  })

  it('is the owner’s alone: 401 for a guest, 403 for another user, 404 for a private package another user cannot see', async () => {
    const path = `/api/packages/${publicId}/servers/${ids.tool}/version`
    expect((await json(path, (await guest()).write('PUT', { version: '1.0.0' }))).status).toBe(401)
    expect(await json(path, bob.write('PUT', { version: '1.0.0' }))).toMatchObject({ status: 403, body: { code: 'forbidden' } })
    expect(await json(`/api/packages/${privateId}/servers/${ids.tool}/version`, bob.write('PUT', { version: '1.0.0' }))).toMatchObject({
      status: 404,
      body: { code: 'package_not_found' },
    })
    expect((await detail(alice, publicId)).pins).toEqual({})
  })
})

describe('a private package’s registry', () => {
  const NOT_FOUND = { error: 'Server not found', code: 'server_not_found' }

  it('answers only at its secret link, which only its owner is given', async () => {
    const path = (await detail(alice, privateId)).registryPath!
    expect(path).toMatch(new RegExp(`^/registry/${privateId}/[A-Za-z0-9_-]{43}$`))
    const { status, body, res } = await list(path)
    expect(status).toBe(200)
    expect(names(body)).toEqual(SERVED)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect((await versionOf(path, 'io.github.pkgreg/tool', 'latest')).status).toBe(200)
    // Without the key, with a wrong one, or for a package that does not exist: the same 404.
    const wrong = `/registry/${privateId}/${'A'.repeat(43)}`
    for (const base of [
      `/registry/${privateId}`,
      wrong,
      `/registry/${crypto.randomUUID()}`,
      '/registry/not-a-uuid',
      `/registry/${privateId}/short`,
    ]) {
      const res = await call(`${base}${LIST}`)
      expect({ base, status: res.status, body: await res.json() }).toEqual({ base, status: 404, body: NOT_FOUND })
      const file = await call(`${base}/allowlist.json`)
      expect({ base, status: file.status }).toEqual({ base, status: 404 })
    }
    // Nobody else is given a path.
    expect((await json(`/api/packages/${privateId}`, bob.read())).status).toBe(404)
  })

  it('stops answering at the old link once its owner rotates the secret; the new link answers', async () => {
    const old = (await detail(alice, privateId)).registryPath!
    expect((await json(`/api/packages/${privateId}/registry-key`, bob.write('POST'))).status).toBe(404)
    expect((await json(`/api/packages/${privateId}/registry-key`, (await guest()).write('POST'))).status).toBe(401)
    const rotated = await json<PackageRegistryLink>(`/api/packages/${privateId}/registry-key`, alice.write('POST'))
    expect(rotated.status).toBe(200)
    expect(rotated.body.registryPath).not.toBe(old)
    expect(rotated.body.registryPath).toMatch(new RegExp(`^/registry/${privateId}/[A-Za-z0-9_-]{43}$`))
    expect((await detail(alice, privateId)).registryPath).toBe(rotated.body.registryPath)
    expect((await call(`${old}${LIST}`)).status).toBe(404)
    expect((await list(rotated.body.registryPath)).status).toBe(200)
  })

  it('a public package answers at its key link too, while valid; another package’s key opens nothing', async () => {
    await json(`/api/packages/${publicId}/public-status`, alice.write('PUT', { isPublic: false }))
    const key = (await detail(alice, publicId)).registryPath!
    await json(`/api/packages/${publicId}/public-status`, alice.write('PUT', { isPublic: true }))
    expect((await list(key)).status).toBe(200)
    expect((await list(key)).res.headers.get('Cache-Control')).toBe('private, no-store')
    const privateKey = (await detail(alice, privateId)).registryPath!.split('/').at(-1)
    expect((await call(`/registry/${publicId}/${privateKey}${LIST}`)).status).toBe(404)
    // Owner-only: another user may not rotate a public package's key.
    expect((await json(`/api/packages/${publicId}/registry-key`, bob.write('POST'))).status).toBe(403)
  })
})

describe('allowlists', () => {
  const download = async (base: string, file: string) => {
    const res = await call(`${base}/${file}`)
    return {
      status: res.status,
      type: res.headers.get('Content-Type'),
      disposition: res.headers.get('Content-Disposition'),
      text: await res.text(),
      res,
    }
  }

  it('names the servers served, one a line, as an attachment', async () => {
    const names = await download(PUBLIC(), 'allowlist.names.txt')
    expect(names).toMatchObject({
      status: 200,
      type: 'text/plain; charset=utf-8',
      disposition: 'attachment; filename="team-tools-allowlist-names.txt"',
      text: `${SERVED.join('\n')}\n`,
    })
    expect(names.res.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  it('lists the remote URLs, one a line', async () => {
    expect(await download(PUBLIC(), 'allowlist.urls.txt')).toMatchObject({
      status: 200,
      type: 'text/plain; charset=utf-8',
      disposition: 'attachment; filename="team-tools-allowlist-urls.txt"',
      text: 'https://remote.example/mcp\nhttps://tool.pkgreg.dev/mcp\n',
    })
  })

  it('gives every server with its version served, remote URLs and package identifiers as JSON', async () => {
    const file = await download(PUBLIC(), 'allowlist.json')
    expect(file).toMatchObject({
      status: 200,
      type: 'application/json; charset=utf-8',
      disposition: 'attachment; filename="team-tools-allowlist.json"',
    })
    expect(JSON.parse(file.text)).toEqual({
      package: { id: publicId, name: 'Team tools', url: `https://catalogue.test/packages/${publicId}` },
      registry: `https://catalogue.test/registry/${publicId}`,
      servers: [
        { name: 'com.example/pkgreg-plain', version: '1.0.0', remotes: [], packages: [] },
        { name: 'com.example/pkgreg-remote', version: '1.0.0', remotes: ['https://remote.example/mcp'], packages: [] },
        {
          name: 'io.github.pkgreg/tool',
          version: '2.0.0',
          remotes: ['https://tool.pkgreg.dev/mcp'],
          packages: [{ registryType: 'npm', identifier: '@pkgreg/tool', version: '2.0.0' }],
        },
      ],
    })
  })

  it('is private behind a private package’s link, and absent without it', async () => {
    const path = (await detail(alice, privateId)).registryPath!
    const file = await download(path, 'allowlist.names.txt')
    expect(file).toMatchObject({ status: 200, text: `${SERVED.join('\n')}\n` })
    expect(file.res.headers.get('Cache-Control')).toBe('private, no-store')
    expect((await download(`/registry/${privateId}`, 'allowlist.names.txt')).status).toBe(404)
    // Other files and paths under /registry are the Worker's JSON 404, not a page.
    for (const path of [`${PUBLIC()}/allowlist.xml`, `${PUBLIC()}/v0.2/servers`, '/registry']) {
      const res = await call(path)
      expect({ path, status: res.status, body: await res.json() }).toEqual({
        path,
        status: 404,
        body: { error: 'Not found', code: 'not_found' },
      })
    }
  })
})
