/**
 * Imports registry entries into the local D1 database through wrangler's platform proxy, using
 * the same importer the Worker's tests cover.
 *   tsx scripts/seed.ts --if-empty                 the project's snapshot, only into an empty database
 *   tsx scripts/seed.ts FILE                       any file in the registry's formats
 * CATALOGUE_STATE names the state folder (default .wrangler/state).
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { getPlatformProxy } from 'wrangler'
import { createDb, type DB } from '../worker/db/client'
import { importEntries } from '../worker/db/imports'
import { servers } from '../worker/db/schema'
import { backfillCategories } from '../worker/jobs/category-backfill'
import { fillAllKeptInstalls } from '../worker/jobs/install-output-fill'
import { entriesOf } from '../worker/lib/registry-entry'

export const SNAPSHOT = resolve('data/mcp-registry-seed-2025-05-16.json')

/** All the install output the cron would generate (card commands, registry install options), generated now: new rows, or an older generator's. */
async function fillInstallOutput(db: DB) {
  const filled = await fillAllKeptInstalls(db)
  if (filled) console.log(`Generated the install output (card commands, registry install options) of ${filled} servers.`)
}

async function main() {
  const args = process.argv.slice(2)
  const ifEmpty = args.includes('--if-empty')
  const file = args.find((a) => !a.startsWith('--')) ?? SNAPSHOT
  const state = resolve(process.env.CATALOGUE_STATE ?? '.wrangler/state')
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: 'wrangler.toml', persist: { path: `${state}/v3` } })
  try {
    const db = createDb(proxy.env.DB)
    const [{ n }] = await db.select({ n: sql<number>`count(*)` }).from(servers)
    if (ifEmpty && n > 0) {
      console.log(`Database already holds ${n} servers; not seeding.`)
      // A database from before categories existed gets them here (the cron does it when deployed).
      let classified = 0
      for (let done = await backfillCategories(db); done > 0; done = await backfillCategories(db)) classified += done
      if (classified) console.log(`Classified ${classified} servers into categories.`)
      await fillInstallOutput(db)
      return
    }
    const doc = JSON.parse(await readFile(file, 'utf8'))
    const report = await importEntries(db, entriesOf(doc))
    const kept = report.kept.length ? ` (${report.kept.length} with local edits kept)` : ''
    console.log(`Imported ${file}: ${report.added} added, ${report.updated} updated${kept}, ${report.refused.length} refused.`)
    for (const k of report.kept) console.log(`  kept local edits of ${k.name}: ${k.fields.join(', ')}`)
    for (const r of report.refused) console.log(`  refused #${r.index} ${r.name || '(no name)'}: ${r.reason}`)
    await fillInstallOutput(db)
  } finally {
    await proxy.dispose()
  }
}

await main()
