/**
 * The registry draft's fields on the way out (worker/lib/render/registry-api.ts): a package's
 * post-install steps, and transport URLs beginning with a `{variable}`, which only the draft
 * allows. Every `server` written here validates against the newest published schema and the draft
 * (test/worker/server-schema.ts), and the validators are shown to refuse what each forbids.
 */
import { describe, expect, it } from 'vitest'
import type { DeclaredPackage, DeclaredRemote } from '@shared/install/model'
import { readPackage, readRemote } from '@shared/install/source'
import { servedUrl } from '@shared/install/url-template'
import { servedPackage, servedRemote } from '../../../../worker/lib/render/registry-api'
import { expectServerValid, SERVER_SCHEMAS } from '../../server-schema'

const base = { name: 'io.github.acme/widget', description: 'Widgets.', version: '1.0.0' }

/**
 * A remote as the install reader gives it, with `url` as declared. The reader of this commit
 * takes only http(s) URLs (the `draft` helper's change to worker/shared/install/source.ts reads a
 * URL beginning with a variable too), so the rest is read from a stand-in URL.
 */
function remote(url: string, rest: Record<string, unknown> = {}): DeclaredRemote {
  const read = readRemote({ type: 'streamable-http', url: 'https://stand.in/mcp', ...rest })
  if (!read) throw new Error('unreadable remote')
  return { ...read, url }
}

/** A package as the install reader gives it, with the draft fields its reader may not read yet set here. */
function pkg(raw: Record<string, unknown>, extra: Partial<DeclaredPackage> = {}): DeclaredPackage {
  const read = readPackage({ registryType: 'npm', identifier: '@acme/widget', version: '1.0.0', transport: { type: 'stdio' }, ...raw })
  if (!read) throw new Error('unreadable package')
  return { ...read, ...extra }
}

describe('the schema validators', () => {
  it('tell the published schema from the draft: a URL beginning with a variable, post-install steps', () => {
    const templated = { ...base, remotes: [{ type: 'streamable-http', url: '{baseUrl}/mcp' }] }
    expect(SERVER_SCHEMAS.published(templated)).toBe(false)
    expect(SERVER_SCHEMAS.draft(templated)).toBe(true)
    expect(SERVER_SCHEMAS.draft({ ...base, remotes: [{ type: 'sse', url: 'mcp.example.com/sse' }] })).toBe(false)
    const steps = (postInstallInstructions: unknown) => ({
      ...base,
      packages: [{ registryType: 'npm', identifier: 'x', transport: { type: 'stdio' }, postInstallInstructions }],
    })
    expect(SERVER_SCHEMAS.draft(steps([{ description: 'Run the setup', command: 'x setup', optional: true }]))).toBe(true)
    expect(SERVER_SCHEMAS.draft(steps([{ command: 'x setup' }]))).toBe(false)
    expect(SERVER_SCHEMAS.draft(steps([{ description: 'Read', documentation: 'not a uri' }]))).toBe(false)
    expect(SERVER_SCHEMAS.draft(steps([{ description: 'Read', optional: 'yes' }]))).toBe(false)
    expect(SERVER_SCHEMAS.draft(steps('Run the setup'))).toBe(false)
    // Both still hold what the published schema holds.
    for (const validate of Object.values(SERVER_SCHEMAS)) {
      expect(validate({ ...base, name: 'no-slash' })).toBe(false)
      expect(validate({ ...base, description: 'x'.repeat(101) })).toBe(false)
    }
  })
})

describe('servedUrl', () => {
  const values: Record<string, string> = { baseUrl: 'https://mcp.acme.dev', region: 'eu', bare: 'mcp.acme.dev' }
  const valueFor = (name: string) => values[name] ?? null

  it('keeps an http(s) URL as declared, its variables for the client', () => {
    expect(servedUrl('https://{tenant}.acme.dev/mcp', valueFor)).toBe('https://{tenant}.acme.dev/mcp')
  })

  it('resolves a URL beginning with a variable when every variable has a value', () => {
    expect(servedUrl('{baseUrl}/mcp', valueFor)).toBe('https://mcp.acme.dev/mcp')
    expect(servedUrl('{baseUrl}/{region}/mcp', valueFor)).toBe('https://mcp.acme.dev/eu/mcp')
  })

  it('gives null when a variable has no value, the result is no http(s) URL, or the URL is neither form', () => {
    expect(servedUrl('{baseUrl}/{tenant}/mcp', valueFor)).toBeNull()
    expect(servedUrl('{bare}/mcp', valueFor)).toBeNull()
    expect(servedUrl('ftp://acme.dev/mcp', valueFor)).toBeNull()
    expect(servedUrl('{base url}/mcp', valueFor)).toBeNull()
  })
})

describe('servedRemote', () => {
  it('serves a remote beginning with a variable resolved from its default, and keeps it as declared for our _meta', () => {
    const r = remote('{baseUrl}/mcp', {
      variables: { baseUrl: { description: 'Your instance', default: 'https://mcp.acme.dev', isRequired: true } },
      headers: [{ name: 'Authorization', description: 'Token', isSecret: true }],
    })
    const { served, templated } = servedRemote(r)
    expect(served).toEqual({
      type: 'streamable-http',
      url: 'https://mcp.acme.dev/mcp',
      headers: [{ name: 'Authorization', description: 'Token', isSecret: true }],
    })
    expect(templated).toEqual({
      declared: {
        type: 'streamable-http',
        url: '{baseUrl}/mcp',
        headers: [{ name: 'Authorization', description: 'Token', isSecret: true }],
        variables: { baseUrl: { description: 'Your instance', default: 'https://mcp.acme.dev', isRequired: true } },
      },
      servedUrl: 'https://mcp.acme.dev/mcp',
    })
    expectServerValid({ ...base, remotes: [served] })
    // The draft takes the remote as declared; the published schema does not.
    expect(SERVER_SCHEMAS.draft({ ...base, remotes: [templated?.declared] })).toBe(true)
    expect(SERVER_SCHEMAS.published({ ...base, remotes: [templated?.declared] })).toBe(false)
  })

  it('takes a fixed value before a default, and keeps the variables the URL still names', () => {
    const r = remote('{host}/mcp?team={team}', {
      variables: { host: { value: 'https://fixed.acme.dev', default: 'https://other.acme.dev' }, team: { default: 'core' } },
    })
    expect(servedRemote(r).served).toEqual({ type: 'streamable-http', url: 'https://fixed.acme.dev/mcp?team=core' })
  })

  it('leaves out a remote whose variable has neither value nor default, keeping it as declared', () => {
    const r = remote('{baseUrl}/mcp', { variables: { baseUrl: { description: 'Your instance', isRequired: true } } })
    const { served, templated } = servedRemote(r)
    expect(served).toBeNull()
    expect(templated).toMatchObject({ declared: { url: '{baseUrl}/mcp' }, servedUrl: null })
    // Nor is a default that resolves to no http(s) URL served.
    expect(servedRemote(remote('{host}/mcp', { variables: { host: { default: 'mcp.acme.dev' } } })).served).toBeNull()
    // An example value is no value.
    expect(
      servedRemote({ ...r, variables: { baseUrl: { ...r.variables.baseUrl, value: 'https://x.dev', placeholder: true } } }).served,
    ).toBeNull()
  })

  it('serves an http(s) remote as declared, variables and all', () => {
    const r = remote('https://{tenant}.acme.dev/mcp', { variables: { tenant: { description: 'Tenant', isRequired: true } } })
    const { served, templated } = servedRemote(r)
    expect(served).toEqual({
      type: 'streamable-http',
      url: 'https://{tenant}.acme.dev/mcp',
      variables: { tenant: { description: 'Tenant', isRequired: true } },
    })
    expect(templated).toBeNull()
    expectServerValid({ ...base, remotes: [served] })
  })
})

describe('servedPackage', () => {
  it('writes its post-install steps as the draft does, valid against the published schema and the draft', () => {
    const p = pkg(
      {},
      {
        postInstallInstructions: [
          {
            description: 'Register the service',
            command: 'widget service install',
            documentation: 'https://acme.dev/setup',
            optional: true,
          },
          { description: 'Sign in once', command: null, documentation: null, optional: false },
        ],
      },
    )
    const { served, templated } = servedPackage(p)
    expect(served?.postInstallInstructions).toEqual([
      { description: 'Register the service', command: 'widget service install', documentation: 'https://acme.dev/setup', optional: true },
      { description: 'Sign in once' },
    ])
    expect(templated).toBeNull()
    expectServerValid({ ...base, packages: [served] })
  })

  it('says nothing of post-install steps when it declares none', () => {
    expect(servedPackage(pkg({})).served).not.toHaveProperty('postInstallInstructions')
  })

  it('resolves a transport URL beginning with a variable from its environment variables and arguments, else leaves it out', () => {
    const http = (url: string) => ({ transport: { type: 'streamable-http', url } })
    const withEnv = pkg({ ...http('{MCP_BASE}/mcp'), environmentVariables: [{ name: 'MCP_BASE', default: 'http://localhost:8080' }] })
    const fromEnv = servedPackage(withEnv)
    expect(fromEnv.served?.transport).toEqual({ type: 'streamable-http', url: 'http://localhost:8080/mcp' })
    expect(fromEnv.templated).toMatchObject({ declared: { transport: { url: '{MCP_BASE}/mcp' } }, servedUrl: 'http://localhost:8080/mcp' })
    expectServerValid({ ...base, packages: [fromEnv.served] })

    const withArg = pkg({
      ...http('{base}/mcp'),
      packageArguments: [{ type: 'named', name: '--base', default: 'http://127.0.0.1:3000' }],
    })
    expect(servedPackage(withArg).served?.transport).toEqual({ type: 'streamable-http', url: 'http://127.0.0.1:3000/mcp' })

    const unknown = servedPackage(pkg(http('{MCP_BASE}/mcp')))
    expect(unknown.served).toBeNull()
    expect(unknown.templated).toMatchObject({ declared: { transport: { url: '{MCP_BASE}/mcp' } }, servedUrl: null })
    expect(SERVER_SCHEMAS.draft({ ...base, packages: [unknown.templated?.declared] })).toBe(true)
  })
})
