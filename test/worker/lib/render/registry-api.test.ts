import { describe, expect, it } from 'vitest'
import { mapRegistryEntry } from '../../../../worker/lib/registry-entry'
import { decodeCursor, encodeCursor, isRegistryName, type RegistryListing, toServerJson } from '../../../../worker/lib/render/registry-api'
import validMinimal from '../../../fixtures/server-json-examples/valid/minimal.json'
import validPackage from '../../../fixtures/server-json-examples/valid/with-package.json'
import validRemote from '../../../fixtures/server-json-examples/valid/with-remote.json'
import { expectValid, responseValidator } from '../../registry-conformance'
import { expectServerValid } from '../../server-schema'

/** A listing as the importer would store the entry, served back. */
function roundTrip(entry: unknown) {
  const mapped = mapRegistryEntry(entry)
  if (!mapped.ok) throw new Error(mapped.reason)
  const s = mapped.server
  const listing: RegistryListing = {
    ...s,
    id: crypto.randomUUID(),
    name: s.registryName,
    categories: [],
    status: 'active',
    likeCount: 0,
    stars: 0,
    featured: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    install: null,
  }
  return toServerJson(listing)
}

describe('toServerJson', () => {
  it.each([
    ['minimal', validMinimal],
    ['with a package', validPackage],
    ['with a remote', validRemote],
  ])('gives back an imported server.json (%s) as it came, valid by the OpenAPI file and both schemas', (_, entry) => {
    const served = roundTrip(entry)
    expectValid(responseValidator('/v0.1/servers/{serverName}/versions/{version}', 200), { server: served })
    expectServerValid(served)
    const { name, description, version, packages, remotes, repository, websiteUrl } = entry as Record<string, unknown>
    expect(served).toMatchObject(JSON.parse(JSON.stringify({ name, description, version, packages, remotes, repository, websiteUrl })))
  })

  it("turns a 2025 entry's example values into placeholders, never fixed values", () => {
    const served = roundTrip({
      name: 'io.github.acme/legacy',
      description: 'Legacy entry',
      version_detail: { version: '0.1.0' },
      packages: [
        {
          registry_name: 'npm',
          name: '@acme/legacy',
          version: 'latest',
          package_arguments: [{ type: 'positional', value: '<path>' }],
          environment_variables: [{ name: 'ACME_API_KEY', description: 'Key' }],
        },
      ],
    })
    expectValid(responseValidator('/v0.1/servers/{serverName}/versions/{version}', 200), { server: served })
    expectServerValid(served)
    expect(served.packages).toEqual([
      {
        registryType: 'npm',
        identifier: '@acme/legacy',
        transport: { type: 'stdio' },
        packageArguments: [{ type: 'positional', isRequired: true, placeholder: '<path>', valueHint: 'argument_1' }],
        environmentVariables: [{ name: 'ACME_API_KEY', description: 'Key', isRequired: true, isSecret: true }],
      },
    ])
  })
})

describe('cursors', () => {
  it('carry any name there and back, and refuse anything else', () => {
    for (const name of ['io.github.acme/widget', 'com.example/ünïcode', 'a/b']) expect(decodeCursor(encodeCursor(name))).toBe(name)
    expect(encodeCursor('io.github.acme/widget')).toMatch(/^[A-Za-z0-9_-]+$/)
    for (const bad of ['', 'not a cursor', 'Zm9v====', '%%%', '_w']) expect(decodeCursor(bad)).toBeNull()
  })
})

describe('isRegistryName', () => {
  it("follows the registry's pattern", () => {
    expect(['io.github.acme/widget', 'com.example/a_b.c-d'].map(isRegistryName)).toEqual([true, true])
    expect(['widget', 'a_b/c', 'a/b/c', 'a/', `a/${'x'.repeat(200)}`, 'a/b c'].map(isRegistryName)).toEqual(Array(6).fill(false))
  })
})
