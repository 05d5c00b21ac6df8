/**
 * The Tools tab's words and rows, from what a probe stored: no browser needed (the e2e config
 * runs the .test.ts files under web/ in Node).
 */
import { describe, expect, it } from 'vitest'
import type { ServerToolsResponse } from '@shared/surface'
import { healthSentence, parameterRows, schemaType, statusSentences, timeAgo, toolCountText } from './surface-view'

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

const none: ServerToolsResponse = {
  summary: { status: null, toolCount: null, promptCount: null, resourceCount: null, readAt: null, version: null, surfaceHash: null },
  surface: null,
  lastProbe: null,
  recent: [],
  health: [],
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
        surface: {
          serverInfo: { name: 's', version: '1.4.0' },
          capabilities: {},
          instructions: null,
          tools: [],
          prompts: [],
          resources: [],
          resourceTemplates: [],
        },
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
