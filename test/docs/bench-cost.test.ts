/**
 * The bench's cost step (scripts/bench-cost.mjs): the budget table's routes made routes of the
 * generated catalogue, the Worker's Server-Timing counts read back, and their price.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  BUSIEST,
  benchPath,
  busiestLine,
  costTable,
  dollarsPerMillion,
  PRICES,
  parseServerTiming,
  rowsBySizeTable,
  termsFromRows,
} from '../../scripts/bench-cost.mjs'

const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as { routes: Array<{ name: string; path: string }> }

const TERMS = {
  id: 'a1b2-c3',
  name: 'io.github.kowex/postgres-mcp',
  package: 'p9-d8',
  rareTag: 'graphql',
  pairTag: 'npm',
  rareWord: 'dendrochronology',
  author: 'kowex',
  registryFragment: 'mcp-server-',
}

describe('benchPath', () => {
  it('puts the generated catalogue where the seed had its own cases', () => {
    expect(benchPath('/api/servers/{id}/readme', TERMS)).toBe('/api/servers/a1b2-c3/readme')
    expect(benchPath('/api/packages/{package}/comments', TERMS)).toBe('/api/packages/p9-d8/comments')
    expect(benchPath('/v0.1/servers/{name}/versions/latest', TERMS)).toBe('/v0.1/servers/io.github.kowex%2Fpostgres-mcp/versions/latest')
    expect(benchPath('/api/servers?tags=rare&category=databases', TERMS)).toBe('/api/servers?tags=graphql&category=databases')
    expect(benchPath('/api/servers?tags=database,files', TERMS)).toBe('/api/servers?tags=database,npm')
    expect(benchPath('/api/servers/search?q=zephyr', TERMS)).toBe('/api/servers/search?q=dendrochronology')
    expect(benchPath('/api/servers/search?q=database%20files', TERMS)).toBe('/api/servers/search?q=database%20files')
    expect(benchPath('/feeds/tags/rare.atom', TERMS)).toBe('/feeds/tags/graphql.atom')
    expect(benchPath('/feeds/authors/author7.atom', TERMS)).toBe('/feeds/authors/kowex.atom')
    expect(benchPath('/v0.1/servers?search=server-1', TERMS)).toBe('/v0.1/servers?search=mcp-server-')
  })

  it('keeps what the generated catalogue has too', () => {
    for (const path of ['/api/servers?sortBy=stars&page=3', '/api/servers?tags=database', '/feeds/tags/database.atom', '/sitemap.xml', '/'])
      expect(benchPath(path, TERMS)).toBe(path)
  })

  it('leaves no placeholder in any budgeted route', () => {
    for (const r of budgets.routes) expect(benchPath(r.path, TERMS), r.path).not.toMatch(/[{}]|\brare\b|zephyr|author7|server-1\b/)
  })

  it('refuses a placeholder it does not know', () => {
    expect(() => benchPath('/api/users/{user}', TERMS)).toThrow(/placeholder/)
  })
})

describe('termsFromRows', () => {
  it('reads each role and how many servers hold it', () => {
    const terms = termsFromRows(
      'a1b2-c3',
      [
        [{ v: TERMS.name }],
        [{ v: 'graphql', n: 3 }],
        [{ v: 'npm', n: 120 }],
        [{ v: 'kowex', n: 42 }],
        [{ n: 301 }],
        [{ n: 284 }],
        [{ n: 163 }],
        [{ v: 'p9-d8' }],
      ],
      { rareTerm: 'dendrochronology', rareCount: 1 },
    )
    expect(terms).toMatchObject({
      ...TERMS,
      held: { rareTag: 3, pairTag: 120, author: 42, rareWord: 1, broadTag: 301, broadCategory: 284 },
    })
  })

  it('fails when the catalogue lacks one', () => {
    expect(() => termsFromRows('x', [[], [], [], [], [], [], [], []], { rareTerm: 'w', rareCount: 0 })).toThrow(/lacks/)
  })
})

describe('parseServerTiming', () => {
  it('reads the counts worker/db/cost.ts writes', () => {
    const header =
      'd1;desc="round trips";dur=2, stmts;desc="statements";dur=5, rows;desc="rows read";dur=41, written;desc="rows written";dur=0, kv;desc="KV reads";dur=1'
    expect(parseServerTiming(header)).toEqual({ roundTrips: 2, statements: 5, rowsRead: 41, rowsWritten: 0, kvReads: 1, rowsUnknown: 0 })
  })

  it('says so when there are none', () => {
    expect(parseServerTiming(null)).toBeNull()
    expect(parseServerTiming('cache;desc="hit"')).toBeNull()
  })
})

describe('prices', () => {
  it('are dated, and price a million requests by what each costs', () => {
    expect(PRICES.readOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // $0.30 the requests, 2 ms of CPU $0.04, 1,000 rows read $0.001 × 1,000, one KV read $0.50.
    expect(dollarsPerMillion({ rowsRead: 1000, rowsWritten: 0, kvReads: 1 }, 2)).toBeCloseTo(0.3 + 0.04 + 1 + 0.5, 10)
    expect(dollarsPerMillion({ rowsRead: 0, rowsWritten: 2, kvReads: 0 }, null)).toBeCloseTo(2.3, 10)
  })
})

describe('the report', () => {
  const route = (name: string, rowsRead: number, first = rowsRead) => ({
    name,
    counts: {
      roundTrips: 1.1,
      statements: 3,
      rowsRead,
      rowsWritten: 0,
      kvReads: 0,
      rowsUnknown: 0,
      varied: ['roundTrips'],
      range: { roundTrips: [1, 2] as [number, number] },
    },
    first: { roundTrips: 2, statements: 3, rowsRead: first, rowsWritten: 0, kvReads: 0, rowsUnknown: 0 },
    cpuMs: 3,
    cpuRatio: 2,
    dollarsPerMillion: dollarsPerMillion({ rowsRead, rowsWritten: 0, kvReads: 0 }, 3),
  })
  const small = { count: 1000, hello: { cpuMs: 1.5 }, routes: BUSIEST.map((n) => route(n, 61)) }
  const large = { count: 100000, hello: { cpuMs: 1.5 }, routes: BUSIEST.map((n, i) => route(n, i ? 61 : 6100, 9000)) }

  it('shows every route with its counts, CPU, ratio and price, and a first request that differed', () => {
    const table = costTable(large).split('\n')
    expect(table[0].split('|').map((h) => h.trim())).toEqual([
      '',
      'route',
      'round trips',
      'rows read',
      'rows written',
      'KV reads',
      'CPU ms',
      '× hello',
      '$ / M requests',
      '',
    ])
    expect(table).toHaveLength(2 + 1 + BUSIEST.length)
    expect(table[3]).toMatch(/\| +1–2 \| +6,100 \(first 9,000\) \|/)
    expect(table[3]).toContain('$6.46')
  })

  it('sets rows read by size side by side', () => {
    const table = rowsBySizeTable([small, large]).split('\n')
    expect(table[0]).toContain('rows at 100,000')
    expect(table[2]).toMatch(/\| +61 \| +6,100 \| +100\.00 \|$/)
  })

  it('prices the busiest routes at the largest size', () => {
    expect(busiestLine(large)).toMatch(
      /^The five busiest routes at 100,000 servers, per million requests: server list \$6\.46, server detail \$0\.421/,
    )
  })
})
