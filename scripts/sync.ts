/**
 * Runs the Worker's registry sync (worker/jobs/registry-sync.ts) against the local D1 database
 * through wrangler's platform proxy: the same code as the Cron Trigger, invocation after
 * invocation until the run completes, printing each invocation's counts.
 *   tsx scripts/sync.ts                    the registry named by MCP_REGISTRY_BASE (wrangler.toml)
 *   tsx scripts/sync.ts --registry URL     another registry, e.g. a local one
 *   tsx scripts/sync.ts --fixture          the test fixture registry, served on loopback here
 *   tsx scripts/sync.ts --full             a full run even when one completed before
 * CATALOGUE_STATE names the state folder (default .wrangler/state).
 */
import { resolve } from 'node:path'
import { getPlatformProxy } from 'wrangler'
import { startFixture } from '../test/fixtures/outbound'
import { createDb } from '../worker/db/client'
import { listRuns } from '../worker/db/registry-sync'
import { runSyncInvocation, syncOptions } from '../worker/jobs/registry-sync'

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}

async function main() {
  const args = process.argv.slice(2)
  const state = resolve(process.env.CATALOGUE_STATE ?? '.wrangler/state')
  const fixture = args.includes('--fixture') ? await startFixture() : null
  const proxy = await getPlatformProxy<Env>({ configPath: 'wrangler.toml', persist: { path: `${state}/v3` } })
  try {
    const db = createDb(proxy.env.DB)
    const registryBase = fixture ? `${fixture.url}/registry` : (option(args, '--registry') ?? proxy.env.MCP_REGISTRY_BASE)
    // Here a person asked for a run: start one now, not when the hourly schedule would.
    const opts = syncOptions(proxy.env, { registryBase, force: true, full: args.includes('--full'), minIntervalMs: 0 })
    console.log(`Syncing from ${registryBase}`)
    for (let invocation = 1; ; invocation++) {
      const { run, pagesRead } = await runSyncInvocation(db, opts)
      if (!run) {
        console.log('Another invocation holds the run in progress; try again when its lease ends.')
        return
      }
      console.log(
        `invocation ${invocation}: run ${run.id} (${run.kind}) ${run.status}, ${pagesRead} pages read; ` +
          `${run.pages} pages, ${run.added} added, ${run.updated} updated, ${run.hidden} hidden, ${run.refused} refused`,
      )
      if (run.lastError) console.log(`  last error: ${run.lastError}`)
      if (run.status !== 'running') {
        const [done] = await listRuns(db, 1)
        for (const r of done?.refusalList ?? []) console.log(`  refused ${r.name || '(no name)'} ${r.version ?? ''}: ${r.reason}`)
        if (run.status === 'failed') process.exitCode = 1
        return
      }
    }
  } finally {
    await proxy.dispose()
    await fixture?.close()
  }
}

await main()
