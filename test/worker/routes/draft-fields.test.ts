/**
 * The registry draft's fields through every way a listing comes in: the importer (the seed's
 * `importEntries`), the registry sync's page write, and the register and edit routes. Each keeps a
 * package's `postInstallInstructions` (bounded as the install generator reads them) and a remote
 * whose URL begins with a variable, `{baseUrl}/mcp`, with its variables; the detail answers them
 * as stored, and a malformed one is a 400 with the field named, never a 500.
 */
import { Client as McpClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ApiErrorBody, ServerDetail } from '@shared/types'
import { importEntries } from '../../../worker/db/imports'
import { applyRegistryPage } from '../../../worker/db/registry-sync'
import { servers, syncRuns } from '../../../worker/db/schema'
import { type Client, signIn } from '../auth-helpers'
import { call, db, expectInvalidInput, json } from '../helpers'

const STEPS = [
  { description: 'Register the web UI as a system service', command: 'mind-map service install', optional: true },
  { description: 'Read the setup guide', documentation: 'https://example.com/mind-map/setup' },
]
const REMOTE = {
  type: 'streamable-http',
  url: '{baseUrl}/mcp',
  variables: { baseUrl: { description: 'Where your deployment answers', default: 'https://mcp.example.com' } },
}

/** A current-shape entry with both draft fields. */
const draftEntry = (name: string, version = '1.0.0') => ({
  $schema: 'https://static.modelcontextprotocol.io/schemas/draft/server.schema.json',
  name,
  description: 'Mind maps over MCP.',
  version,
  repository: { url: `https://github.com/acme/${name.split('/')[1]}`, source: 'github' },
  packages: [
    {
      registryType: 'npm',
      identifier: `@acme/${name.split('/')[1]}`,
      version,
      transport: { type: 'stdio' },
      postInstallInstructions: [...STEPS, { description: 'Bad link', documentation: 'javascript:alert(1)' }, { command: 'no description' }],
    },
  ],
  remotes: [REMOTE],
})

const detailOf = async (name: string) => {
  const [row] = await db().select({ id: servers.id }).from(servers).where(eq(servers.registryName, name))
  return (await json<ServerDetail>(`/api/servers/${row.id}`)).body
}

/** What the detail answers for the entry above: the steps bounded, the templated remote as given. */
function expectDraftFields(detail: ServerDetail) {
  expect(detail.packages[0]).toMatchObject({
    postInstallInstructions: [...STEPS, { description: 'Bad link' }],
  })
  expect((detail.packages[0] as { postInstallInstructions: unknown[] }).postInstallInstructions[2]).toEqual({ description: 'Bad link' })
  expect(detail.remotes).toEqual([{ ...REMOTE, name: 'streamable-http' }])
}

describe('the importer', () => {
  it('keeps post-install steps and a remote URL that begins with a variable', async () => {
    const report = await importEntries(db(), [draftEntry('io.github.acme/draft-import')])
    expect(report).toMatchObject({ added: 1, refused: [] })
    expectDraftFields(await detailOf('io.github.acme/draft-import'))
  })

  it('still refuses a remote URL that is neither http(s) nor led by a variable, with the reason', async () => {
    const bad = { ...draftEntry('io.github.acme/draft-bad'), remotes: [{ type: 'sse', url: 'mcp.example.com/sse' }] }
    const report = await importEntries(db(), [bad])
    expect(report.refused).toEqual([
      { index: 0, name: 'io.github.acme/draft-bad', reason: 'remotes.0.url: must be an http(s) URL or begin with a {variable}' },
    ])
  })
})

describe('the registry sync', () => {
  it('writes a page whose entries carry the draft fields, keeping both', async () => {
    const [run] = await db().insert(syncRuns).values({ kind: 'full', status: 'running' }).returning()
    const meta = { status: 'active' as const, statusMessage: null, publishedAt: null, updatedAt: null, isLatest: true }
    const counts = await applyRegistryPage(db(), run.id, [{ server: draftEntry('io.github.acme/draft-sync', '2.0.0'), meta }], {
      cursor: null,
      done: true,
    })
    expect(counts).toMatchObject({ added: 1, refused: 0 })
    const detail = await detailOf('io.github.acme/draft-sync')
    expect(detail.version).toBe('2.0.0')
    expectDraftFields(detail)
  })
})

describe('POST and PUT /api/servers', () => {
  let owner: Client
  beforeAll(async () => {
    owner = await signIn('draft-fields-owner')
  })

  const form = {
    displayName: 'Mind Map',
    description: 'Mind maps over MCP.',
    version: '1.0.0',
    packages: [{ registry_type: 'npm', identifier: '@acme/mind-map', version: '1.0.0', postInstallInstructions: STEPS }],
    remotes: [{ name: 'http', url: '{baseUrl}/mcp', variables: { baseUrl: { default: 'https://mcp.example.com' } } }],
  }
  type Answer = ServerDetail & Partial<ApiErrorBody>

  it('registers a server with post-install steps and a templated remote, and an edit changes the steps', async () => {
    const created = await json<Answer>('/api/servers', owner.write('POST', form))
    expect(created.status).toBe(201)
    expect(created.body.packages).toEqual(form.packages)
    expect(created.body.remotes).toEqual(form.remotes)
    const steps = [{ description: 'Log in once', command: 'mind-map login' }]
    const packages = [{ ...form.packages[0], postInstallInstructions: steps }]
    const edited = await json<Answer>(`/api/servers/${created.body.id}`, owner.write('PUT', { packages }))
    expect(edited.status).toBe(200)
    expect(edited.body.packages).toEqual(packages)
    expect((await json<ServerDetail>(`/api/servers/${created.body.id}`)).body.packages).toEqual(packages)
  })

  it('answers 400 invalid_input naming the field for a malformed step or remote', async () => {
    const withSteps = (postInstallInstructions: unknown) => ({ ...form, packages: [{ ...form.packages[0], postInstallInstructions }] })
    expectInvalidInput(
      await json('/api/servers', owner.write('POST', withSteps([{ description: 'x', documentation: 'javascript:alert(1)' }]))),
      'packages.0.postInstallInstructions.0.documentation',
      'Documentation must be an http(s) URL',
    )
    expectInvalidInput(
      await json('/api/servers', owner.write('POST', withSteps([{ command: 'rm -rf ~' }]))),
      'packages.0.postInstallInstructions.0.description',
      'Step description is required',
    )
    expectInvalidInput(
      await json('/api/servers', owner.write('POST', withSteps(Array.from({ length: 11 }, () => ({ description: 'x' }))))),
      'packages.0.postInstallInstructions',
      'At most 10 post-install steps',
    )
    expectInvalidInput(
      await json('/api/servers', owner.write('POST', withSteps([{ description: 'x'.repeat(501) }]))),
      'packages.0.postInstallInstructions.0.description',
      'Step description too long',
    )
    expectInvalidInput(
      await json('/api/servers', owner.write('POST', withSteps('steps'))),
      'packages.0.postInstallInstructions',
      'Post-install steps must be a list',
    )
    expectInvalidInput(
      await json('/api/servers', owner.write('POST', { ...form, remotes: [{ name: 'http', url: 'baseUrl/mcp' }] })),
      'remotes.0.url',
      'Must be a valid URL',
    )
    expectInvalidInput(
      await json(
        '/api/servers',
        owner.write('POST', { ...form, remotes: [{ name: 'http', url: '{baseUrl}/mcp', variables: { port: {} } }] }),
      ),
      'remotes.0.variables',
      'Each variable must appear in the URL as {name}',
    )
  })
})

describe('the MCP endpoint’s get_install_config', () => {
  it('carries the chosen package’s post-install steps to show, and asks for the templated remote’s variable', async () => {
    const client = new McpClient(
      { name: 'draft-fields-test', version: '1.0.0' },
      { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
    )
    const fetchApp = (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input)
      const headers = new Headers(init?.headers)
      headers.set('CF-Connecting-IP', '198.51.100.201')
      return call(`${url.pathname}${url.search}`, { ...init, headers })
    }
    await client.connect(new StreamableHTTPClientTransport(new URL('https://catalogue.test/mcp'), { fetch: fetchApp }))
    const { id } = await detailOf('io.github.acme/draft-import')
    const asked = async (option: string) =>
      (await client.callTool({ name: 'get_install_config', arguments: { server: id, client: 'vscode', option } }))
        .structuredContent as Record<string, unknown>
    const pkg = await asked('package-1')
    expect(pkg.postInstall).toEqual([
      { description: 'Register the web UI as a system service', command: 'mind-map service install', documentation: null, optional: true },
      { description: 'Read the setup guide', command: null, documentation: 'https://example.com/mind-map/setup', optional: false },
      { description: 'Bad link', command: null, documentation: null, optional: false },
    ])
    expect(pkg.config).not.toContain('service install')
    const remote = await asked('remote-1')
    expect(remote.postInstall).toEqual([])
    expect(remote.variables).toEqual([expect.objectContaining({ name: 'baseUrl', kind: 'url', default: 'https://mcp.example.com' })])
    expect(JSON.parse(remote.config as string).servers['draft-import'].url).toBe('${input:baseUrl}/mcp')
    await client.close()
  })
})
