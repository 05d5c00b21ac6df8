/**
 * How a listing installs, on every card (`installKinds`), and the `packageType` filter of lists
 * and searches, which reads packages the same way (worker/db/server-cards.ts; in the search
 * indexes, the package facets of migrations/0020_search_package_types.sql).
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerList } from '@shared/types'
import { servers } from '../../../worker/db/schema'
import { toolSearchText } from '../../../worker/lib/search/tool-text'
import { insertServer } from '../factories'
import { db, expectInvalidInput, json } from '../helpers'

const ids: Record<string, string> = {}

beforeAll(async () => {
  const specs = {
    // The registry's shape: a package and a remote.
    both: {
      stars: 50,
      packages: [{ registryType: 'npm', identifier: '@kinds/both', version: '1.0.0', transport: { type: 'stdio' } }],
      remotes: [{ type: 'streamable-http', url: 'https://both.example/mcp' }],
      tags: ['kinds-tag'],
    },
    // The form's shape, in another case.
    pypi: { stars: 40, packages: [{ registry_type: ' PyPI ', identifier: 'kinds-pypi', version: '0.1.0' }], tags: ['kinds-tag'] },
    // Neither a package nor a remote.
    none: { stars: 30 },
    // A legacy image (docker reads as oci) and two npm packages: each type once, in order.
    image: {
      stars: 20,
      packages: [
        { registry_name: 'docker', name: 'kinds/image', version: 'latest' },
        { registryType: 'npm', identifier: 'kinds-a', version: '1.0.0' },
        { registryType: 'npm', identifier: 'kinds-b', version: '1.0.0' },
      ],
    },
    // A package named by a string alone, or of the old registry's 'unknown' type, says no type; a remote alone.
    named: { stars: 10, packages: ['kinds-by-name', { registry_name: 'unknown', name: 'kinds-unknown', version: '1' }] },
    remote: { stars: 5, remotes: [{ type: 'sse', url: 'https://remote.example/sse' }] },
    // Not listed: never counted or found.
    deleted: { stars: 100, status: 'deleted', packages: [{ registryType: 'npm', identifier: 'kinds-gone', version: '1.0.0' }] },
  } as const
  for (const [key, spec] of Object.entries(specs)) {
    const row = await insertServer({
      displayName: `Kinds ${key}`,
      description: `A kinds test server (${key})`,
      ...spec,
      tags: 'tags' in spec ? [...spec.tags] : [],
    } as Parameters<typeof insertServer>[0])
    ids[key] = row.id
  }
  // Not matching the search's word: a list filter finds it, a search does not.
  ids.other = (
    await insertServer({
      displayName: 'Elsewhere',
      description: 'Unrelated',
      packages: [{ registryType: 'pypi', identifier: 'x', version: '1' }],
    })
  ).id
})

const keys = (list: ServerList) => list.servers.map((s) => Object.keys(ids).find((k) => ids[k] === s.id))

describe('installKinds on cards', () => {
  it('names each package type once, in order, then remote; nothing for a listing with neither', async () => {
    const { body } = await json<ServerList>('/api/servers?limit=50')
    const kinds = Object.fromEntries(body.servers.map((s) => [Object.keys(ids).find((k) => ids[k] === s.id), s.installKinds]))
    expect(kinds).toEqual({
      both: ['npm', 'remote'],
      pypi: ['pypi'],
      none: [],
      image: ['oci', 'npm'],
      named: [],
      remote: ['remote'],
      other: ['pypi'],
    })
  })

  it('is on search hits and on the server page too', async () => {
    const { body } = await json<ServerList>('/api/servers/search?q=kinds')
    expect(body.servers.find((s) => s.id === ids.both)?.installKinds).toEqual(['npm', 'remote'])
    expect((await json(`/api/servers/${ids.pypi}`)).body.installKinds).toEqual(['pypi'])
  })
})

describe('packageType filter', () => {
  it.each([
    ['npm', ['both', 'image'], 2],
    ['pypi', ['pypi', 'other'], 2],
    ['oci', ['image'], 1],
    ['nuget', [], 0],
    ['npm&remote=1', ['both'], 1],
    ['pypi&tags=kinds-tag', ['pypi'], 1],
  ])('lists only servers with a package of that type: %s', async (filter, expected, total) => {
    const { status, body } = await json<ServerList>(`/api/servers?packageType=${filter}`)
    expect(status).toBe(200)
    expect(keys(body)).toEqual(expected)
    expect(body.total).toBe(total)
  })

  it('pages a filtered list with the filtered total', async () => {
    const p2 = (await json<ServerList>('/api/servers?packageType=npm&limit=1&page=2')).body
    expect(keys(p2)).toEqual(['image'])
    expect(p2).toMatchObject({ total: 2, totalPages: 2, currentPage: 2 })
  })

  it.each([
    ['npm', ['both', 'image'], 2],
    ['pypi', ['pypi'], 1],
    ['oci', ['image'], 1],
    ['mcpb', [], 0],
    ['npm&remote=1', ['both'], 1],
    ['npm&tags=kinds-tag', ['both'], 1],
  ])('searches only servers with a package of that type, by relevance and by a sort: %s', async (filter, expected, total) => {
    for (const sort of ['', '&sortBy=stars']) {
      const { status, body } = await json<ServerList>(`/api/servers/search?q=kinds&packageType=${filter}${sort}`)
      expect(status).toBe(200)
      expect(keys(body).sort()).toEqual([...expected].sort())
      expect(body.total).toBe(total)
    }
  })

  it('follows a listing’s packages, status and tools in the search indexes', async () => {
    const found = async (query: string) => keys((await json<ServerList>(`/api/servers/search?${query}`)).body).sort()
    const row = await insertServer({
      displayName: 'Kinds moving',
      description: 'A kinds test server that changes',
      packages: [{ registryType: 'pypi', identifier: 'moving', version: '1' }],
      // Found by its tools too: the tools' index holds the facets as well.
      toolText: toolSearchText({ tools: [{ name: 'zephyrize', description: 'Zephyrize a thing' }] }),
      toolCount: 1,
    })
    ids.moving = row.id
    try {
      expect(await found('q=zephyrize&packageType=pypi')).toEqual(['moving'])
      expect(await found('q=kinds&packageType=pypi')).toEqual(['moving', 'pypi'])
      await db()
        .update(servers)
        .set({ packages: [{ registryType: 'mcpb', identifier: 'https://x.example/moving.mcpb', version: '1' }] })
        .where(eq(servers.id, row.id))
      expect(await found('q=kinds&packageType=pypi')).toEqual(['pypi'])
      expect(await found('q=kinds&packageType=mcpb')).toEqual(['moving'])
      expect(await found('q=zephyrize&packageType=mcpb')).toEqual(['moving'])
      expect(await found('q=zephyrize&packageType=pypi')).toEqual([])
      await db().update(servers).set({ status: 'deleted' }).where(eq(servers.id, row.id))
      expect(await found('q=kinds&packageType=mcpb')).toEqual([])
      await db().update(servers).set({ status: 'active' }).where(eq(servers.id, row.id))
      expect(await found('q=zephyrize&packageType=mcpb')).toEqual(['moving'])
    } finally {
      await db().delete(servers).where(eq(servers.id, row.id))
      delete ids.moving
    }
    expect(await found('q=kinds&packageType=mcpb')).toEqual([])
  })

  it('answers 400 with the schema’s message for an unknown type', async () => {
    for (const path of ['/api/servers?packageType=docker', '/api/servers/search?q=kinds&packageType=NPM'])
      expectInvalidInput(await json(path), 'packageType', 'Must be one of npm, pypi, oci, nuget, mcpb')
  })
})
