import { Hono } from 'hono'
import type { SyncRun } from '@shared/types'
import { listRuns } from '../db/registry-sync'
import type { SyncRunRow } from '../db/schema'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { runSyncInvocation, syncOptions } from '../jobs/registry-sync'
import { adminOnly } from '../middleware/authz'

/** Runs the admin screen lists: enough to see the last day of hourly runs. */
const RUNS_SHOWN = 25

function toSyncRun(run: SyncRunRow & { refusalList?: Array<{ name: string; version: string | null; reason: string }> }): SyncRun {
  return {
    id: run.id,
    kind: run.kind as SyncRun['kind'],
    status: run.status as SyncRun['status'],
    updatedSince: run.updatedSince,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    invocations: run.invocations,
    pages: run.pages,
    added: run.added,
    updated: run.updated,
    hidden: run.hidden,
    refused: run.refused,
    lastError: run.lastError,
    refusals: (run.refusalList ?? []).map(({ name, version, reason }) => ({ name, version, reason })),
  }
}

/**
 * The registry sync for admins: its runs, and "run now", which starts a run (or continues the
 * one in progress) and reads one bounded batch before answering; the Cron Trigger continues it.
 */
export const syncRoutes = new Hono<AppEnv>()
  .use('*', adminOnly)
  .get('/runs', async (c) => {
    const runs = await listRuns(c.var.db, RUNS_SHOWN)
    return c.json<SyncRun[]>(runs.map(toSyncRun))
  })
  .post('/runs', async (c) => {
    const { run } = await runSyncInvocation(c.var.db, syncOptions(c.env, { force: true }))
    // Null: another invocation holds the run in progress right now; the list shows it.
    if (!run) throw new ApiError('conflict', 'A sync invocation is already under way; try again in a minute.')
    // The run worked on is the newest: a new one is only started when none is in progress.
    const [newest] = await listRuns(c.var.db, 1)
    return c.json<SyncRun>(toSyncRun(newest ?? run), 201)
  })
