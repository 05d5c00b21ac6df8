/**
 * What a request costs the database, counted where every statement passes: one D1 wrapper per
 * binding and isolate (so the Drizzle client over it is still made once), which adds each call's
 * round trip, statements and the rows D1 reports reading and writing (`meta.rows_read`,
 * `meta.rows_written`) to the cost record of the request it runs in. The request is found through
 * AsyncLocalStorage, so no route counts anything itself; the KV cache binding likewise counts its
 * reads. `worker/index.ts` wraps both once per isolate and runs each request in its own record.
 *
 * D1 reports rows only with a result's `meta`: `all()`, `run()` and `batch()` carry it, `raw()`
 * (which Drizzle uses for a single select with named fields) does not, so in a request the wrapper
 * asks for such a read with `all()` and hands Drizzle the arrays it wanted. `first()` carries no
 * meta either: its rows are counted as unknown (`rowsUnknown`).
 */
import { AsyncLocalStorage } from 'node:async_hooks'

/** One request's cost, as the Server-Timing header and the budget tests read it. */
export interface RequestCost {
  roundTrips: number
  statements: number
  rowsRead: number
  rowsWritten: number
  /** Statements whose rows D1 did not report (raw()). */
  rowsUnknown: number
  kvReads: number
}

export const emptyCost = (): RequestCost => ({ roundTrips: 0, statements: 0, rowsRead: 0, rowsWritten: 0, rowsUnknown: 0, kvReads: 0 })

/**
 * What the D1 wrapper knows of the request it runs in: its cost record, and the D1 session its
 * statements go through (a replica for a guest's read, the primary for a write; see
 * worker/middleware/database.ts); null: the binding itself (the primary).
 */
export interface RequestScope {
  cost: RequestCost
  session: D1DatabaseSession | null
}

const requests = new AsyncLocalStorage<RequestScope>()

/** Runs `work` as one request: every D1 call and KV read under it counts into `scope.cost`. */
export function inRequest<T>(scope: RequestScope, work: () => Promise<T>): Promise<T> {
  return requests.run(scope, work)
}

/** The request running now, if any (jobs run outside one). */
export const currentRequest = (): RequestScope | undefined => requests.getStore()

/** Runs `work` with a cost record of its own (and the binding itself for its statements). */
export function countingCost<T>(cost: RequestCost, work: () => Promise<T>): Promise<T> {
  return inRequest({ cost, session: null }, work)
}

type Meta = { meta?: { rows_read?: number; rows_written?: number } } | null

/**
 * One call to D1 (a round trip) of `results.length` statements, into the running request's record
 * if there is one; a null result is a statement whose rows D1 did not report.
 */
function tally(results: Meta[]) {
  const cost = requests.getStore()?.cost
  if (!cost) return
  cost.roundTrips++
  cost.statements += results.length
  for (const result of results) {
    if (result === null) cost.rowsUnknown++
    cost.rowsRead += result?.meta?.rows_read ?? 0
    cost.rowsWritten += result?.meta?.rows_written ?? 0
  }
}

function countStatement(stmt: D1PreparedStatement): D1PreparedStatement {
  return new Proxy(stmt, {
    get(target, prop) {
      const value = Reflect.get(target, prop)
      if (typeof value !== 'function') return value
      if (prop === 'bind') return (...args: unknown[]) => countStatement(value.apply(target, args))
      if (prop === 'all' || prop === 'run') {
        return async (...args: unknown[]) => {
          const result = await value.apply(target, args)
          tally([result])
          return result
        }
      }
      // Drizzle reads a single select's rows as arrays (raw()), which D1 answers without meta. Asked
      // as objects (all(), with meta) and turned into arrays in column order, the rows are the same
      // while no two columns share a name, as in a batch (test/worker/raw-reads.test.ts holds every
      // route's reads to it); only a request without a cost record reads raw() as it is.
      if (prop === 'raw') {
        return async (...args: unknown[]) => {
          const options = args[0] as { columnNames?: boolean } | undefined
          if (!requests.getStore()?.cost || options?.columnNames) return value.apply(target, args)
          const result = (await target.all()) as D1Result<Record<string, unknown>>
          tally([result])
          return result.results.map((row) => Object.values(row))
        }
      }
      // first() answers the row alone, without meta.
      if (prop === 'first') {
        return async (...args: unknown[]) => {
          const result = await value.apply(target, args)
          tally([null])
          return result
        }
      }
      return value.bind(target)
    },
  })
}

/** `wrap(binding)`, made once per binding and isolate (so the Drizzle client over it is too). */
function oncePer<T extends object>(made: WeakMap<T, T>, binding: T, wrap: (binding: T) => T): T {
  const known = made.get(binding)
  if (known) return known
  const wrapped = wrap(binding)
  made.set(binding, wrapped)
  return wrapped
}

const countedD1s = new WeakMap<D1Database, D1Database>()

/**
 * The binding with every call counted into the running request's cost record (and passed through
 * untouched outside a request): made once per binding and isolate.
 */
export const countedD1 = (d1: D1Database): D1Database =>
  oncePer(
    countedD1s,
    d1,
    (d1) =>
      new Proxy(d1, {
        get(target, prop) {
          const value = Reflect.get(target, prop)
          if (typeof value !== 'function') return value
          // Through the request's session when it has one (a replica for a read), else the binding.
          if (prop === 'prepare') return (query: string) => countStatement((requests.getStore()?.session ?? target).prepare(query))
          if (prop === 'batch') {
            return async (statements: D1PreparedStatement[]) => {
              const results: D1Result[] = await (requests.getStore()?.session ?? target).batch(statements)
              tally(results)
              return results
            }
          }
          return value.bind(target)
        },
      }),
  )

const countedKVs = new WeakMap<KVNamespace, KVNamespace>()

/** The KV binding with every read (get, getWithMetadata, list) counted into the running request's record. */
export const countedKV = (kv: KVNamespace): KVNamespace =>
  oncePer(
    countedKVs,
    kv,
    (kv) =>
      new Proxy(kv, {
        get(target, prop) {
          const value = Reflect.get(target, prop)
          if (typeof value !== 'function') return value
          if (prop === 'get' || prop === 'getWithMetadata' || prop === 'list') {
            return (...args: unknown[]) => {
              const cost = requests.getStore()?.cost
              if (cost) cost.kvReads++
              return value.apply(target, args)
            }
          }
          return value.bind(target)
        },
      }),
  )

/**
 * The cost as a Server-Timing header's value, which a browser's network panel shows beside the
 * request: each figure as a metric's `dur` (a count, not a time).
 * @example serverTiming({ roundTrips: 2, statements: 5, rowsRead: 41, ... }) // 'd1;desc="round trips";dur=2, ...'
 */
export function serverTiming(cost: RequestCost): string {
  const metrics: Array<[string, string, number]> = [
    ['d1', 'round trips', cost.roundTrips],
    ['stmts', 'statements', cost.statements],
    ['rows', 'rows read', cost.rowsRead],
    ['written', 'rows written', cost.rowsWritten],
    ['kv', 'KV reads', cost.kvReads],
  ]
  if (cost.rowsUnknown) metrics.push(['unknown', 'statements whose rows D1 did not report', cost.rowsUnknown])
  return metrics.map(([name, desc, n]) => `${name};desc="${desc}";dur=${n}`).join(', ')
}

const countedEnvs = new WeakMap<Env, Env>()

/** The Worker's bindings with D1 and the KV cache counted: made once per env object and isolate. */
export const countedEnv = (env: Env): Env =>
  oncePer(countedEnvs, env, (env) => ({ ...env, DB: countedD1(env.DB), CACHE: countedKV(env.CACHE) }))
