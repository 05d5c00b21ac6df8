/**
 * The Tools tab's words and rows, from what a probe stored: no browser needed (the vitest
 * project 'web' runs it in Node).
 */
import { describe, expect, it } from 'vitest'
import type { ServerToolsResponse, Surface } from '@shared/surface'
import { timeAgo } from '../../../web/src/lib/format'
import {
  comparisonNote,
  comparisonSentences,
  coverageReasons,
  declaredLists,
  failureGroups,
  healthSentence,
  listFailureSentences,
  missingExplained,
  needsConfigText,
  packageOf,
  parameterRows,
  schemaType,
  statusSentences,
  toolCountText,
} from '../../../web/src/lib/surface-view'

const NOW = Date.parse('2026-11-26T12:00:00Z')

describe('parameterRows', () => {
  it('reads name, type, required, description, enum and default in the order given, nested objects dotted', () => {
    const rows = parameterRows({
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for' },
        mode: { type: 'string', enum: ['fast', 'exact'], default: 'fast' },
        limit: { type: 'integer', default: 10 },
        options: { type: 'object', properties: { deep: { type: 'boolean' } }, required: ['deep'] },
        files: { type: 'array', items: { type: 'object', properties: { path: { type: 'string', format: 'uri' } } } },
      },
      required: ['query'],
    })
    expect(rows.map((r) => [r.name, r.type, r.required])).toEqual([
      ['query', 'string', true],
      ['mode', 'string', false],
      ['limit', 'integer', false],
      ['options', 'object', false],
      ['options.deep', 'boolean', true],
      ['files', 'array of object', false],
      ['files[].path', 'string (uri)', false],
    ])
    expect(rows[0].description).toBe('What to look for')
    expect(rows[1]).toMatchObject({ enumValues: ['fast', 'exact'], defaultValue: 'fast' })
    expect(rows[2].defaultValue).toBe('10')
  })

  it('is empty for no schema, a schema without properties, or one that is not an object', () => {
    expect(parameterRows(undefined)).toEqual([])
    expect(parameterRows({ type: 'object' })).toEqual([])
    expect(parameterRows('nonsense')).toEqual([])
    expect(parameterRows({ type: 'object', properties: [] })).toEqual([])
  })

  it('bounds what a hostile schema makes it walk: depth, rows and value length', () => {
    let deep: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 50; i++) deep = { type: 'object', properties: { a: deep } }
    expect(parameterRows(deep as never).map((r) => r.name)).toEqual(['a', 'a.a', 'a.a.a'])
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, { type: 'string' }]))
    expect(parameterRows({ type: 'object', properties: many })).toHaveLength(100)
    const [row] = parameterRows({ type: 'object', properties: { x: { default: 'y'.repeat(5000), enum: Array(80).fill(1) } } })
    expect(row.defaultValue).toHaveLength(201)
    expect(row.enumValues).toHaveLength(50)
  })
})

describe('schemaType', () => {
  it('names unions, constants and enums without a type', () => {
    expect(schemaType({ type: ['string', 'null'] })).toBe('string or null')
    expect(schemaType({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'string' }] })).toBe('string or number')
    expect(schemaType({ const: 'x' })).toBe('constant x')
    expect(schemaType({ enum: [1, 2] })).toBe('number')
    expect(schemaType({})).toBe('any')
  })
})

const emptySurface: Surface = {
  serverInfo: null,
  capabilities: {},
  instructions: null,
  tools: [],
  prompts: [],
  resources: [],
  resourceTemplates: [],
}

const none: ServerToolsResponse = {
  summary: { status: null, toolCount: null, promptCount: null, resourceCount: null, readAt: null, version: null, surfaceHash: null },
  surface: null,
  lastProbe: null,
  recent: [],
  health: [],
  declared: null,
  comparison: null,
  probing: 'remote',
}

const probe = (status: ServerToolsResponse['recent'][number]['status']) => ({ status, startedAt: '2026-11-26T11:00:00Z', durationMs: 80 })

describe('statusSentences', () => {
  it('says Not read yet for a server never probed', () => {
    expect(statusSentences(none, NOW)).toEqual([{ text: 'Not read yet', problem: false }])
  })

  it('says where, when, which version, transport and protocol the surface was read', () => {
    const data: ServerToolsResponse = {
      ...none,
      surface: {
        source: 'remote',
        version: '1.2.3',
        hash: 'h',
        protocolVersion: '2025-11-25',
        transport: 'streamable-http',
        readAt: '2026-11-26T09:00:00Z',
        surface: { ...emptySurface, serverInfo: { name: 's', version: '1.4.0' } },
        risk: 'none',
        findings: [],
        toolHashes: {},
        listErrors: {},
      },
      recent: [probe('ok'), probe('unreachable'), probe('timeout'), probe('ok'), probe('unreachable')],
    }
    expect(statusSentences(data, NOW)).toEqual([
      { text: 'Read from the server 3 hours ago, version 1.4.0, over Streamable HTTP, protocol 2025-11-25', problem: false },
      { text: 'Could not be reached in 3 of the last 5 tries', problem: true },
    ])
  })

  it('names what a failed probe needs', () => {
    const last = {
      ...probe('auth_required'),
      transport: null,
      protocolVersion: null,
      error: null,
      authMetadataUrl: null,
      missingVariable: null,
      target: 'https://x',
      cause: null,
      listErrors: {},
    }
    expect(statusSentences({ ...none, lastProbe: last, recent: [probe('auth_required')] }, NOW)[0].text).toBe(
      'Needs an API key to list its tools',
    )
    const config = { ...last, status: 'needs_config' as const, missingVariable: 'TENANT' }
    expect(statusSentences({ ...none, lastProbe: config, recent: [] }, NOW)[0].text).toBe('Needs configuration: TENANT')
    const down = { ...last, status: 'unreachable' as const }
    expect(statusSentences({ ...none, lastProbe: down, recent: [] }, NOW)[0].text).toBe('Could not be reached when last tried')
  })
})

describe('small words', () => {
  it('says how long ago, up time and latency, and counts tools', () => {
    expect(timeAgo('2026-11-26T11:59:30Z', NOW)).toBe('just now')
    expect(timeAgo('2026-11-24T11:00:00Z', NOW)).toBe('2 days ago')
    expect(timeAgo('not a date', NOW)).toBe('not a date')
    expect(healthSentence({ days: 7, probes: 8, ok: 7, medianMs: 123.4 })).toBe('Up 87.5% (7 of 8 probes), median 123 ms')
    expect(healthSentence({ days: 30, probes: 0, ok: 0, medianMs: null })).toBeNull()
    expect([toolCountText(1), toolCountText(1200)]).toEqual(['1 tool', '1,200 tools'])
  })
})

describe('statusSentences, for packages and declared surfaces', () => {
  const lastProbe = {
    ...probe('ok'),
    transport: 'stdio' as const,
    protocolVersion: '2025-06-18',
    error: null,
    authMetadataUrl: null,
    missingVariable: null,
    target: 'npm:@acme/widget-mcp@1.2.3',
    cause: null,
    listErrors: {},
  }

  it('says which package was run, that it ran without network, and when', () => {
    const data: ServerToolsResponse = {
      ...none,
      surface: {
        source: 'package',
        version: '1.2.3-listing',
        hash: 'h',
        protocolVersion: '2025-06-18',
        transport: 'stdio',
        readAt: '2026-11-26T10:00:00Z',
        surface: emptySurface,
        risk: 'none',
        findings: [],
        toolHashes: {},
        listErrors: {},
      },
      lastProbe,
      recent: [probe('ok')],
    }
    expect(statusSentences(data, NOW)).toEqual([
      { text: 'Read from the npm package 1.2.3 (run by the catalogue, no network) 2 hours ago, protocol 2025-06-18', problem: false },
    ])
    // Without a package target to read, the listing's version stands in.
    const remote = { ...lastProbe, target: 'https://user@example.com/mcp' }
    expect(statusSentences({ ...data, lastProbe: remote }, NOW)[0].text).toBe(
      'Read from the package 1.2.3-listing (run by the catalogue, no network) 2 hours ago, protocol 2025-06-18',
    )
  })

  it('labels a declared surface as not read, and still says why the probe failed', () => {
    const declared = { version: '0.4.2', hash: 'd', declaredAt: '2026-11-25T12:00:00Z', surface: emptySurface }
    expect(statusSentences({ ...none, declared }, NOW)).toEqual([
      { text: 'Declared by the maintainer, not read by the catalogue (declared 1 day ago for version 0.4.2)', problem: false },
    ])
    const config = { ...lastProbe, status: 'needs_config' as const, missingVariable: 'API_KEY' }
    expect(statusSentences({ ...none, declared, lastProbe: config, recent: [] }, NOW).map((s) => s.text)).toEqual([
      'Declared by the maintainer, not read by the catalogue (declared 1 day ago for version 0.4.2)',
      'Needs configuration: API_KEY',
    ])
  })
})

describe('packageOf', () => {
  it('reads the kind and exact version of a runner target, scoped names and images included', () => {
    expect(packageOf('npm:@scope/name@1.2.3')).toEqual({ kind: 'npm package', version: '1.2.3' })
    expect(packageOf('pypi:acme-weather@0.4.2')).toEqual({ kind: 'PyPI package', version: '0.4.2' })
    expect(packageOf('oci:docker.io/acme/box@2.0.0')).toEqual({ kind: 'OCI image', version: '2.0.0' })
    expect(packageOf('npm:@scope/name@unversioned')).toEqual({ kind: 'npm package', version: null })
    expect(packageOf('npm:@scope/name')).toEqual({ kind: 'npm package', version: null })
    expect(packageOf('https://a@b.example/mcp')).toEqual({ kind: null, version: null })
    expect(packageOf(undefined)).toEqual({ kind: null, version: null })
  })
})

describe('comparisonSentences and comparisonNote', () => {
  const base = { declaredHash: 'd', readHash: 'r', equal: false, added: [], removed: [], changed: [] }

  it('says they match, or names each difference by tool', () => {
    expect(comparisonSentences({ ...base, readHash: 'd', equal: true })).toEqual([
      'What the server lists matches what its maintainer declared.',
    ])
    expect(comparisonSentences({ ...base, added: ['x', 'y'], removed: ['z'], changed: ['w'] })).toEqual([
      'The server lists 2 tools the maintainer did not declare: x, y',
      'The maintainer declared 1 tool the server does not list: z',
      '1 tool differs from what the maintainer declared: w',
    ])
    expect(comparisonSentences({ ...base, changed: ['a', 'b'] })).toEqual(['2 tools differ from what the maintainer declared: a, b'])
    expect(comparisonSentences(base)).toEqual([
      'The tools match what the maintainer declared; its prompts, resources or instructions differ.',
    ])
  })

  it('names ten tools at most, and counts the rest', () => {
    const added = Array.from({ length: 13 }, (_, i) => `t${i}`)
    expect(comparisonSentences({ ...base, added })).toEqual([
      'The server lists 13 tools the maintainer did not declare: t0, t1, t2, t3, t4, t5, t6, t7, t8, t9 and 3 more',
    ])
  })

  it('notes the tools read that were not declared or differ', () => {
    const comparison = { ...base, added: ['x'], changed: ['y'], removed: ['z'] }
    expect(['x', 'y', 'z', 'same'].map((name) => comparisonNote(comparison, name))).toEqual([
      'Not declared by the maintainer',
      'Differs from what the maintainer declared',
      undefined,
      undefined,
    ])
    expect(comparisonNote(null, 'x')).toBeUndefined()
  })
})

describe('declaredLists', () => {
  it('takes what tools/list returns, with the other lists beside it, and drops anything else', () => {
    const text = JSON.stringify({
      tools: [{ name: 'echo' }],
      prompts: [{ name: 'p' }],
      resources: [],
      resourceTemplates: [],
      instructions: 'Be brief',
      nextCursor: 'abc',
    })
    expect(declaredLists(text)).toEqual({
      surface: { tools: [{ name: 'echo' }], prompts: [{ name: 'p' }], resources: [], resourceTemplates: [], instructions: 'Be brief' },
    })
  })

  it('takes a whole JSON-RPC answer, or a bare list of tools', () => {
    expect(declaredLists('{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"}]}}')).toEqual({ surface: { tools: [{ name: 'a' }] } })
    expect(declaredLists('[{"name":"a"}]')).toEqual({ surface: { tools: [{ name: 'a' }] } })
  })

  it('leaves the contents of the lists to the Worker: only the text itself is judged here', () => {
    expect(declaredLists('{"tools":[{"nome":1}],"prompts":"nope"}')).toEqual({ surface: { tools: [{ nome: 1 }], prompts: 'nope' } })
  })

  it('says what is wrong with text that is empty, not JSON or holds no tools list', () => {
    expect(declaredLists('  ')).toEqual({ error: 'Paste the JSON that tools/list returns, or choose a file holding it.' })
    const bad = declaredLists('{"tools": [')
    expect('error' in bad && bad.error).toMatch(/^This is not valid JSON: /)
    for (const text of ['{"prompts": []}', '"tools"', '{"tools": {}}', 'null']) {
      expect(declaredLists(text), text).toEqual({ error: 'The JSON needs a "tools" list, as tools/list returns it: {"tools": [...]}.' })
    }
  })
})

describe('coverageReasons', () => {
  it('lists why listings have no surface, the commonest first, in words', () => {
    expect(coverageReasons({ needs_config: 4, never: 120, ok: 0, timeout: 1 })).toBe('never probed 120, needs configuration 4, timed out 1')
    expect(coverageReasons({ auth_required: 1200 })).toBe('needs an API key 1,200')
    expect(coverageReasons({})).toBe('')
  })
})

describe('missingExplained', () => {
  const failed = {
    status: 'unreachable' as const,
    startedAt: '2026-11-26T11:00:00Z',
    durationMs: 80,
    transport: null,
    protocolVersion: null,
    error: 'connect ECONNREFUSED',
    authMetadataUrl: null,
    missingVariable: null,
    target: 'https://mcp.example.com/mcp',
    cause: null,
    listErrors: {},
  }

  it('promises a read only when one will come: the cron probes a remote while probing is on', () => {
    expect(missingExplained(none)).toBe('Its tools, prompts and resources will show here once the catalogue has read them from the server.')
    expect(missingExplained({ ...none, lastProbe: failed })).toBe('Its tools will show here once the catalogue has read them.')
  })

  it('says a package waits for a probe runner, and that none has read it', () => {
    expect(missingExplained({ ...none, probing: 'runner' })).toBe('Its package is read only by a probe runner, and none has read it yet.')
    expect(missingExplained({ ...none, probing: 'runner', lastProbe: { ...failed, target: 'npm:mcp-x@1.0.0' } })).toBe(
      'Its tools will show here once a probe runner has read its package.',
    )
  })

  it('promises nothing while probing is off or the listing has nothing to read', () => {
    expect(missingExplained({ ...none, probing: 'off' })).toBe('Probing is off on this catalogue, so its tools are not read.')
    expect(missingExplained({ ...none, probing: 'off', lastProbe: failed })).toBe(
      'Probing is off on this catalogue, so its tools are not read.',
    )
    expect(missingExplained({ ...none, probing: 'none' })).toBe('It has no remote or package the catalogue could read its tools from.')
  })

  it('names what a probe found missing, whoever probes', () => {
    expect(missingExplained({ ...none, probing: 'off', lastProbe: { ...failed, status: 'auth_required' } })).toMatch(
      /never sends credentials/,
    )
  })
})

describe('lists a surface was read without', () => {
  it('says which announced list failed, with the server’s own error, in the surface’s order', () => {
    expect(
      listFailureSentences({
        resourceTemplates: 'resources/templates/list failed: the endpoint answered HTTP 500',
        resources: 'resources/list failed: MCP error -32601: Method not found',
      }),
    ).toEqual([
      {
        list: 'resources',
        text: 'The server announced resources but did not list them: resources/list failed: MCP error -32601: Method not found',
      },
      {
        list: 'resourceTemplates',
        text: 'The server announced resource templates but did not list them: resources/templates/list failed: the endpoint answered HTTP 500',
      },
    ])
    expect(listFailureSentences({})).toEqual([])
    expect(listFailureSentences(undefined)).toEqual([])
  })
})

describe('the admin screen’s grouping of latest probes', () => {
  it('names failures by cause in the order given, a status where no cause was named, and the variables wanted', () => {
    expect(
      failureGroups([
        { cause: 'version_not_found', listings: 2 },
        { cause: 'crashed', listings: 1 },
        { cause: 'timeout', listings: 1200 },
      ]),
    ).toBe('version not found 2, crashed 1, timed out 1,200')
    const outcomes = { probed: 9, ok: 4, listFailed: 1, needsConfig: 4, variables: [], failures: [] }
    expect(needsConfigText(outcomes)).toBe('4')
    expect(
      needsConfigText({
        ...outcomes,
        variables: [
          { name: 'API_KEY', listings: 3 },
          { name: 'TENANT', listings: 1 },
        ],
      }),
    ).toBe('4 (API_KEY 3, TENANT 1)')
  })
})
