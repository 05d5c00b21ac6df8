/**
 * A request's cost, counted where every D1 call and KV read passes (worker/db/cost.ts) and, with
 * COST_HEADER on, said in the answer's Server-Timing header: the same counts a test tallies at
 * the binding, and rows as D1 reports them.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { countedD1, countingCost, emptyCost, serverTiming } from '../../../worker/db/cost'
import worker from '../../../worker/index'
import { costOf } from '../cost-measure'
import { insertServer } from '../factories'

/** The Worker's own fetch, as deployed, with the header on or off. */
async function fetchWith(path: string, costHeader: 'true' | 'false') {
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`https://catalogue.test${path}`), { ...env, COST_HEADER: costHeader }, ctx)
  await res.arrayBuffer()
  await waitOnExecutionContext(ctx)
  return res
}

let serverId: string
beforeAll(async () => {
  serverId = (await insertServer({ description: 'A server whose page a cost is counted on' })).id
})

describe('the cost record', () => {
  it('says what a server page cost in Server-Timing when the setting is on', async () => {
    const res = await fetchWith(`/api/servers/${serverId}`, 'true')
    expect(res.status).toBe(200)
    const m = costOf(res.headers.get('Server-Timing'))
    // One batch of five statements (statements.test.ts counts the same through the whole app).
    expect(m.roundTrips).toBe(1)
    expect(m.statements).toBe(5)
    expect(m.rowsRead).toBeGreaterThan(0)
    expect(m.rowsWritten).toBe(0)
  })

  it('adds no header when the setting is off', async () => {
    expect((await fetchWith(`/api/servers/${serverId}`, 'false')).headers.get('Server-Timing')).toBeNull()
  })

  it('counts rows read and written as D1 reports them, and nothing outside a request', async () => {
    const d1 = countedD1(env.DB)
    const cost = emptyCost()
    await countingCost(cost, async () => {
      await d1.prepare('SELECT count(*) AS n FROM servers').all()
      await d1.batch([
        d1.prepare('SELECT id FROM servers LIMIT 1'),
        d1.prepare("UPDATE servers SET view_count = view_count WHERE id = 'none'"),
      ])
    })
    expect(cost).toMatchObject({ roundTrips: 2, statements: 3 })
    expect(cost.rowsRead).toBeGreaterThan(0)
    await d1.prepare('SELECT 1').all()
    expect(cost.roundTrips).toBe(2)
    expect(serverTiming(cost)).toMatch(/^d1;desc="round trips";dur=2, stmts;desc="statements";dur=3, rows;desc="rows read";dur=\d+/)
  })
})
