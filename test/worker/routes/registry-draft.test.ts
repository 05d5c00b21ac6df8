/**
 * The registry API's answers are valid by the newest published server.json schema and by the
 * registry's draft (test/worker/server-schema.ts), whatever shape the listings were stored in: a
 * catalogue of every kind of entry is read whole, page by page and version by version, and each
 * `server` validated against both. A transport URL beginning with a `{variable}` (the draft's) is
 * served resolved or left out of `server`, and kept as declared in the catalogue's `_meta`.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { serverVersions } from '../../../worker/db/schema'
import { CATALOGUE_META_KEY } from '../../../worker/lib/render/registry-api'
import validPackage from '../../fixtures/server-json-examples/valid/with-package.json'
import validRemote from '../../fixtures/server-json-examples/valid/with-remote.json'
import { insertServer } from '../factories'
import { db } from '../helpers'
import { getConforming } from '../registry-conformance'
import { expectServerValid, serverSchemaErrors } from '../server-schema'

const LIST = '/v0.1/servers'

/** Responses are checked against the OpenAPI file and the schemas, not typed here. */
type Body = any

/** A GET of the registry API that answers 200, conforming (getConforming). */
async function get(path: string, operation: string): Promise<Body> {
  const { status, body } = await getConforming(path, operation)
  expect(status).toBe(200)
  return body
}

const npm = (identifier: string, extra: Record<string, unknown> = {}) => ({
  registryType: 'npm',
  identifier,
  version: '1.0.0',
  transport: { type: 'stdio' },
  ...extra,
})

/** Every kind of entry the catalogue holds, by name. */
const CATALOGUE: Record<string, Parameters<typeof insertServer>[0]> = {
  'io.github.draft/from-registry-package': { packages: validPackage.packages, remotes: [] },
  'io.github.draft/from-registry-remote': { remotes: validRemote.remotes },
  'io.github.draft/legacy': {
    packages: [
      {
        registry_name: 'npm',
        name: '@acme/legacy',
        version: 'latest',
        package_arguments: [{ type: 'positional', value: '<path>' }],
        environment_variables: [{ name: 'ACME_API_KEY', description: 'Key' }],
      },
      'bare-package-name',
    ],
    remotes: ['https://legacy.acme.dev/sse'],
  },
  'io.github.draft/tenant-remote': {
    remotes: [
      {
        type: 'streamable-http',
        url: 'https://{tenant}.acme.dev/mcp',
        variables: { tenant: { description: 'Your tenant', isRequired: true } },
        headers: [{ name: 'Authorization', value: 'Bearer {token}', variables: { token: { isSecret: true, isRequired: true } } }],
      },
      { type: 'sse', url: 'https://acme.dev/sse' },
    ],
  },
  'io.github.draft/local-http-package': {
    packages: [npm('@acme/http', { transport: { type: 'streamable-http', url: 'http://localhost:{port}/mcp' } })],
  },
  'io.github.draft/templated-package': {
    packages: [
      npm('@acme/resolved', {
        transport: { type: 'streamable-http', url: '{MCP_BASE}/mcp' },
        environmentVariables: [{ name: 'MCP_BASE', description: 'Where it listens', default: 'http://127.0.0.1:8931' }],
      }),
      npm('@acme/unresolved', {
        transport: { type: 'sse', url: '{MCP_BASE}/sse' },
        environmentVariables: [{ name: 'MCP_BASE', description: 'Where it listens', isRequired: true }],
      }),
    ],
  },
  'io.github.draft/templated-remote': {
    remotes: [
      {
        type: 'streamable-http',
        url: '{baseUrl}/mcp',
        variables: { baseUrl: { description: 'Your instance', default: 'https://mcp.acme.dev' } },
      },
      { type: 'sse', url: '{baseUrl}/sse', variables: { baseUrl: { description: 'Your instance', isRequired: true } } },
    ],
  },
  'io.github.draft/post-install': {
    packages: [
      npm('@acme/steps', {
        postInstallInstructions: [
          {
            description: 'Register the service',
            command: 'steps service install',
            documentation: 'https://acme.dev/setup',
            optional: true,
          },
          { description: 'Sign in once' },
        ],
      }),
    ],
  },
  'io.github.draft/odd-values': {
    packages: [npm('@acme/odd', { version: '^1.2.0', runtimeHint: 'npx', runtimeArguments: [{ type: 'positional', value: '-y' }] })],
    remotes: [{ type: 'streamable-http', url: 'not a url' }, { url: 'ftp://acme.dev/mcp' }],
    icon: 'http://insecure.example/icon.png',
    description: 'd'.repeat(300),
    displayName: 't'.repeat(300),
  },
}

beforeAll(async () => {
  for (const [name, values] of Object.entries(CATALOGUE)) {
    const { id } = await insertServer({ name, ...values })
    // An older version of each, in the other shape.
    await db()
      .insert(serverVersions)
      .values({ serverId: id, version: '0.9.0', status: 'deprecated', publishedAt: '2025-01-01T00:00:00.000Z', packages: [npm(name)] })
  }
})

describe('the /v0.1 answers against the published schema and the draft', () => {
  it('serves every entry, every version, valid by both', async () => {
    const names: string[] = []
    let cursor: string | undefined
    do {
      const page = await get(`${LIST}?limit=3${cursor ? `&cursor=${cursor}` : ''}`, LIST)
      for (const entry of page.servers) {
        expect({ name: entry.server.name, errors: serverSchemaErrors(entry.server) }).toEqual({
          name: entry.server.name,
          errors: { published: [], draft: [] },
        })
        names.push(entry.server.name)
      }
      cursor = page.metadata.nextCursor
    } while (cursor)
    expect(names.sort()).toEqual(Object.keys(CATALOGUE).sort())
    for (const name of names) {
      const versions = await get(`${LIST}/${encodeURIComponent(name)}/versions`, '/v0.1/servers/{serverName}/versions')
      expect(versions.servers.map((s: Body) => s.server.version)).toEqual(['1.0.0', '0.9.0'])
      for (const entry of versions.servers) expectServerValid(entry.server)
    }
  })

  it('serves a package whose transport URL begins with a variable resolved from its default, else leaves it out, keeping both as declared in our _meta', async () => {
    const name = 'io.github.draft/templated-package'
    const entry = await get(`${LIST}/${encodeURIComponent(name)}/versions/latest`, '/v0.1/servers/{serverName}/versions/{version}')
    expect(entry.server.packages.map((p: Body) => [p.identifier, p.transport])).toEqual([
      ['@acme/resolved', { type: 'streamable-http', url: 'http://127.0.0.1:8931/mcp' }],
    ])
    const templated = entry._meta[CATALOGUE_META_KEY].templatedPackages
    expect(templated.map((t: Body) => [t.package.identifier, t.package.transport.url, t.servedUrl])).toEqual([
      ['@acme/resolved', '{MCP_BASE}/mcp', 'http://127.0.0.1:8931/mcp'],
      ['@acme/unresolved', '{MCP_BASE}/sse', null],
    ])
    // As declared, each is valid by the draft and not by the published schema.
    for (const t of templated) {
      const errors = serverSchemaErrors({ ...entry.server, packages: [t.package] })
      expect(errors.draft).toEqual([])
      expect(errors.published).not.toEqual([])
    }
    // An entry with nothing templated says nothing of it.
    const plain = await get(
      `${LIST}/${encodeURIComponent('io.github.draft/tenant-remote')}/versions/latest`,
      '/v0.1/servers/{serverName}/versions/{version}',
    )
    expect(plain._meta[CATALOGUE_META_KEY]).not.toHaveProperty('templatedPackages')
    expect(plain._meta[CATALOGUE_META_KEY]).not.toHaveProperty('templatedRemotes')
    expect(plain.server.remotes[0]).toMatchObject({ url: 'https://{tenant}.acme.dev/mcp', variables: { tenant: { isRequired: true } } })
  })

  it('serves a remote beginning with a variable resolved from its default, else leaves it out, keeping both as declared in our _meta', async () => {
    const name = 'io.github.draft/templated-remote'
    const entry = await get(`${LIST}/${encodeURIComponent(name)}/versions/latest`, '/v0.1/servers/{serverName}/versions/{version}')
    expect(entry.server.remotes).toEqual([{ type: 'streamable-http', url: 'https://mcp.acme.dev/mcp' }])
    expect(entry._meta[CATALOGUE_META_KEY].templatedRemotes).toEqual([
      {
        remote: {
          type: 'streamable-http',
          url: '{baseUrl}/mcp',
          variables: { baseUrl: { description: 'Your instance', default: 'https://mcp.acme.dev' } },
        },
        servedUrl: 'https://mcp.acme.dev/mcp',
      },
      {
        remote: { type: 'sse', url: '{baseUrl}/sse', variables: { baseUrl: { description: 'Your instance', isRequired: true } } },
        servedUrl: null,
      },
    ])
  })

  it('writes a package’s post-install steps as the draft does', async () => {
    const name = 'io.github.draft/post-install'
    const entry = await get(`${LIST}/${encodeURIComponent(name)}/versions/latest`, '/v0.1/servers/{serverName}/versions/{version}')
    expect(entry.server.packages[0].postInstallInstructions).toEqual([
      { description: 'Register the service', command: 'steps service install', documentation: 'https://acme.dev/setup', optional: true },
      { description: 'Sign in once' },
    ])
  })
})
