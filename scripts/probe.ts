/**
 * Runs the Worker's probing (worker/jobs/probe-remotes.ts) against the local D1 database through
 * wrangler's platform proxy: the same code the cron and the queue's consumer run, without the
 * queue between them. Takes the lease on due listings as the cron does, probes them four at a time
 * and stores what it found, then prints each outcome and the counts by status.
 *   tsx scripts/probe.ts                 due listings, at most 50 (one cron's worth)
 *   tsx scripts/probe.ts --limit N       at most N due listings
 *   tsx scripts/probe.ts --server ID     that one listing's remote, due or not (its package is the
 *                                        runner's: scripts/probe.mjs claims it by its id)
 * Here a person asked: probing runs whatever PROBE_ENABLED says, loopback is allowed (local MCP
 * servers), and no invocation's request allowance applies. CATALOGUE_STATE names the state
 * folder (default .wrangler/state).
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { getPlatformProxy } from 'wrangler'
import { PROBE_STATUSES, type ProbeStatus } from '@shared/surface'
import { createDb } from '../worker/db/client'
import { releaseProbeLeases } from '../worker/db/probes'
import { claimDueProbes, probeListings } from '../worker/services/probing/remote-probes'
import { probeSettings } from '../worker/services/probing/settings'

async function main() {
  const { values } = parseArgs({ options: { server: { type: 'string' }, limit: { type: 'string' } } })
  const state = resolve(process.env.CATALOGUE_STATE ?? '.wrangler/state')
  const proxy = await getPlatformProxy<Env>({ configPath: 'wrangler.toml', persist: { path: `${state}/v3` } })
  try {
    const db = createDb(proxy.env.DB)
    const settings = probeSettings(proxy.env, { enabled: true, allowLoopback: true, subrequestBudget: Number.POSITIVE_INFINITY })
    const limit = Number.parseInt(values.limit ?? String(settings.perMinute), 10)
    const ids = values.server ? [values.server] : await claimDueProbes(db, { now: new Date(), limit })
    if (ids.length === 0) {
      console.log('No remote is due.')
      return
    }
    console.log(`Probing ${ids.length} listing${ids.length === 1 ? '' : 's'}...`)
    const run = await probeListings(db, ids, settings)
    await releaseProbeLeases(db, run.notStarted)
    const counts = Object.fromEntries(PROBE_STATUSES.map((s) => [s, 0])) as Record<ProbeStatus, number>
    for (const [id, outcome] of run.outcomes) {
      if (!outcome) {
        const why = values.server
          ? 'no usable remote here: a package is probed by the runner'
          : 'not listed, or no usable remote: put off for a week'
        console.log(`  ${'skipped'.padEnd(15)} ${id}  (${why})`)
        continue
      }
      counts[outcome.status]++
      const what = outcome.status === 'ok' ? `${outcome.surface?.tools.length ?? 0} tools, ${outcome.protocolVersion}` : outcome.error
      console.log(`  ${outcome.status.padEnd(15)} ${id}  ${outcome.target}  ${outcome.durationMs} ms  ${what ?? ''}`)
    }
    for (const [id, error] of run.failed)
      console.log(`  ${'failed'.padEnd(15)} ${id}  ${error instanceof Error ? error.message : String(error)}`)
    console.log(
      Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ') || 'nothing probed',
    )
    if (run.failed.size > 0) process.exitCode = 1
  } finally {
    await proxy.dispose()
  }
}

await main()
// A server may keep a stream open after the probe closed its side; the run is over.
process.exit()
