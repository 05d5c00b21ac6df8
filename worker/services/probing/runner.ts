/**
 * The probe runner's side of probing (docs/probe-runner-api.md): a claim leases due packages and
 * hands out a job for each the runner can run, deferring the rest; a result is stored only from
 * the job's current holder, once. worker/routes/runner.ts reads and answers the requests.
 */
import type { ProbeOutcome, RunnerJob, RunnerResultResponse } from '@shared/surface'
import type { DB } from '../../db/client'
import { deferPackages, leaseDuePackages, leaseListingPackage, takeJobLease } from '../../db/runner'
import { ApiError } from '../../errors'
import { handOutClaimed } from '../work-queue'
import { storeOutcome } from './outcomes'
import { runnerJobOf } from './runner-job'
import { leaseEnd, putOffUntil, RUNNER_LEASE_MS } from './schedule'

/**
 * Leases at most `limit` due packages for RUNNER_LEASE_MS and returns their jobs, the longest due
 * first; a claimed listing none of whose packages the runner can run is put off instead. With
 * `serverId`, that listing's package only, due or not (`npm run probe -- --server ID`), and no
 * other: no job when it has no package the runner reads or a runner holds it now.
 * @example const jobs = await claimRunnerJobs(db, { now: new Date(), limit: 5 })
 */
export function claimRunnerJobs(db: DB, opts: { now: Date; limit: number; serverId?: string }): Promise<RunnerJob[]> {
  const { now, limit, serverId } = opts
  const leaseUntil = leaseEnd(now, RUNNER_LEASE_MS)
  return handOutClaimed(
    () => (serverId ? leaseListingPackage(db, { serverId, now, leaseUntil }) : leaseDuePackages(db, { now, leaseUntil, limit })),
    runnerJobOf,
    (unrunnable) =>
      deferPackages(
        db,
        unrunnable.map((claimed) => claimed.serverId),
        putOffUntil(now),
      ),
  )
}

/**
 * Stores a runner's result for a job it holds: the lease is spent first (only the current holder,
 * for the job and version it was given, and once), then the outcome is stored as the package's.
 * A 409 when the job is not the caller's any more.
 */
export async function acceptRunnerResult(
  db: DB,
  result: { jobId: string; serverId: string; version: string; outcome: ProbeOutcome },
): Promise<RunnerResultResponse> {
  const { jobId, serverId, version, outcome } = result
  if (!(await takeJobLease(db, { serverId, jobId, version }))) {
    throw new ApiError('conflict', 'This job is not yours any more: its lease ended or its result was stored already. Claim again.')
  }
  const hashes = await storeOutcome(db, { serverId, version, outcome, source: 'package' })
  return { status: outcome.status, surfaceHash: hashes?.surface ?? null }
}
