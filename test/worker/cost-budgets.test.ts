/**
 * Every public read held to its budget (bench/budgets.json): D1 round trips and rows read per cold
 * guest request, at 2,000 and at 20,000 servers. A route fails when it exceeds its budget at either
 * size, or when its rows read grow with the catalogue faster than the logarithm of its size (ten
 * times the servers may cost at most log(20,000) / log(2,000) = 1.3 times the rows); a route whose rows
 * are the entries it lists (`bound: 'page'`) is held to its budget alone. Every GET route of the
 * app is either in the table or named in `notBudgeted` with the reason, so a new route cannot
 * go unmeasured.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import budgets from '../../bench/budgets.json'
import { type Measured, measure } from './cost-measure'
import { getRoutes } from './route-table'
import { seedScale } from './scale-seed'

/**
 * Past every cap at both sizes (a common word's count and a capped total stop at 1,000), so what
 * differs between them is the catalogue alone.
 */
const SMALL = 2_000
const LARGE = 20_000
/** How much more a route may read at LARGE than at SMALL: logarithmic growth at most. */
const GROWTH = Math.log(LARGE) / Math.log(SMALL)

interface Budget {
  name: string
  path: string
  roundTrips: number
  rows: number
  bound?: string
}

const routes = budgets.routes as Budget[]

/** The seed's server 7, its name and its first package (test/worker/scale-seed.ts). */
const concretePath = (path: string) =>
  path
    .replace('{id}', '00000000-0000-4000-8000-000000000007')
    .replace('{name}', encodeURIComponent('io.github.scale/server-7'))
    .replace('{package}', '00000000-0000-4000-9000-000000000001')

/** A route pattern of the app (`/api/servers/:id`, `/og/servers/:file{.+\.png}`) as a path matcher. */
const patternOf = (route: string) =>
  new RegExp(`^${route.replace(/:[A-Za-z]+(\{[^}]*\})?/g, (_m, custom?: string) => (custom ? `(${custom.slice(1, -1)})` : '[^/]+'))}$`)

const costs = new Map<string, { small: Measured; large: Measured }>()

describe('cost per request, at two catalogue sizes', () => {
  beforeAll(async () => {
    const small = new Map<string, Measured>()
    await seedScale(1, SMALL)
    for (const r of routes) small.set(r.path, await measure(concretePath(r.path)))
    await seedScale(SMALL + 1, LARGE)
    for (const r of routes) costs.set(r.path, { small: small.get(r.path)!, large: await measure(concretePath(r.path)) })
  }, 600_000)

  it.each(routes)('$name ($path): within its budget at both sizes', (route) => {
    const { small, large } = costs.get(route.path)!
    for (const m of [small, large]) {
      expect(m.status, 'answered').toBe(200)
      expect(m.roundTrips, 'D1 round trips').toBeLessThanOrEqual(route.roundTrips)
      expect(m.rowsRead, 'rows read').toBeLessThanOrEqual(route.rows)
      expect(m.rowsWritten, 'a guest read writes nothing').toBe(0)
    }
    if (route.bound !== 'page')
      expect(large.rowsRead, 'rows read at ten times the servers').toBeLessThanOrEqual(Math.floor(small.rowsRead * GROWTH))
  })

  it('every GET route is budgeted, or says why not', () => {
    const exempt = budgets.notBudgeted as Record<string, string>
    const budgeted = routes.map((r) => new URL(concretePath(r.path), 'https://x').pathname)
    const missing = getRoutes.filter((r) => !exempt[r.path] && !budgeted.some((p) => patternOf(r.path).test(p))).map((r) => r.path)
    expect(missing).toEqual([])
    const gone = Object.keys(exempt).filter((path) => !getRoutes.some((r) => r.path === path))
    expect(gone, 'exemptions of routes that no longer exist').toEqual([])
  })
})
