import { describe, expect, it } from 'vitest'
import seed from '../../../data/mcp-registry-seed-2025-05-16.json'
import { displayNameFrom, entriesOf, mapRegistryEntry } from '../../../worker/lib/registry-entry'
import badName from '../../fixtures/server-json-examples/invalid/bad-name-pattern.json'
import tooLong from '../../fixtures/server-json-examples/invalid/description-too-long.json'
import missingName from '../../fixtures/server-json-examples/invalid/missing-name.json'
import latest from '../../fixtures/server-json-examples/invalid/package-version-latest.json'
import positional from '../../fixtures/server-json-examples/invalid/positional-argument-missing-value.json'
import validMinimal from '../../fixtures/server-json-examples/valid/minimal.json'
import validPackage from '../../fixtures/server-json-examples/valid/with-package.json'
import validRemote from '../../fixtures/server-json-examples/valid/with-remote.json'

describe('mapRegistryEntry', () => {
  it('maps the 2025 snake_case shape with packages, author, display name and tags', () => {
    const entry = seed.find((e) => e.name === 'io.github.21st-dev/magic-mcp')!
    const r = mapRegistryEntry(entry)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.server.sourceId).toBe(entry.id)
    expect(r.server.author).toBe('21st-dev')
    expect(r.server.displayName).toBe('Magic')
    expect(r.server.githubUrl).toBe('https://github.com/21st-dev/magic-mcp')
    expect(r.server.repoOwner).toBe('21st-dev')
    expect(r.server.packages[0]).toMatchObject({ registry_type: 'npm', identifier: '@21st-dev/magic', version: '0.0.46' })
    expect(r.server.tags).toContain('npm')
    expect(r.server.status).toBe('active')
  })

  it('keeps a 2025 entry without a description, deriving one from its name', () => {
    const entry = seed.find((e) => e.name === 'io.github.cloudflare/mcp-server-cloudflare')!
    expect(entry.description).toBe('')
    const r = mapRegistryEntry(entry)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.server.description).toBe('Cloudflare MCP server by cloudflare.')
    expect(r.server.metadata).toMatchObject({ descriptionDerived: true })
  })

  it('maps legacy remotes and plain-string packages', () => {
    const r = mapRegistryEntry({
      name: 'io.github.acme/thing',
      description: 'Remote thing',
      repository: { url: 'https://github.com/acme/thing', source: 'github' },
      version_detail: { version: '1.2.3' },
      packages: ['@acme/thing'],
      remotes: [{ transport_type: 'sse', url: 'https://thing.example.com/sse' }],
    })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.server.packages[0]).toMatchObject({ registry_type: 'npm', identifier: '@acme/thing' })
    expect(r.server.remotes).toEqual([{ name: 'sse', url: 'https://thing.example.com/sse', type: 'sse' }])
    expect(r.server.tags).toContain('remote')
    expect(r.server.version).toBe('1.2.3')
  })

  it('imports every valid current-shape example', () => {
    for (const example of [validMinimal, validPackage, validRemote]) {
      const r = mapRegistryEntry(example)
      expect(r.ok, JSON.stringify(r)).toBe(true)
    }
    const remote = mapRegistryEntry(validRemote)
    if (!remote.ok) throw new Error('unreachable')
    expect(remote.server.displayName).toBe('Remote Weather')
    expect(remote.server.icon).toBe('https://example.com/icon.png')
    expect(remote.server.remotes[0]).toMatchObject({ url: 'https://{host}/mcp', type: 'streamable-http' })
    expect(remote.server.author).toBe('modelcontextprotocol')
    const pkg = mapRegistryEntry(validPackage)
    if (!pkg.ok) throw new Error('unreachable')
    expect(pkg.server.packages[0]).toMatchObject({
      registry_type: 'npm',
      identifier: '@modelcontextprotocol/server-weather',
      version: '1.0.0',
    })
    // No repository: imported, but held for an admin's review.
    expect(pkg.server.status).toBe('pending')
  })

  it.each([
    ['bad name pattern', badName, /namespace\/name/],
    ['description over 100', tooLong, /longer than 100/],
    ['missing name', missingName, /name is required/],
    ["package version 'latest'", latest, /latest/],
    ['positional argument without value', positional, /valueHint or a value/],
  ])('refuses an invalid example: %s', (_label, example, reason) => {
    const r = mapRegistryEntry(example)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.reason).toMatch(reason)
  })

  it('derives display names from registry names', () => {
    expect(displayNameFrom('io.github.axiomhq/mcp-server-axiom')).toBe('Axiom')
    expect(displayNameFrom('io.github.aliyun/alibaba-cloud-ops-mcp-server')).toBe('Alibaba Cloud Ops')
    expect(displayNameFrom('io.github.x/mcp')).toBe('Mcp')
  })

  it('reads a registry list response as entries', () => {
    const doc = { servers: [{ server: validMinimal, _meta: {} }], metadata: { count: 1 } }
    expect(entriesOf(doc)).toEqual([validMinimal])
    expect(() => entriesOf(42)).toThrow(/Not a registry document/)
  })
})
