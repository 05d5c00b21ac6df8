/**
 * In a request, the cost record asks D1 for a single select's rows as objects (all(), which reports
 * the rows read) and hands Drizzle the arrays it asked raw() for (worker/db/cost.ts). The two are
 * the same rows only while no two result columns share a name and none is named like a number: this
 * reads every GET route (pages, the API, the registry API, feeds, sitemaps, and any added later)
 * as a signed-in admin, asks D1 for each such read both ways, and holds them equal.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import { ADMIN_LOGIN, type Client, signIn } from './auth-helpers'
import { concrete, getRoutes, type SeededParams, seedRouteParams } from './route-table'

interface Mismatch {
  route: string
  sql: string
  raw: unknown
  converted: unknown
}

/** D1 whose every raw() read is asked again with all(), its rows turned into arrays as the cost record turns them. */
function comparingD1(real: D1Database, route: string, mismatches: Mismatch[], reads: { n: number }): D1Database {
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop)
        if (prop === 'bind') return (...args: unknown[]) => wrap(value.apply(target, args), sql)
        if (prop === 'raw') {
          return async (...args: unknown[]) => {
            const raw = await value.apply(target, args)
            const all = (await target.all()) as D1Result<Record<string, unknown>>
            const converted = all.results.map((row) => Object.values(row))
            reads.n++
            if (JSON.stringify(raw) !== JSON.stringify(converted)) mismatches.push({ route, sql, raw, converted })
            return raw
          }
        }
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  return new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop)
      if (prop === 'prepare') return (query: string) => wrap(value.call(target, query), query)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

let admin: Client
let seeded: SeededParams
beforeAll(async () => {
  admin = await signIn(ADMIN_LOGIN)
  seeded = await seedRouteParams(admin.user!.id)
})

describe('single reads, as the cost record reads them', () => {
  it('are the same rows as Drizzle asked for, on every GET route', async () => {
    const mismatches: Mismatch[] = []
    const reads = { n: 0 }
    for (const route of getRoutes) {
      const ctx = createExecutionContext()
      const res = await app.request(
        `https://catalogue.test${concrete(route.path, seeded)}`,
        { headers: { cookie: admin.cookie }, redirect: 'manual' },
        { ...env, DB: comparingD1(env.DB, route.key, mismatches, reads) },
        ctx,
      )
      await res.arrayBuffer()
      await waitOnExecutionContext(ctx)
    }
    // The sweep reached single reads at all (else it proves nothing).
    expect(reads.n).toBeGreaterThan(10)
    expect(mismatches.map((m) => `${m.route}: ${m.sql}`)).toEqual([])
  })

  it('would catch a read whose columns share a name, or are named like numbers', async () => {
    const mismatches: Mismatch[] = []
    const d1 = comparingD1(env.DB, 'test', mismatches, { n: 0 })
    await d1.prepare('SELECT 1 AS a, 2 AS a').raw()
    await d1.prepare('SELECT 1 AS b, 2 AS "0"').raw()
    await d1.prepare('SELECT 1 AS a, 2 AS b').raw()
    expect(mismatches.map((m) => m.sql)).toEqual(['SELECT 1 AS a, 2 AS a', 'SELECT 1 AS b, 2 AS "0"'])
  })
})
