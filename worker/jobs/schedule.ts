/**
 * Every piece of scheduled work, in one place: which jobs each Cron Trigger runs (wrangler.toml's
 * [triggers] crons are this table's keys, and a test holds the two equal), and which consumer
 * each Queue has. `index.ts` only looks them up. A job is bounded, so one invocation stays within
 * the platform's CPU and subrequest limits; work longer than that resumes from its progress in D1
 * at the next invocation.
 */
import type { DB } from '../db/client'
import { watchSettings } from '../services/watch'
import { backfillCategories } from './category-backfill'
import { fillKeptInstalls } from './install-output-fill'
import { consumeProbes, enqueueDueProbes, PROBE_QUEUE_NAME, type ProbeMessage, probeSettings, pruneProbes } from './probe-remotes'
import { runSyncInvocation, syncOptions, syncScheduled } from './registry-sync'
import { rescanStaleSurfaces } from './rescan'
import { compactSearchIndexes } from './search-compaction'
import { consumeWatches, enqueueDueWatches, WATCH_QUEUE_NAME, type WatchMessage } from './supply-watch'
import { gradeVerdicts } from './verdicts'

/** What a job is given: the database and the Worker's settings. */
export interface JobContext {
  db: DB
  env: Env
}

export type Job = (context: JobContext) => Promise<unknown>

/** The cron's sync, unless the registry sync is turned off (REGISTRY_SYNC_ENABLED=false: `npm start`'s default). */
export const registrySync: Job = async ({ db, env }) => (syncScheduled(env) ? runSyncInvocation(db, syncOptions(env)) : null)
export const categoryBackfill: Job = ({ db }) => backfillCategories(db, 500)
export const installOutputFill: Job = ({ db }) => fillKeptInstalls(db, 2000)
export const searchCompaction: Job = ({ db }) => compactSearchIndexes(db)
export const probeEnqueue: Job = ({ db, env }) => enqueueDueProbes(db, env.PROBE_QUEUE as Queue<ProbeMessage>, probeSettings(env))
export const probeRetention: Job = ({ db }) => pruneProbes(db)
export const surfaceRescan: Job = ({ db }) => rescanStaleSurfaces(db)
export const supplyWatch: Job = ({ db, env }) => enqueueDueWatches(db, env.WATCH_QUEUE as Queue<WatchMessage>, watchSettings(env))
export const verdictGrading: Job = ({ db }) => gradeVerdicts(db)

/** Each Cron Trigger's schedule and the jobs it runs, in this order. */
export const SCHEDULES: Record<string, readonly Job[]> = {
  // A bounded invocation of the registry sync: it fires more often than a run starts (hourly, as
  // the registry asks), so a long first sync continues every minute. Then a batch of servers
  // without categories (rows from before categories existed), the install output of rows that
  // are new or changed, the due probes put on the probe queue (when probing is on), and stored
  // surfaces that older scanner rules scanned, scanned again; last, listings whose packages changed
  // enrolled in the supply-chain watch and its due packages queued; last, the verdicts of listings
  // whose inputs changed (or aged a day) graded again, after the work above changed them.
  '* * * * *': [registrySync, categoryBackfill, installOutputFill, probeEnqueue, surfaceRescan, supplyWatch, verdictGrading],
  // Once a day, at a quiet hour: the search indexes merged into one segment each, and probes
  // past the history's 90 days folded into daily counts.
  '17 4 * * *': [searchCompaction, probeRetention],
}

export type QueueConsumer = (batch: MessageBatch, context: JobContext) => Promise<void>

/** Each Queue (by name) and its consumer. */
export const QUEUES: Record<string, QueueConsumer> = {
  // Probes of remotes, a bounded number at a time (worker/jobs/probe-remotes.ts).
  [PROBE_QUEUE_NAME]: async (batch, context) => {
    await consumeProbes(batch, context)
  },
  // Supply-chain checks of watched packages (worker/jobs/supply-watch.ts).
  [WATCH_QUEUE_NAME]: async (batch, context) => {
    await consumeWatches(batch, context)
  },
}

/**
 * Runs a schedule's jobs one after another, each whether or not the one before it failed (a
 * failed sync must not hold up the others); rejects with the last failure, if any.
 */
export function runSchedule(cron: string, context: JobContext): Promise<void> {
  const jobs = SCHEDULES[cron]
  if (!jobs) return Promise.reject(new Error(`No jobs for the schedule '${cron}' (see worker/jobs/schedule.ts)`))
  return jobs.reduce<Promise<unknown>>((before, next) => before.finally(() => next(context)), Promise.resolve()).then(() => undefined)
}
