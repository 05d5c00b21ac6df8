/**
 * Imports registry entries into the local D1 database through wrangler's platform proxy, using
 * the same importer the Worker's tests cover.
 *   tsx scripts/seed.ts --if-empty                 the project's snapshot, only into an empty database,
 *                                                  then the surfaces shipped beside it
 *   tsx scripts/seed.ts FILE                       any file in the registry's formats
 *   tsx scripts/seed.ts [FILE] --surfaces SURFACES  and that surfaces file after it
 * The shipped surfaces (data/package-surfaces-YYYY-MM-DD.json, the newest; written by
 * `npm run coverage:packages -- --write`) are what the probe runner read from the snapshot's real
 * packages: checked before anything is written (a malformed file stops the seed with what is
 * wrong), then stored through the Worker's door for an outcome (services/probing/shipped.ts).
 * CATALOGUE_STATE names the state folder (default .wrangler/state).
 */
import { readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { getPlatformProxy } from 'wrangler'
import { createDb, type DB } from '../worker/db/client'
import { importEntries } from '../worker/db/imports'
import { servers } from '../worker/db/schema'
import { backfillCategories } from '../worker/jobs/category-backfill'
import { fillAllKeptInstalls } from '../worker/jobs/install-output-fill'
import { entriesOf } from '../worker/lib/registry-entry'
import { readShippedSurfaces, type ShippedSurfaces } from '../worker/lib/shipped-surfaces'
import { storeShippedSurfaces } from '../worker/services/probing/shipped'

export const SNAPSHOT = resolve('data/mcp-registry-seed-2025-05-16.json')

/** The newest surfaces file shipped beside the snapshot (its date is in its name), or null. */
function shippedSurfacesFile(dir = resolve('data')): string | null {
  const names = readdirSync(dir)
    .filter((name) => /^package-surfaces-\d{4}-\d{2}-\d{2}\.json$/.test(name))
    .sort()
  return names.length ? join(dir, names[names.length - 1]) : null
}

/** A surfaces file read and checked, or an error saying which file and what is wrong with it. */
async function readSurfacesFile(path: string): Promise<ShippedSurfaces> {
  const where = path.startsWith(process.cwd()) ? relative(process.cwd(), path) : path
  try {
    return readShippedSurfaces(JSON.parse(await readFile(path, 'utf8')))
  } catch (error) {
    throw new Error(`${where} was not loaded: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** All the install output the cron would generate (card commands, registry install options), generated now: new rows, or an older generator's. */
async function fillInstallOutput(db: DB) {
  const filled = await fillAllKeptInstalls(db)
  if (filled) console.log(`Generated the install output (card commands, registry install options) of ${filled} servers.`)
}

async function main() {
  const { values, positionals } = parseArgs({
    options: { 'if-empty': { type: 'boolean', default: false }, surfaces: { type: 'string' } },
    allowPositionals: true,
  })
  const ifEmpty = values['if-empty']
  const file = positionals[0] ?? SNAPSHOT
  const surfacesPath = values.surfaces ? resolve(values.surfaces) : file === SNAPSHOT ? shippedSurfacesFile() : null
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
    // Checked before the snapshot is written: a bad file must not leave a database that is no longer empty without its surfaces.
    const shipped = surfacesPath ? await readSurfacesFile(surfacesPath) : null
    const doc = JSON.parse(await readFile(file, 'utf8'))
    const report = await importEntries(db, entriesOf(doc))
    const kept = report.kept.length ? ` (${report.kept.length} with local edits kept)` : ''
    console.log(`Imported ${file}: ${report.added} added, ${report.updated} updated${kept}, ${report.refused.length} refused.`)
    for (const k of report.kept) console.log(`  kept local edits of ${k.name}: ${k.fields.join(', ')}`)
    for (const r of report.refused) console.log(`  refused #${r.index} ${r.name || '(no name)'}: ${r.reason}`)
    await fillInstallOutput(db)
    if (shipped && surfacesPath) {
      const loaded = await storeShippedSurfaces(db, shipped)
      const unmatched = loaded.unmatched.length ? `, ${loaded.unmatched.length} not listed at that version` : ''
      console.log(
        `Loaded ${relative(process.cwd(), surfacesPath)}: ${loaded.stored} surfaces read by the probe runner${unmatched}, ${loaded.refused.length} refused.`,
      )
      for (const r of loaded.refused) console.log(`  refused ${r.name}: ${r.reason}`)
    }
  } finally {
    await proxy.dispose()
  }
}

try {
  await main()
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
