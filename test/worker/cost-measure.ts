import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import worker from '../../worker/index'

/** What one request cost, as its Server-Timing header says. */
export interface Measured {
  status: number
  roundTrips: number
  statements: number
  rowsRead: number
  rowsWritten: number
  kvReads: number
}

let nonce = 0

/**
 * One cold request (a guest's unless `init` says otherwise): KV emptied first (the tags' and
 * categories' caches, kept README renders; `keepKv` leaves it, for a test that holds sessions,
 * whose tokens are signed with a key kept there) and a query parameter of its own, so neither the
 * KV caches nor the guests' edge cache answers it and every read reaches D1.
 */
export async function measure(path: string, init: RequestInit = {}, { keepKv = false } = {}): Promise<Measured> {
  for (let cursor: string | undefined; !keepKv; ) {
    const page = await env.CACHE.list({ cursor })
    await Promise.all(page.keys.map((k) => env.CACHE.delete(k.name)))
    if (page.list_complete) break
    cursor = page.cursor
  }
  const url = new URL(path, 'https://catalogue.test')
  url.searchParams.set('cold', String(++nonce))
  const ctx = createExecutionContext()
  const res = await worker.fetch(
    new Request(url, init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, COST_HEADER: 'true' },
    ctx,
  )
  await res.arrayBuffer()
  await waitOnExecutionContext(ctx)
  return { status: res.status, ...costOf(res.headers.get('Server-Timing')) }
}

/** The counts a Server-Timing header says (worker/db/cost.ts `serverTiming`); zeros where it says none. */
export function costOf(header: string | null): Omit<Measured, 'status'> {
  const timing = new Map((header ?? '').split(/,\s*/).map((m) => [m.split(';')[0], Number(/dur=([\d.]+)/.exec(m)?.[1] ?? 0)]))
  return {
    roundTrips: timing.get('d1') ?? 0,
    statements: timing.get('stmts') ?? 0,
    rowsRead: timing.get('rows') ?? 0,
    rowsWritten: timing.get('written') ?? 0,
    kvReads: timing.get('kv') ?? 0,
  }
}
