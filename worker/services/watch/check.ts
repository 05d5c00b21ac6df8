/**
 * One check of a watched package, read via db -> decided -> written via db: what it starts from
 * (db/supply.ts's basis), what is new at the registry (read.ts), each version scored (scoring.ts),
 * and what it stores (outcome.ts) with the package's next due time (schedule.ts). A registry that
 * fails is recorded and backed off; only a failure to store throws.
 */
import type { DB } from '../../db/client'
import { claimDueWatches, listedPackagesAfter, readWatchBasis, recordWatchFailure, storeCheck } from '../../db/supply'
import { type RegistryClient, RegistryError, type RegistryFetch } from '../../lib/outbound/package-registry'
import { POPULAR_NPM, POPULAR_PYPI } from '../../lib/supply/popular'
import { SUPPLY_SCORER_VERSION } from '../../lib/supply/score'
import { earlierNamesMemo } from './earlier-names'
import { refreshListings } from './listings'
import { checkWrite, movesListings, type WatchResult } from './outcome'
import { dependencyAges, type Found, readNpm, readPypi, type Verified, verifyInstalled } from './read'
import { failedSchedule, leaseUntil } from './schedule'
import { scoreCheck } from './scoring'
import type { WatchSettings } from './settings'

/** This isolate's memo of the listed package names. */
const earlierPackageNames = earlierNamesMemo()

/** Takes the lease on due packages for checks, new versions first, then the longest due (the cron's part). */
export const claimDueChecks = (db: DB, now: Date, limit: number) => claimDueWatches(db, { now, limit, leaseUntil: leaseUntil(now) })

/**
 * One check of a package: reads what is new, scores each new version against the versions before
 * it, and stores everything with the package's next due time. Null when the package is gone or its
 * registry failed (recorded, and backed off).
 */
export async function watchPackage(db: DB, packageId: number, settings: WatchSettings, fetch: RegistryFetch): Promise<WatchResult | null> {
  const now = settings.now?.() ?? new Date()
  const basis = await readWatchBasis(db, packageId)
  if (!basis) return null
  const client: RegistryClient = { npmBase: settings.npmBase, pypiBase: settings.pypiBase, fetch, timeoutMs: settings.timeoutMs }
  let found: Found
  let verified: Verified[]
  try {
    found = basis.registry === 'npm' ? await readNpm(client, basis) : await readPypi(client, basis)
    verified = found.status === 'not_found' ? [] : await verifyInstalled(client, basis, now)
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error
    await recordWatchFailure(db, packageId, failedSchedule(basis.failures, error.message, now))
    return null
  }
  const scored = await scoreCheck(
    basis.versions,
    { read: found.read, verified },
    {
      registry: basis.registry,
      name: basis.name,
      listingRepositories: basis.listingRepositories,
      // Read only when something is to be scored: a check that found nothing new costs no names.
      earlierListedNames:
        found.read.length || verified.length
          ? await earlierPackageNames((after) => listedPackagesAfter(db, after), basis.registry, basis.id, now.getTime())
          : new Set(),
      popularNames: basis.registry === 'npm' ? POPULAR_NPM : POPULAR_PYPI,
    },
    now.toISOString(),
    dependencyAges(client),
  )
  const result: WatchResult = {
    packageId,
    registry: basis.registry,
    name: basis.name,
    previousLatest: basis.latest,
    status: found.status,
    validators: found.validators,
    latest: found.latest,
    ...scored,
    verified: found.status !== 'not_found',
    scorerVersion: SUPPLY_SCORER_VERSION,
    now,
  }
  await storeCheck(db, checkWrite(result))
  if (movesListings(result)) await refreshListings(db, { packageIds: [packageId] })
  return result
}
