/**
 * Synthetic catalogue for scale testing: `npm run generate -- --count 100000 [--state DIR]`.
 *
 * Servers look like real registry listings (generator.ts), drawn from a seeded PRNG so two runs
 * with the same options write identical rows and benchmark runs stay comparable.
 *
 * Rows go in through wrangler's platform proxy (the local D1 the app serves) as multi-row INSERTs
 * whose values are SQL literals, not bound parameters (sql.ts): each statement is packed up to
 * 90,000 bytes, below D1's 100,000-byte limit, so it holds a few hundred servers, or one with a
 * large README. A thousand servers go in one D1 batch, which is one transaction, so a server, its
 * tags and its categories land together; the FTS5 triggers index each server as it is inserted.
 * Then the catalogue is left as the Cron Triggers would leave it: the install output of every
 * server generated and kept, and the search indexes merged into one segment each. Re-running is
 * harmless: existing ids and names are skipped.
 *
 *   --count N        servers to generate (default 100000)
 *   --seed N         PRNG seed (default 1)
 *   --state DIR      state folder (default CATALOGUE_STATE or .wrangler/state)
 *   --readme-every N about one server in N carries a 5–50 KB README (default 100)
 *   --manifest FILE  write what the benchmark needs (sample ids, the rare and common terms)
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { getPlatformProxy } from 'wrangler'
import { createDb } from '../../worker/db/client'
import { fillAllKeptInstalls } from '../../worker/jobs/install-output-fill'
import { compactSearchIndexes } from '../../worker/jobs/search-compaction'
import { migrateLocal } from '../local.mjs'
import { type GenerateOptions, generateServers, type SyntheticServer } from './generator'
import { SERVERS_PER_FLUSH, statementsFor } from './sql'

interface Manifest extends GenerateOptions {
  generated: number
  added: number
  seconds: number
  /** A word in few descriptions, and how many servers hold it. */
  rareTerm: string
  rareCount: number
  /** A word in nearly every description. */
  commonTerm: string
  commonCount: number
  /** Active servers spread over the catalogue, for detail requests. */
  sampleIds: string[]
  /** Active servers with a stored README, for README requests. */
  readmeIds: string[]
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      seed: { type: 'string', default: '1' },
      state: { type: 'string' },
      'readme-every': { type: 'string', default: '100' },
      manifest: { type: 'string' },
    },
  })
  const opts: GenerateOptions = { count: Number(values.count), seed: Number(values.seed), readmeEvery: Number(values['readme-every']) }
  if (!Number.isInteger(opts.count) || opts.count < 1) throw new Error('--count must be a positive integer')
  const state = resolve(values.state ?? process.env.CATALOGUE_STATE ?? '.wrangler/state')
  migrateLocal(state, { quiet: true })

  const started = performance.now()
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: 'wrangler.toml', persist: { path: `${state}/v3` } })
  const stride = Math.max(1, Math.floor(opts.count / 200))
  const sampleIds: string[] = []
  const readmeIds: string[] = []
  const rareCounts = new Map<string, number>()
  let commonCount = 0
  let generated = 0
  let added = 0
  try {
    const db = proxy.env.DB
    let part: SyntheticServer[] = []
    const countServers = async () => (await db.prepare('SELECT count(*) AS n FROM servers').first<number>('n')) ?? 0
    const before = await countServers()
    // One batch is one transaction: servers and their tags land together or not at all.
    const flush = async () => {
      if (part.length) await db.batch(statementsFor(part).map((q) => db.prepare(q)))
      part = []
    }
    for (const s of generateServers(opts)) {
      if (s.status === 'active') {
        if (generated % stride === 0 && sampleIds.length < 200) sampleIds.push(s.id)
        if (s.readmeText && readmeIds.length < 50) readmeIds.push(s.id)
        if (s.rareWord) rareCounts.set(s.rareWord, (rareCounts.get(s.rareWord) ?? 0) + 1)
        if (/\bservers?\b/i.test(`${s.displayName} ${s.name} ${s.description}`)) commonCount++
      }
      part.push(s)
      generated++
      if (part.length >= SERVERS_PER_FLUSH) await flush()
      if (generated % 10_000 === 0) console.log(`  ${generated} written (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    }
    await flush()
    added = (await countServers()) - before
    // Left as the Cron Triggers leave a catalogue: all install output generated and kept, and
    // the search indexes, which a bulk load writes in dozens of segments, merged into one each.
    console.log(
      `  install output (card commands, registry install options) generated for ${await fillAllKeptInstalls(createDb(db), 5000)} servers`,
    )
    for (const c of await compactSearchIndexes(createDb(db)))
      console.log(`  ${c.index}: ${c.before} segments merged into ${c.after} in ${c.steps} steps`)
  } finally {
    await proxy.dispose()
  }
  // The rare term: the rare word closest to twenty active servers (ties to the alphabetically first).
  const [rareTerm, rareCount] = [...rareCounts].sort(
    (a, b) => Math.abs(a[1] - 20) - Math.abs(b[1] - 20) || a[0].localeCompare(b[0]),
  )[0] ?? ['bathymetry', 0]
  const seconds = Math.round((performance.now() - started) / 100) / 10
  console.log(`Generated ${generated} servers (${added} added) into ${state} in ${seconds} s.`)
  if (values.manifest) {
    const manifest: Manifest = {
      ...opts,
      generated,
      added,
      seconds,
      rareTerm,
      rareCount,
      commonTerm: 'server',
      commonCount,
      sampleIds,
      readmeIds,
    }
    writeFileSync(values.manifest, JSON.stringify(manifest, null, 2))
  }
}

await main()
