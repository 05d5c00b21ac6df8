/**
 * The probe runner's leases (package_probe_schedule): which listings' packages are due, who holds
 * each, and taking a result only from the holder. Same cadence as the remotes' (decided by
 * worker/services/probing/schedule.ts, due as worker/db/probes.ts `isDue` says): a new version at
 * once, daily when healthy, weekly when waiting for a key, backing off when failing; the result
 * itself is stored by `recordProbe` with source 'package'.
 */
import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm'
import type { DB } from './client'
import { HAS_HTTP_REMOTE, isDue, leaseFree, PACKAGE_KIND } from './probes'
import { packageProbeSchedule, servers } from './schema'

/** A package a runner now holds. */
export interface ClaimedPackage {
  serverId: string
  jobId: string
  /** The listing's version when claimed: the result is stored as a surface of it. */
  version: string
  leaseUntil: string
  packages: unknown[]
}

/**
 * Takes the lease (until `leaseUntil`) on at most `limit` listings whose package is due (listed,
 * with a package of a kind the runner reads and no http(s) remote, which the Worker probes
 * itself), the longest due first, each under a new random job id. One statement, as
 * `leaseDueRemotes`: a listing another runner holds is left alone, so no package is handed out twice.
 * @example const claimed = await leaseDuePackages(db, { now, leaseUntil: leaseEnd(now, RUNNER_LEASE_MS), limit: 5 })
 */
export function leaseDuePackages(db: DB, opts: { now: Date; leaseUntil: string; limit: number }): Promise<ClaimedPackage[]> {
  const now = opts.now.toISOString()
  return leasePackages(db, {
    now,
    leaseUntil: opts.leaseUntil,
    which: sql`NOT ${HAS_HTTP_REMOTE} AND ${isDue(now, packageProbeSchedule)}`,
    limit: opts.limit,
  })
}

/**
 * Takes the lease on one listing's package, due or not and whether or not it also has a remote
 * (a person asked for it: `npm run probe -- --server ID`), when it is listed, has a package of a
 * kind the runner reads and no runner holds it now. Empty otherwise.
 * @example const [claimed] = await leaseListingPackage(db, { serverId, now, leaseUntil: leaseEnd(now, RUNNER_LEASE_MS) })
 */
export function leaseListingPackage(db: DB, opts: { serverId: string; now: Date; leaseUntil: string }): Promise<ClaimedPackage[]> {
  return leasePackages(db, {
    now: opts.now.toISOString(),
    leaseUntil: opts.leaseUntil,
    which: sql`${servers.id} = ${opts.serverId}`,
    limit: 1,
  })
}

/** The one statement both claims make: listings `which` selects, with a runnable kind of package and a free lease, leased under new job ids. */
async function leasePackages(db: DB, opts: { now: string; leaseUntil: string; which: SQL; limit: number }): Promise<ClaimedPackage[]> {
  const { now, leaseUntil: lease } = opts
  const t = packageProbeSchedule
  const rows = await db.all<{ server_id: string; job_id: string; job_version: string }>(sql`
    INSERT INTO ${t} (server_id, version, due_at, failures, job_id, job_version, lease_until)
    SELECT ${servers.id}, NULL, ${now}, 0, lower(hex(randomblob(16))), ${servers.version}, ${lease}
    FROM ${servers} LEFT JOIN ${t} ON ${t.serverId} = ${servers.id}
    WHERE ${servers.status} = 'active' AND ${opts.which} AND ${PACKAGE_KIND} IS NOT NULL AND ${leaseFree(now, t)}
    ORDER BY ${t.dueAt} IS NOT NULL, ${t.dueAt}
    LIMIT ${opts.limit}
    ON CONFLICT (server_id) DO UPDATE SET job_id = excluded.job_id, job_version = excluded.job_version, lease_until = excluded.lease_until
      WHERE package_probe_schedule.lease_until IS NULL OR package_probe_schedule.lease_until <= ${now}
    RETURNING server_id, job_id, job_version`)
  if (rows.length === 0) return []
  const listings = await db
    .select({ id: servers.id, packages: servers.packages })
    .from(servers)
    .where(
      inArray(
        servers.id,
        rows.map((r) => r.server_id),
      ),
    )
  const packagesOf = new Map(listings.map((l) => [l.id, l.packages]))
  return rows.map((r) => ({
    serverId: r.server_id,
    jobId: r.job_id,
    version: r.job_version,
    leaseUntil: lease,
    packages: packagesOf.get(r.server_id) ?? [],
  }))
}

/**
 * Claimed listings whose package the runner cannot run after all (none of its packages is a
 * stdio one of a known registry with a name): not handed out again until `dueAt`, or until their
 * version changes.
 */
export async function deferPackages(db: DB, serverIds: readonly string[], dueAt: string): Promise<void> {
  if (serverIds.length === 0) return
  const t = packageProbeSchedule
  await db
    .update(t)
    .set({
      version: sql`(SELECT ${servers.version} FROM ${servers} WHERE ${servers.id} = ${t.serverId})`,
      dueAt,
      jobId: null,
      jobVersion: null,
      leaseUntil: null,
    })
    .where(inArray(t.serverId, [...serverIds]))
}

/**
 * Takes back the lease of a job whose result arrived: only while it is current and only for the
 * job and version it was given for, and once (the job id is cleared, so a second post of the same
 * result finds nothing). The listing stays held until `recordProbe` schedules it again. True when
 * the caller may store the result.
 */
export async function takeJobLease(db: DB, job: { serverId: string; jobId: string; version: string; now?: Date }): Promise<boolean> {
  const now = (job.now ?? new Date()).toISOString()
  const t = packageProbeSchedule
  const taken = await db
    .update(t)
    .set({ jobId: null })
    .where(and(eq(t.serverId, job.serverId), eq(t.jobId, job.jobId), eq(t.jobVersion, job.version), gt(t.leaseUntil, now)))
    .returning({ serverId: t.serverId })
  return taken.length > 0
}

/** A listing found by its registry name: what storing a surface read elsewhere needs of it. */
export interface NamedListing {
  id: string
  registryName: string
  version: string
  status: string
}

/**
 * The listings with these registry names (a unique column), in chunks well under D1's bound
 * parameters; names not listed are missing from the answer.
 * @example const found = await listingsByRegistryName(db, ['io.github.acme/widget'])
 */
export async function listingsByRegistryName(db: DB, names: readonly string[]): Promise<NamedListing[]> {
  const found: NamedListing[] = []
  for (let i = 0; i < names.length; i += 90) {
    const rows = await db
      .select({ id: servers.id, registryName: servers.registryName, version: servers.version, status: servers.status })
      .from(servers)
      .where(inArray(servers.registryName, names.slice(i, i + 90)))
    for (const row of rows) if (row.registryName) found.push({ ...row, registryName: row.registryName })
  }
  return found
}

/** A listed server with a package of a kind the runner reads, as the coverage script tries it. */
export interface PackagedListing {
  id: string
  registryName: string | null
  name: string
  version: string
  packages: unknown[]
}

/**
 * Every listed server with a package of a kind the runner reads (`PACKAGE_KIND`), whether or not
 * it also has a remote, in name order: what scripts/package-coverage.ts measures over a database.
 */
export function packagedListings(db: DB): Promise<PackagedListing[]> {
  return db
    .select({
      id: servers.id,
      registryName: servers.registryName,
      name: servers.name,
      version: servers.version,
      packages: servers.packages,
    })
    .from(servers)
    .where(sql`${servers.status} = 'active' AND ${PACKAGE_KIND} IS NOT NULL`)
    .orderBy(servers.name)
}
