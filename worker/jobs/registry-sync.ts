/**
 * The registry sync: pages through the MCP registry's `GET /v0.1/servers` into the catalogue.
 *
 * A run spans many invocations. Each invocation (the Cron Trigger, an admin's "run now", or
 * `npm run sync`) claims the run in progress, reads at most `maxPages` pages within
 * `budgetMs`, saves the cursor after every page and gives the run back; the next one resumes at
 * the saved cursor. A stopped invocation (CPU limit, deploy, outage) loses at most the page it
 * was writing, which is read again and written idempotently. With no run in progress, an
 * invocation starts one when the last started at least `minIntervalMs` ago: full while no run
 * ever completed, else incremental with `updated_since` (which also brings deleted entries).
 */
import type { DB } from '../db/client'
import { applyRegistryPage, claimRun, findRun, recordRunError, releaseRun } from '../db/registry-sync'
import type { SyncRunRow } from '../db/schema'
import { timeoutMs } from '../lib/outbound/fetch'
import { fetchRegistryPage } from '../lib/outbound/registry'
import { underLease } from '../services/work-queue'

export interface SyncOptions {
  registryBase: string
  timeoutMs: number
  /**
   * Pages per invocation. A page of 100 new entries costs about 300 D1 statements; two pages stay
   * well inside an invocation's query and subrequest limits.
   */
  maxPages: number
  /** Wall-clock budget per invocation; the page under way finishes, no new one starts. */
  budgetMs: number
  /** The least time between the starts of two runs: the registry asks aggregators for hourly. */
  minIntervalMs: number
  /** Start a run now even when one is not due ("run now"). */
  force?: boolean
  /** Start a full run (every entry) rather than an incremental one. */
  full?: boolean
  now?: () => Date
}

/**
 * Whether the Cron Trigger syncs from the registry: REGISTRY_SYNC_ENABLED, 'true' in the deploy's
 * wrangler.toml. `npm start`'s .dev.vars writes 'false' (a local catalogue keeps its snapshot
 * unless the operator asks for the registry); an admin's "Run now" and `npm run sync` always run.
 */
export const syncScheduled = (env: Pick<Env, 'REGISTRY_SYNC_ENABLED'>) => env.REGISTRY_SYNC_ENABLED !== 'false'

/** The sync's settings from the Worker's environment. */
export function syncOptions(
  env: Pick<Env, 'MCP_REGISTRY_BASE' | 'OUTBOUND_TIMEOUT_MS'>,
  overrides: Partial<SyncOptions> = {},
): SyncOptions {
  return {
    registryBase: env.MCP_REGISTRY_BASE,
    timeoutMs: timeoutMs(env),
    maxPages: 2,
    budgetMs: 20_000,
    minIntervalMs: 55 * 60_000,
    ...overrides,
  }
}

export interface InvocationResult {
  /** The run worked on, as saved at the end; null when there was nothing to do. */
  run: SyncRunRow | null
  pagesRead: number
}

/**
 * One bounded invocation of the sync.
 * @example await runSyncInvocation(db, syncOptions(env))
 */
export async function runSyncInvocation(db: DB, opts: SyncOptions): Promise<InvocationResult> {
  const now = opts.now ?? (() => new Date())
  const started = now().getTime()
  let pagesRead = 0
  const held = await underLease<SyncRunRow>({
    claim: () => claimRun(db, { now: now(), minIntervalMs: opts.minIntervalMs, force: opts.force, full: opts.full }),
    work: async (run) => {
      while (run.status === 'running' && pagesRead < opts.maxPages && now().getTime() - started < opts.budgetMs) {
        const page = await fetchRegistryPage(opts.registryBase, run, opts.timeoutMs)
        await applyRegistryPage(db, run.id, page.items, { cursor: page.nextCursor, done: !page.nextCursor })
        pagesRead++
        run = (await findRun(db, run.id))!
      }
      return run
    },
    giveBack: async (run) => {
      if (run.status === 'running') await releaseRun(db, run.id)
    },
    fail: (run, err) => recordRunError(db, run.id, err instanceof Error ? err.message : String(err)),
  })
  if (!held) return { run: null, pagesRead: 0 }
  return { run: await findRun(db, held.id), pagesRead }
}
