/**
 * The registry draft's fields (modelcontextprotocol/registry#1364 `postInstallInstructions`, #910
 * remote URLs that begin with a variable) from a registry entry through the importer's mapping to
 * the install plan and the clients' configurations: the steps are kept, bounded and shown as text;
 * the templated address is asked for, starting from its default, and never written as a template.
 */
import { describe, expect, it } from 'vitest'
import { clientConfig, type InstallListing, installPlan } from '@shared/install'
import { isRemoteUrl, readPackage, readPostInstallInstructions, readRemote, servedUrl } from '@shared/install/source'
import { LIMITS } from '@shared/limits'
import { postInstallStepSchema, serverFormSchema, serverRemoteSchema } from '@shared/schemas'
import { mapRegistryEntry } from '../../../worker/lib/registry-entry'
import { probedRemote } from '../../../worker/services/probing/enrolment'

const MIND_MAP_STEPS = [
  { description: 'Register the web UI as a system service', command: 'mind-map service install', optional: true },
  { description: 'Read the setup guide', documentation: 'https://example.com/mind-map/setup' },
]

function entry(extra: Record<string, unknown>) {
  return { name: 'io.github.acme/mind-map', description: 'Mind maps over MCP.', version: '1.2.0', ...extra }
}

function stored(raw: unknown): InstallListing {
  const r = mapRegistryEntry(raw)
  if (!r.ok) throw new Error(`${r.name}: ${r.reason}`)
  return { name: r.server.name, version: r.server.version, packages: r.server.packages, remotes: r.server.remotes }
}

const npmPackage = (extra: Record<string, unknown> = {}) => ({
  registryType: 'npm',
  identifier: '@acme/mind-map',
  version: '1.2.0',
  transport: { type: 'stdio' },
  ...extra,
})

describe('post-install instructions', () => {
  it('are kept by the importer and reach the package option, in order, as declared', () => {
    const listing = stored(entry({ packages: [npmPackage({ postInstallInstructions: MIND_MAP_STEPS })] }))
    expect(listing.packages[0]).toMatchObject({ postInstallInstructions: MIND_MAP_STEPS })
    const plan = installPlan(listing)
    expect(plan.options.map((o) => o.id)).toEqual(['package-1'])
    expect(plan.options[0].postInstall).toEqual([
      { description: 'Register the web UI as a system service', command: 'mind-map service install', documentation: null, optional: true },
      { description: 'Read the setup guide', command: null, documentation: 'https://example.com/mind-map/setup', optional: false },
    ])
  })

  it('are never written into a client configuration or its command', () => {
    const plan = installPlan(stored(entry({ packages: [npmPackage({ postInstallInstructions: MIND_MAP_STEPS })] })))
    for (const client of ['claude-code', 'vscode', 'cursor', 'codex'] as const) {
      const out = clientConfig(plan, plan.options[0], client)!
      expect(out.config).not.toContain('service install')
      expect(out.command ?? '').not.toContain('service install')
    }
  })

  it('drop steps without a description, documentation that is not http(s), and whatever is past the limits', () => {
    const steps = readPostInstallInstructions([
      { command: 'rm -rf /' },
      'a string',
      null,
      { description: '   ' },
      { description: 'Open the docs', documentation: 'javascript:alert(1)' },
      { description: 'Open the other docs', documentation: 'https://exa mple.com/x' },
      { description: 'Long', command: 'x'.repeat(LIMITS.postInstallCommand + 50), optional: 'yes' },
      { description: 'd'.repeat(LIMITS.postInstallDescription + 10) },
      { description: 'Tab\there\u0007 bell' },
    ])
    expect(steps.map((s) => s.description)).toEqual([
      'Open the docs',
      'Open the other docs',
      'Long',
      'd'.repeat(LIMITS.postInstallDescription),
      'Tab\there bell',
    ])
    expect(steps[0].documentation).toBeNull()
    expect(steps[1].documentation).toBeNull()
    expect(steps[2].command).toHaveLength(LIMITS.postInstallCommand)
    expect(steps[2].optional).toBe(false)
    const many = Array.from({ length: LIMITS.postInstallSteps + 5 }, (_, i) => ({ description: `Step ${i + 1}` }))
    expect(readPostInstallInstructions(many)).toHaveLength(LIMITS.postInstallSteps)
    expect(readPostInstallInstructions('not a list')).toEqual([])
  })

  it('are stored bounded by the importer, so what is kept is what is shown', () => {
    const listing = stored(
      entry({
        packages: [
          npmPackage({
            postInstallInstructions: [{ description: 'Go', documentation: 'ftp://example.com/x', extra: '<b>x</b>' }, { nothing: 1 }],
          }),
        ],
      }),
    )
    expect((listing.packages[0] as { postInstallInstructions: unknown[] }).postInstallInstructions).toEqual([{ description: 'Go' }])
    const none = stored(entry({ packages: [npmPackage({ postInstallInstructions: [{ nothing: 1 }] })] }))
    expect(none.packages[0]).not.toHaveProperty('postInstallInstructions')
  })

  it('are read from a package the register form stored (its snake_case row)', () => {
    const pkg = readPackage({
      registry_type: 'npm',
      identifier: 'widget',
      version: '1.0.0',
      postInstallInstructions: [{ description: 'Log in', command: 'widget login' }],
    })
    expect(pkg?.postInstallInstructions).toEqual([{ description: 'Log in', command: 'widget login', documentation: null, optional: false }])
  })
})

describe('remote URLs that begin with a variable', () => {
  const templated = (variables?: Record<string, unknown>) =>
    entry({ remotes: [{ type: 'streamable-http', url: '{baseUrl}/mcp', ...(variables ? { variables } : {}) }] })

  it('are accepted by the importer, which refused them before the draft', () => {
    expect(isRemoteUrl('{baseUrl}/mcp')).toBe(true)
    expect(isRemoteUrl('{1base}/mcp')).toBe(false)
    expect(isRemoteUrl('ftp://example.com')).toBe(false)
    expect(isRemoteUrl('/mcp')).toBe(false)
    const r = mapRegistryEntry(templated({ baseUrl: { description: 'Where you deployed it', default: 'https://mcp.acme.example' } }))
    expect(r.ok && r.server.remotes).toEqual([
      {
        type: 'streamable-http',
        url: '{baseUrl}/mcp',
        name: 'streamable-http',
        variables: { baseUrl: { description: 'Where you deployed it', default: 'https://mcp.acme.example' } },
      },
    ])
    const bad = mapRegistryEntry(entry({ remotes: [{ type: 'streamable-http', url: 'mcp.acme.example/mcp' }] }))
    expect(bad).toEqual({
      ok: false,
      name: 'io.github.acme/mind-map',
      reason: 'remotes.0.url: must be an http(s) URL or begin with a {variable}',
    })
  })

  it('become an input of the install plan that starts from the default, and the configuration references it', () => {
    const plan = installPlan(stored(templated({ baseUrl: { description: 'Where you deployed it', default: 'https://mcp.acme.example' } })))
    const [option] = plan.options
    expect(option.remote?.url).toEqual([{ input: 'baseUrl' }, '/mcp'])
    expect(option.inputs).toEqual([
      expect.objectContaining({
        id: 'baseUrl',
        kind: 'url',
        isRequired: true,
        default: 'https://mcp.acme.example',
        description: 'Where you deployed it',
      }),
    ])
    expect(option.detail).toBe('mcp.acme.example · streamable HTTP')
    expect(option.notes).toContain('The address begins with {baseUrl}: fill in where your own deployment of the server answers.')
    const vscode = JSON.parse(clientConfig(plan, option, 'vscode')!.config)
    expect(vscode.servers['mind-map'].url).toBe('${input:baseUrl}/mcp')
    expect(vscode.inputs).toEqual([expect.objectContaining({ id: 'baseUrl' })])
    for (const client of ['claude-code', 'cursor', 'codex', 'claude-desktop'] as const) {
      const out = clientConfig(plan, option, client)!
      expect(out.config).not.toContain('{baseUrl}')
    }
  })

  it('are asked for even when the listing forgot to declare the variable, and then come after the packages', () => {
    const plan = installPlan(stored(entry({ remotes: [{ type: 'sse', url: '{host}/sse' }], packages: [npmPackage()] })))
    expect(plan.options.map((o) => o.id)).toEqual(['package-1', 'remote-1'])
    const remote = plan.options[1]
    expect(remote.remote?.url).toEqual([{ input: 'host' }, '/sse'])
    expect(remote.inputs).toEqual([expect.objectContaining({ id: 'host', kind: 'url', isRequired: true, default: null })])
    expect(remote.detail).toBe('your deployment · SSE')
  })

  it('resolve to an address only when every variable has a value or a default', () => {
    const withDefault = readRemote({
      type: 'streamable-http',
      url: '{baseUrl}/mcp',
      variables: { baseUrl: { default: 'https://a.example' } },
    })!
    expect(servedUrl(withDefault.url, (name) => withDefault.variables[name]?.default ?? null)).toBe('https://a.example/mcp')
    const without = readRemote({ type: 'streamable-http', url: '{baseUrl}/mcp' })!
    expect(servedUrl(without.url, (name) => without.variables[name]?.default ?? null)).toBeNull()
    const notHttp = readRemote({ type: 'streamable-http', url: '{baseUrl}/mcp', variables: { baseUrl: { default: 'a.example' } } })!
    expect(servedUrl(notHttp.url, (name) => notHttp.variables[name]?.default ?? null)).toBeNull()
  })

  it('are not probed: the probe needs an address, as the claim statement counts one', () => {
    expect(probedRemote([{ type: 'streamable-http', url: '{baseUrl}/mcp' }])).toBeNull()
    expect(
      probedRemote([
        { type: 'streamable-http', url: '{baseUrl}/mcp' },
        { type: 'sse', url: 'https://a.example/sse' },
      ])?.url,
    ).toBe('https://a.example/sse')
  })
})

describe('the register form schema', () => {
  const base = { displayName: 'Mind Map', description: 'Mind maps.', version: '1.0.0' }

  it('takes a remote URL that begins with a variable, with its variables, and refuses a variable the URL does not name', () => {
    const ok = serverRemoteSchema.safeParse({
      name: 'http',
      url: '{baseUrl}/mcp',
      variables: { baseUrl: { default: 'https://a.example' } },
    })
    expect(ok.success && ok.data).toEqual({ name: 'http', url: '{baseUrl}/mcp', variables: { baseUrl: { default: 'https://a.example' } } })
    const stray = serverRemoteSchema.safeParse({ name: 'http', url: '{baseUrl}/mcp', variables: { other: {} } })
    expect(stray.success).toBe(false)
    expect(stray.error?.issues[0]).toMatchObject({ path: ['variables'], message: 'Each variable must appear in the URL as {name}' })
    const bad = serverRemoteSchema.safeParse({ name: 'http', url: 'baseUrl/mcp' })
    expect(bad.error?.issues[0].message).toBe('Must be a valid URL')
  })

  it('takes post-install steps on a package, bounded, documentation http(s) only', () => {
    const pkg = { registry_type: 'npm', identifier: 'mind-map', version: '1.0.0', postInstallInstructions: MIND_MAP_STEPS }
    const ok = serverFormSchema.safeParse({ ...base, packages: [pkg] })
    expect(ok.success && ok.data.packages[0].postInstallInstructions).toEqual(MIND_MAP_STEPS)
    expect(postInstallStepSchema.safeParse({ description: 'x', documentation: 'javascript:alert(1)' }).error?.issues[0].message).toBe(
      'Documentation must be an http(s) URL',
    )
    expect(postInstallStepSchema.safeParse({ command: 'x' }).error?.issues[0].message).toBe('Step description is required')
    const many = { ...pkg, postInstallInstructions: Array.from({ length: LIMITS.postInstallSteps + 1 }, () => ({ description: 'x' })) }
    expect(serverFormSchema.safeParse({ ...base, packages: [many] }).error?.issues[0].message).toBe(
      `At most ${LIMITS.postInstallSteps} post-install steps`,
    )
  })
})
