/**
 * A package as a registry, its decisions as plain functions (worker/lib/package-registry.ts): the
 * version served, a page of the scope, the link's path, the allowlist files and their names.
 */
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  allowlistBody,
  allowlistFileName,
  chooseVersion,
  highKey,
  isRegistryKey,
  registryKey,
  registryPathOf,
  type ScopedEntry,
  scopeEntries,
  scopePage,
} from '../../../worker/lib/package-registry'
import type { RegistryListing, RegistryVersion } from '../../../worker/lib/render/registry-api'

const npm = (version: string) => [{ registryType: 'npm', identifier: '@acme/tool', version, transport: { type: 'stdio' } }]

const listing = (over: Partial<RegistryListing> = {}): RegistryListing => ({
  id: 'id-1',
  name: 'io.github.acme/tool',
  displayName: 'Tool',
  description: 'A tool.',
  version: '3.0.0',
  icon: null,
  githubUrl: null,
  tags: [],
  categories: [],
  packages: npm('3.0.0'),
  remotes: [],
  metadata: {},
  status: 'active',
  likeCount: 0,
  stars: 0,
  featured: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-06-01T00:00:00.000Z',
  install: null,
  ...over,
})

const stored = (version: string, publishedAt: string, status = 'active'): RegistryVersion => ({
  version,
  status,
  publishedAt,
  upstreamUpdatedAt: null,
  packages: npm(version),
  remotes: [],
})

const VERSIONS = [
  stored('1.0.0', '2025-02-01T00:00:00.000Z'),
  stored('2.0.0', '2025-03-01T00:00:00.000Z'),
  stored('2.5.0', '2025-03-15T00:00:00.000Z', 'deleted'),
  stored('3.0.0', '2025-04-01T00:00:00.000Z'),
]
const high = (...versions: string[]) => new Set(versions.map((v) => highKey('npm', '@acme/tool', v)))
const served = (c: ReturnType<typeof chooseVersion>) => [c.entry[0].version, c.chosen, c.heldBack]

describe('chooseVersion', () => {
  it('serves the current version when nothing is held back, as the latest', () => {
    const c = chooseVersion(listing(), VERSIONS, null, new Set())
    expect(served(c)).toEqual(['3.0.0', 'newest', []])
    expect(c.entry[1].isLatest).toBe(true)
  })

  it('walks newest first past versions installing a High package version, and past deleted ones', () => {
    expect(served(chooseVersion(listing(), VERSIONS, null, high('3.0.0')))).toEqual(['2.0.0', 'newest', ['3.0.0']])
    expect(served(chooseVersion(listing(), VERSIONS, null, high('3.0.0', '2.0.0')))).toEqual(['1.0.0', 'newest', ['3.0.0', '2.0.0']])
    const older = chooseVersion(listing(), VERSIONS, null, high('3.0.0'))
    // That version's own packages and official facts, marked latest: the only one served.
    expect(older.entry[0].packages).toEqual(npm('2.0.0'))
    expect(older.entry[1]).toMatchObject({ isLatest: true, publishedAt: '2025-03-01T00:00:00.000Z' })
  })

  it('serves the current version when every one is held back, naming the others passed over', () => {
    expect(served(chooseVersion(listing(), VERSIONS, null, high('3.0.0', '2.0.0', '1.0.0')))).toEqual([
      '3.0.0',
      'newest',
      ['2.0.0', '1.0.0'],
    ])
  })

  it('serves the pinned version as it is, held back or not; a pin the server no longer has falls back to the newest', () => {
    expect(served(chooseVersion(listing(), VERSIONS, '3.0.0', high('3.0.0')))).toEqual(['3.0.0', 'pinned', []])
    expect(served(chooseVersion(listing(), VERSIONS, '1.0.0', new Set()))).toEqual(['1.0.0', 'pinned', []])
    expect(served(chooseVersion(listing(), VERSIONS, '0.1.0', new Set()))).toEqual(['3.0.0', 'newest', []])
  })

  it('takes a PyPI name as the watch normalizes it, and never holds back a version installing "latest"', () => {
    const pypi = [{ registryType: 'pypi', identifier: 'Acme_Tool', version: '3.0.0' }]
    const older = { ...stored('2.0.0', '2025-03-01T00:00:00.000Z'), packages: [{ ...pypi[0], version: '2.0.0' }] }
    const l = listing({ packages: pypi })
    expect(served(chooseVersion(l, [older], null, new Set([highKey('pypi', 'acme-tool', '3.0.0')])))).toEqual([
      '2.0.0',
      'newest',
      ['3.0.0'],
    ])
    const unpinned = listing({ packages: [{ registryType: 'npm', identifier: '@acme/tool', version: 'latest' }] })
    expect(served(chooseVersion(unpinned, [stored('2.0.0', '2025-03-01T00:00:00.000Z')], null, high('3.0.0')))).toEqual([
      '3.0.0',
      'newest',
      [],
    ])
  })
})

const entry = (name: string, over: Partial<RegistryListing> = {}): ScopedEntry => ({
  name,
  ...chooseVersion(listing({ name, id: name, ...over }), [], null, new Set()),
})

describe('scopePage', () => {
  const entries = [
    entry('io.github.b/two'),
    entry('io.github.a/one', { updatedAt: '2026-01-01 10:00:00' }),
    entry('com.x/gone', { status: 'deleted' }),
  ]
  const page = (opts: Partial<Parameters<typeof scopePage>[1]>) =>
    scopePage(entries, { limit: 30, includeDeleted: false, ...opts }).entries.map((e) => e.name)

  it('orders by name, pages after the cursor name, says where the next page starts', () => {
    expect(page({})).toEqual(['io.github.a/one', 'io.github.b/two'])
    expect(scopePage(entries, { limit: 1, includeDeleted: false }).after).toBe('io.github.a/one')
    expect(page({ after: 'io.github.a/one' })).toEqual(['io.github.b/two'])
    expect(scopePage(entries, { limit: 2, includeDeleted: false }).after).toBeNull()
  })

  it('filters as the catalogue does: name fragment in any case, updated since (zone-less times as UTC), version, deleted when asked', () => {
    expect(page({ search: 'A/ONE' })).toEqual(['io.github.a/one'])
    expect(page({ updatedSince: '2026-01-01T10:00:00.000Z' })).toEqual(['io.github.a/one'])
    expect(page({ updatedSince: '2026-01-01T10:00:01.000Z' })).toEqual([])
    expect(page({ version: '3.0.0' })).toHaveLength(2)
    expect(page({ version: '9.9.9' })).toEqual([])
    expect(page({ includeDeleted: true })).toEqual(['com.x/gone', 'io.github.a/one', 'io.github.b/two'])
  })
})

describe('scopeEntries', () => {
  it('serves each name once as the catalogue does, and never a name the registry does not allow or a pending listing', () => {
    const server = (id: string, name: string, fromRegistry: boolean, status = 'active') => ({
      listing: listing({ id, name, status }),
      pin: null,
      fromRegistry,
    })
    const entries = scopeEntries(
      [
        server('local', 'io.github.dup/tool', false),
        server('imported', 'io.github.dup/tool', true),
        server('slug', 'my-slug', false),
        server('pending', 'io.github.p/pending', false, 'pending'),
      ],
      new Map(),
      new Set(),
    )
    expect(entries.map((e) => [e.name, e.entry[0].id])).toEqual([['io.github.dup/tool', 'imported']])
  })
})

describe('the secret link', () => {
  it('is a key of the id and revision: another revision or package gives another, and only the current one passes', async () => {
    const key = await registryKey(env, 'p1', 0)
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await registryKey(env, 'p1', 1)).not.toBe(key)
    expect(await registryKey(env, 'p2', 0)).not.toBe(key)
    expect(await isRegistryKey(env, 'p1', 0, key)).toBe(true)
    expect(await isRegistryKey(env, 'p1', 1, key)).toBe(false)
    expect(await isRegistryKey(env, 'p1', 0, 'short')).toBe(false)
  })

  it('is the path of a private package only when the key is given; a public one has its id', () => {
    expect(registryPathOf({ id: 'p', isPublic: true }, null)).toBe('/registry/p')
    expect(registryPathOf({ id: 'p', isPublic: true }, 'k')).toBe('/registry/p')
    expect(registryPathOf({ id: 'p', isPublic: false }, 'k')).toBe('/registry/p/k')
    expect(registryPathOf({ id: 'p', isPublic: false }, null)).toBeNull()
  })
})

describe('allowlists', () => {
  const pkg = { id: 'p', name: 'Team', url: 'https://c.test/packages/p', registry: 'https://c.test/registry/p' }
  const hostile = entry('io.github.h/hostile', {
    remotes: [
      { type: 'streamable-http', url: 'https://ok.example/mcp' },
      { type: 'streamable-http', url: 'https://evil.example/mcp\nio.github.fake/server' },
      { type: 'sse', url: 'javascript:alert(1)' },
      { type: 'streamable-http', url: 'https://ok.example/mcp' },
    ],
  })

  it('puts one line per name and per URL, and no URL that could break a line or is not http(s)', () => {
    expect(allowlistBody('allowlist.names.txt', pkg, [entry('io.github.b/two'), hostile])).toBe('io.github.b/two\nio.github.h/hostile\n')
    expect(allowlistBody('allowlist.urls.txt', pkg, [hostile])).toBe('https://ok.example/mcp\n')
    expect(allowlistBody('allowlist.names.txt', pkg, [])).toBe('')
  })

  it('leaves deleted servers out', () => {
    expect(allowlistBody('allowlist.names.txt', pkg, [entry('com.x/gone', { status: 'deleted' })])).toBe('')
  })

  it('names the file after the package, safely', () => {
    expect(allowlistFileName('Team tools', 'allowlist.json')).toBe('team-tools-allowlist.json')
    expect(allowlistFileName('"; rm -rf / ;"', 'allowlist.names.txt')).toBe('rm-rf-allowlist-names.txt')
    expect(allowlistFileName('日本語', 'allowlist.urls.txt')).toBe('package-allowlist-urls.txt')
    expect(allowlistFileName('Café', 'allowlist.json')).toBe('cafe-allowlist.json')
  })
})
