/**
 * Measures the supply-chain watch (worker/jobs/supply-watch.ts) on the local D1 (a fresh state
 * folder) against the fixture registry's generated family (watch-gen-<n>, test/fixtures/package-registry.ts):
 * `--packages` active listings, each installing one npm package, checked four times with the
 * watch's clock moved 7 hours between runs, so every package is due each time:
 *   firstRead        the cron enrols the listings; each package's packument is read once, its history scored
 *   nothingNew       nothing was released since (the first read stored no dist-tags ETag: 200s)
 *   nothingNewAgain  nothing still: every dist-tags read is conditional and answers 304
 *   newVersion       after release-generated: one new version each
 * Each run is the cron's part (enqueueDueWatches: enrol and claim, into a queue that keeps what it
 * is sent) and the consumer's (watchPackages over the claimed ids). Per run, per hundred packages:
 * outbound requests (by status), D1 round trips (batches and single statements), D1 rows written
 * and read (D1's own meta: indexes and triggers included), Node CPU time and wall time. Prints and
 * returns JSON. `npm run bench` runs it.
 *   tsx scripts/bench-watch.ts [--packages 100] [--consecutive] [--out FILE]
 *
 * Node CPU: the fixture runs in a child process (this script with --serve-fixture), so none of it
 * is the fixture's. `nodeCpuMs.job` is the main thread's CPU (process.threadCpuUsage) less what it
 * spent inside D1 calls and fetch calls: the job's JavaScript, drizzle's query building, parsing and
 * scoring. Inside D1 calls is getPlatformProxy's marshalling (prepare and bind are synchronous calls
 * into workerd through a worker thread of its own, counted in `allThreads` only), which a deployed
 * Worker does not pay in JavaScript. D1 itself runs in workerd, another process: in no CPU figure.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { getPlatformProxy } from 'wrangler'
import { startFixture } from '../test/fixtures/outbound'
import { GENERATED_COUNT } from '../test/fixtures/package-registry'
import { createDb } from '../worker/db/client'
import { servers } from '../worker/db/schema'
import { enqueueDueWatches, type WatchMessage, watchPackages } from '../worker/jobs/supply-watch'
import type { RegistryFetch } from '../worker/lib/outbound/package-registry'
import { oneEditFrom } from '../worker/lib/supply/signals'
import { watchSettings } from '../worker/services/watch'
import { localEnv, migrateLocal } from './local.mjs'

const { values } = parseArgs({
  options: {
    packages: { type: 'string', default: '100' },
    consecutive: { type: 'boolean', default: false },
    out: { type: 'string' },
    'serve-fixture': { type: 'boolean', default: false },
  },
})
const PACKAGES = Number(values.packages)

/**
 * The generated packages' numbers. Consecutive names (watch-gen-0, watch-gen-1...) are one edit
 * apart, so the look-alike rule (name.lookalike, weight 5) scores every version of every package
 * but the first Medium, and each new one opens a review item: not an ordinary catalogue. By
 * default the numbers are chosen in turn from 0 so that no name is one edit from another (by the
 * rule's own test); `--consecutive` measures watch-gen-0 onwards.
 */
function packageNumbers(count: number, consecutive: boolean): number[] {
  if (consecutive) return Array.from({ length: count }, (_, n) => n)
  const numbers: number[] = []
  const names: string[] = []
  for (let n = 0; n < GENERATED_COUNT && numbers.length < count; n++) {
    if (oneEditFrom('npm', `watch-gen-${n}`, names) !== null) continue
    numbers.push(n)
    names.push(`watch-gen-${n}`)
  }
  if (numbers.length < count) throw new Error(`only ${numbers.length} generated names are two edits apart; use --consecutive`)
  return numbers
}
const NUMBERS = packageNumbers(PACKAGES, values.consecutive)
const HOUR = 3600_000

/** Node CPU now, in microseconds: the whole process's (every thread) and the main thread's. */
const cpuNow = () => {
  const all = process.cpuUsage()
  const main = process.threadCpuUsage()
  return { all: all.user + all.system, main: main.user + main.system }
}
type Cpu = ReturnType<typeof cpuNow>
const cpuSince = (since: Cpu): Cpu => {
  const now = cpuNow()
  return { all: now.all - since.all, main: now.main - since.main }
}

interface Tally {
  outboundRequests: number
  outboundByStatus: Record<string, number>
  /** Main-thread CPU inside fetch calls (until the headers arrive). */
  outboundCpuUs: number
  d1Batches: number
  d1StatementsInBatches: number
  d1Singles: number
  d1RowsWritten: number
  d1RowsRead: number
  /** Rows written by kind of statement ('update listing_packages'), to see where they go. */
  d1RowsWrittenBy: Record<string, number>
  /** Main-thread CPU inside D1 calls (prepare and bind too): the local proxy's marshalling, not the job's. */
  d1ClientCpuUs: number
  d1Ms: number
}

const emptyTally = (): Tally => ({
  outboundRequests: 0,
  outboundByStatus: {},
  outboundCpuUs: 0,
  d1Batches: 0,
  d1StatementsInBatches: 0,
  d1Singles: 0,
  d1RowsWritten: 0,
  d1RowsRead: 0,
  d1RowsWrittenBy: {},
  d1ClientCpuUs: 0,
  d1Ms: 0,
})

const WRITE_SQL = /^\s*(insert|update|delete|replace)\b/i
/** A statement's kind: its verb and table ('insert package_versions'), else 'select'. */
const kindOf = (sql: string) => {
  const m = /^\s*(insert|update|delete|replace)\s+(?:into\s+|from\s+)?"?([\w]+)"?/i.exec(sql)
  return m ? `${m[1].toLowerCase()} ${m[2]}` : 'select'
}

/**
 * D1 counting every round trip (a batch, or one statement's run/all/raw/first) and the rows its
 * meta says were written and read. Drizzle reads single statements with `raw()`, which returns no
 * meta: a writing statement's `raw()` (an UPDATE ... RETURNING) is sent as `all()` instead, whose
 * rows are turned back into arrays (one column or a few, named apart, so nothing is lost); a
 * reading one stays `raw()`, and its rows read go uncounted.
 */
function countingD1(d1: D1Database, tally: Tally): D1Database {
  const originals = new WeakMap<object, { stmt: D1PreparedStatement; sql: string }>()
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const cpu = cpuNow()
    const started = performance.now()
    try {
      return await work()
    } finally {
      tally.d1ClientCpuUs += cpuSince(cpu).main
      tally.d1Ms += performance.now() - started
    }
  }
  // prepare() and bind() are local calls in a Worker, but through getPlatformProxy each is a
  // synchronous call into workerd: its CPU belongs to the proxy, not the job.
  const timedSync = <T>(work: () => T): T => {
    const cpu = cpuNow()
    const started = performance.now()
    try {
      return work()
    } finally {
      tally.d1ClientCpuUs += cpuSince(cpu).main
      tally.d1Ms += performance.now() - started
    }
  }
  const record = (meta: Partial<D1Meta> | undefined, sql: string) => {
    const written = meta?.rows_written ?? 0
    tally.d1RowsWritten += written
    tally.d1RowsRead += meta?.rows_read ?? 0
    if (written) tally.d1RowsWrittenBy[kindOf(sql)] = (tally.d1RowsWrittenBy[kindOf(sql)] ?? 0) + written
  }
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === 'bind')
          return (...params: unknown[]) =>
            wrap(
              timedSync(() => target.bind(...params)),
              sql,
            )
        if (prop === 'run' || prop === 'all') {
          return async () => {
            tally.d1Singles++
            const result = await timed(() => (prop === 'run' ? target.run() : target.all()))
            record(result.meta, sql)
            return result
          }
        }
        if (prop === 'raw') {
          return async (options?: { columnNames?: boolean }) => {
            tally.d1Singles++
            if (!WRITE_SQL.test(sql)) return timed(() => (options?.columnNames ? target.raw({ columnNames: true }) : target.raw()))
            const result = await timed(() => target.all<Record<string, unknown>>())
            record(result.meta, sql)
            const rows = result.results.map((row) => Object.values(row))
            return options?.columnNames ? [Object.keys(result.results[0] ?? {}), ...rows] : rows
          }
        }
        if (prop === 'first') {
          return (column?: string) => {
            tally.d1Singles++
            return timed(() => (column === undefined ? target.first() : target.first(column)))
          }
        }
        const value = Reflect.get(target, prop)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    originals.set(proxy, { stmt, sql })
    return proxy
  }
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare')
        return (sql: string) =>
          wrap(
            timedSync(() => target.prepare(sql)),
            sql,
          )
      if (prop === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          tally.d1Batches++
          tally.d1StatementsInBatches += statements.length
          const results = await timed(() => target.batch(statements.map((s) => originals.get(s)?.stmt ?? s)))
          for (const [i, r] of results.entries()) record(r.meta, originals.get(statements[i])?.sql ?? '')
          return results
        }
      }
      const value = Reflect.get(target, prop)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** The fixture in a child process (its CPU is not the job's); `close` ends it. */
async function fixtureProcess(): Promise<{ url: string; close: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--serve-fixture'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')).trim())
    })
    child.once('exit', (code) => reject(new Error(`the fixture process exited (${code})`)))
  })
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.stdin?.end()
      }),
  }
}

/** The child: serves the fixture until its stdin closes. */
async function serveFixture() {
  const fixture = await startFixture()
  process.stdout.write(`${fixture.url}\n`)
  process.stdin.resume()
  process.stdin.on('end', () => fixture.close().then(() => process.exit(0)))
}

/** A tally's figures per hundred packages (counts to one decimal, times in ms). */
function perHundred(t: Tally, cpu: Cpu, wallMs: number, packages: number) {
  const k = 100 / packages
  const r1 = (n: number) => Math.round(n * k * 10) / 10
  return {
    outboundRequests: r1(t.outboundRequests),
    outboundByStatus: Object.fromEntries(Object.entries(t.outboundByStatus).map(([s, n]) => [s, r1(n)])),
    d1RoundTrips: r1(t.d1Batches + t.d1Singles),
    d1Batches: r1(t.d1Batches),
    d1SingleStatements: r1(t.d1Singles),
    d1StatementsInBatches: r1(t.d1StatementsInBatches),
    d1RowsWritten: r1(t.d1RowsWritten),
    d1RowsRead: r1(t.d1RowsRead),
    d1RowsWrittenBy: Object.fromEntries(
      Object.entries(t.d1RowsWrittenBy)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, n]) => [kind, r1(n)]),
    ),
    nodeCpuMs: {
      /** The job's own: the main thread's, less the D1 proxy's and the fetch client's. */
      job: r1((cpu.main - t.d1ClientCpuUs - t.outboundCpuUs) / 1000),
      mainThread: r1(cpu.main / 1000),
      mainThreadInD1Proxy: r1(t.d1ClientCpuUs / 1000),
      mainThreadInFetch: r1(t.outboundCpuUs / 1000),
      /** Every thread: the proxy's own worker thread (its synchronous calls into workerd) included. */
      allThreads: r1(cpu.all / 1000),
    },
    wallMs: r1(wallMs),
    d1WaitMs: r1(t.d1Ms),
  }
}

const diff = (after: Tally, before: Tally): Tally => ({
  outboundRequests: after.outboundRequests - before.outboundRequests,
  outboundByStatus: Object.fromEntries(
    Object.entries(after.outboundByStatus)
      .map(([s, n]) => [s, n - (before.outboundByStatus[s] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  ),
  outboundCpuUs: after.outboundCpuUs - before.outboundCpuUs,
  d1Batches: after.d1Batches - before.d1Batches,
  d1StatementsInBatches: after.d1StatementsInBatches - before.d1StatementsInBatches,
  d1Singles: after.d1Singles - before.d1Singles,
  d1RowsWritten: after.d1RowsWritten - before.d1RowsWritten,
  d1RowsRead: after.d1RowsRead - before.d1RowsRead,
  d1RowsWrittenBy: Object.fromEntries(
    Object.entries(after.d1RowsWrittenBy)
      .map(([kind, n]) => [kind, n - (before.d1RowsWrittenBy[kind] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  ),
  d1ClientCpuUs: after.d1ClientCpuUs - before.d1ClientCpuUs,
  d1Ms: after.d1Ms - before.d1Ms,
})

async function main() {
  const state = mkdtempSync(join(tmpdir(), 'catalogue-bench-watch-'))
  const fixture = await fixtureProcess()
  migrateLocal(state, { env: localEnv(), quiet: true })
  const proxy = await getPlatformProxy<Env>({ configPath: 'wrangler.toml', persist: { path: `${state}/v3` } })
  try {
    await fetch(`${fixture.url}/__packages/reset-generated`, { method: 'POST' })
    // The listings, outside the measurement: active, each installing one generated package, its
    // repository the package's own (so no repository signal fires).
    const setupDb = createDb(proxy.env.DB)
    const rows = NUMBERS.map((n) => ({
      id: `bench-watch-${n}`,
      name: `io.github.watch-gen/watch-gen-${n}`,
      displayName: `Watch gen ${n}`,
      description: `A listing installing watch-gen-${n}`,
      githubUrl: `https://github.com/watch-gen/watch-gen-${n}`,
      packages: [{ registryType: 'npm', identifier: `watch-gen-${n}`, transport: { type: 'stdio' } }],
    }))
    // A row a statement: D1 allows 100 bound parameters per statement.
    const [firstRow, ...moreRows] = rows.map((row) => setupDb.insert(servers).values(row))
    await setupDb.batch([firstRow, ...moreRows])

    const tally = emptyTally()
    const db = createDb(countingD1(proxy.env.DB, tally))
    const fetchCounting: RegistryFetch = async (input, init) => {
      tally.outboundRequests++
      const cpu = cpuNow()
      try {
        const res = await fetch(input, init)
        tally.outboundByStatus[res.status] = (tally.outboundByStatus[res.status] ?? 0) + 1
        return res
      } finally {
        tally.outboundCpuUs += cpuSince(cpu).main
      }
    }
    const env = {
      SUPPLY_WATCH_ENABLED: 'true',
      PROBE_SUBREQUEST_BUDGET: '100000',
      NPM_REGISTRY_BASE: `${fixture.url}/npm`,
      PYPI_REGISTRY_BASE: `${fixture.url}/pypi-org`,
      OUTBOUND_TIMEOUT_MS: '5000',
    }
    let clock = new Date()
    // perMinute raised so that one cron call claims every package (the Worker's claims 25 a minute).
    const settings = watchSettings(env, { now: () => clock, fetch: fetchCounting, perMinute: PACKAGES })

    const measure = async () => {
      const sent: WatchMessage[] = []
      const queue = {
        async sendBatch(messages: Iterable<MessageSendRequest<WatchMessage>>) {
          for (const m of messages) sent.push(m.body)
        },
      } as unknown as Queue<WatchMessage>
      const snapshot = () => ({ ...tally, outboundByStatus: { ...tally.outboundByStatus }, d1RowsWrittenBy: { ...tally.d1RowsWrittenBy } })
      const start = snapshot()
      const cpu0 = cpuNow()
      const t0 = performance.now()
      // The cron enrols a bounded batch a minute: as many minutes as it takes to enrol them all.
      const enqueued = { enrolled: 0, queued: 0 }
      for (;;) {
        const minute = await enqueueDueWatches(db, queue, settings)
        enqueued.enrolled += minute.enrolled
        enqueued.queued += minute.queued
        if (minute.enrolled === 0) break
      }
      const cpuEnqueue = cpuSince(cpu0)
      const wallEnqueue = performance.now() - t0
      const mid = snapshot()
      const cpu1 = cpuNow()
      const t1 = performance.now()
      const run = await watchPackages(
        db,
        sent.map((m) => m.packageId),
        settings,
      )
      const cpuWatch = cpuSince(cpu1)
      const wallWatch = performance.now() - t1
      const results = [...run.results.values()]
      const statuses: Record<string, number> = {}
      for (const r of results) statuses[r?.status ?? 'none'] = (statuses[r?.status ?? 'none'] ?? 0) + 1
      if (run.failed.size) statuses.failed = run.failed.size
      // What the versions read scored: an ordinary catalogue scores none Medium or above.
      const bands: Record<string, number> = {}
      const signals: Record<string, number> = {}
      for (const v of results.flatMap((r) => r?.added ?? [])) {
        bands[v.band] = (bands[v.band] ?? 0) + 1
        for (const signal of v.signals) signals[signal.rule] = (signals[signal.rule] ?? 0) + 1
      }
      return {
        packages: PACKAGES,
        enrolled: enqueued.enrolled,
        queued: enqueued.queued,
        checks: statuses,
        versionsAdded: results.reduce((n, r) => n + (r?.added.length ?? 0), 0),
        bands,
        signals,
        perHundredPackages: {
          total: perHundred(
            diff(tally, start),
            { all: cpuEnqueue.all + cpuWatch.all, main: cpuEnqueue.main + cpuWatch.main },
            wallEnqueue + wallWatch,
            PACKAGES,
          ),
          cron: perHundred(diff(mid, start), cpuEnqueue, wallEnqueue, PACKAGES),
          consumer: perHundred(diff(tally, mid), cpuWatch, wallWatch, PACKAGES),
        },
      }
    }

    const firstRead = await measure()
    clock = new Date(clock.getTime() + 7 * HOUR)
    const nothingNew = await measure()
    clock = new Date(clock.getTime() + 7 * HOUR)
    // Again: the first dist-tags read after the first read had no ETag to send; this one has.
    const nothingNewAgain = await measure()
    // Releases watch-gen-0 onwards up to the highest number watched: the others are never read.
    const upTo = Math.max(...NUMBERS) + 1
    const released = (await (await fetch(`${fixture.url}/__packages/release-generated?count=${upTo}`, { method: 'POST' })).json()) as {
      released: number
    }
    clock = new Date(clock.getTime() + 7 * HOUR)
    const newVersion = { releasedInFixture: released.released, ...(await measure()) }
    // What the fixture saw, against what was counted here.
    const fixtureSaw = await (await fetch(`${fixture.url}/__packages/requests?family=generated`)).json()
    const report = {
      packages: PACKAGES,
      names: values.consecutive ? 'consecutive' : 'two edits apart',
      runs: { firstRead, nothingNew, nothingNewAgain, newVersion },
      fixtureSaw,
    }
    console.log(JSON.stringify(report, null, 2))
    if (values.out) writeFileSync(values.out, JSON.stringify(report))
  } finally {
    await proxy.dispose()
    await fixture.close()
    rmSync(state, { recursive: true, force: true })
  }
}

if (values['serve-fixture']) await serveFixture()
else await main()
