/**
 * Measures the registry sync on the local D1 (a fresh state folder) against the fixture registry's
 * generated entries: a first sync of `--count` entries, then an incremental sync of `--changed`
 * changes. Prints and returns JSON: wall time, invocations, pages and D1 rows written per entry
 * (D1's own `rows_written`, indexes and triggers included). `npm run bench` runs it.
 *   tsx scripts/bench-sync.ts [--count 20000] [--changed 200] [--out FILE]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { getPlatformProxy } from 'wrangler'
import { startFixture } from '../test/fixtures/outbound'
import { createDb } from '../worker/db/client'
import { countedD1, countingCost, emptyCost } from '../worker/db/cost'
import { runSyncInvocation, syncOptions } from '../worker/jobs/registry-sync'
import { localEnv, migrateLocal } from './local.mjs'

const { values } = parseArgs({
  options: { count: { type: 'string', default: '20000' }, changed: { type: 'string', default: '200' }, out: { type: 'string' } },
})
const COUNT = Number(values.count)
const CHANGED = Number(values.changed)

async function main() {
  const state = mkdtempSync(join(tmpdir(), 'catalogue-bench-sync-'))
  const fixture = await startFixture()
  migrateLocal(state, { env: localEnv(), quiet: true })
  const proxy = await getPlatformProxy<Env>({ configPath: 'wrangler.toml', persist: { path: `${state}/v3` } })
  try {
    // D1's rows written, counted as the Worker counts a request's (worker/db/cost.ts).
    const tally = emptyCost()
    const db = createDb(countedD1(proxy.env.DB))
    const measure = async (base: string, entries: number) => {
      const opts = syncOptions(proxy.env, { registryBase: `${fixture.url}${base}`, force: true, minIntervalMs: 0 })
      const before = tally.rowsWritten
      const started = performance.now()
      let invocations = 0
      let run = null
      do {
        run = (await countingCost(tally, () => runSyncInvocation(db, opts))).run
        invocations++
      } while (run?.status === 'running')
      const seconds = (performance.now() - started) / 1000
      const rows = tally.rowsWritten - before
      return {
        entries,
        status: run?.status,
        seconds: Number(seconds.toFixed(1)),
        invocations,
        pages: run?.pages,
        added: run?.added,
        updated: run?.updated,
        rowsWrittenPerEntry: Number((rows / entries).toFixed(1)),
      }
    }
    const first = await measure(`/registry-generated-${COUNT}`, COUNT)
    const incremental = await measure(`/registry-generated-${COUNT}-changed-${CHANGED}`, CHANGED)
    const report = { first, incremental }
    console.log(JSON.stringify(report, null, 2))
    if (values.out) writeFileSync(values.out, JSON.stringify(report))
  } finally {
    await proxy.dispose()
    await fixture.close()
    rmSync(state, { recursive: true, force: true })
  }
}

await main()
