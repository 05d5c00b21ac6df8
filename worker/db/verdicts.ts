/**
 * The verdicts' storage: the listings to grade, claimed and read with everything their grading
 * needs in one round trip, and what grading decided written in one more (services/verdict/ decides
 * between the two). A listing is graded when its `verdict_rev` is behind the method's (triggers set
 * it to 0 when an input changes: migrations/0028_verdicts.sql, 0030_verdict_checks.sql), or when it
 * was last graded more than a day ago, since some inputs age by themselves (the latest version's
 * age, the probes' window). Also: the grade drops the dashboard and a server's changes feed show.
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Grade, VerdictAlert } from '@shared/verdict'
import type { VerdictInputs } from '../lib/verdict'
import type { DB } from './client'
import { storedGenerations } from './probes'
import { ALERT_DAYS, ALERTS_SHOWN, shownSurfaceId, userTies } from './scans'
import {
  gradeDrops,
  listingPackages,
  packageVersions,
  reviewItems,
  serverProbes,
  serverSurfaces,
  servers,
  serverVerdicts,
  serverVersions,
  surfaceFindings,
  watchedPackages,
} from './schema'

/** Probes read per listing at most, newest first: the health window's and the latest per target. */
export const PROBES_READ = 60

/** A claimed listing's stored verdict, as the decision compares it. */
export interface StoredVerdict {
  /** The hash the stored verdict was written with. */
  hash: string
  grade: Grade | null
  /** Each dimension's grade, as stored. */
  dimensions: Record<string, Grade | null>
}

/** A listing claimed for grading, with everything its grading reads. */
export interface ListingToGrade {
  seq: number
  id: string
  /** The overall grade on the card before this grading. */
  grade: Grade | null
  inputs: VerdictInputs
  /** Null: never graded. */
  stored: StoredVerdict | null
}

/** What grading one claimed listing decided to write. */
export interface VerdictWrite {
  seq: number
  serverId: string
  grade: Grade | null
  gradeRank: number
  /** Whether the card's grade changes (servers.grade is written only then: it bumps guests' content version). */
  gradeChanged: boolean
  /** The verdict's JSON and hash when it changed; null when the stored one stands. */
  verdict: { json: string; hash: string; computedAt: string } | null
  /** A fall of the overall grade, to be told to followers. */
  drop: { from: Grade | null; to: Grade | null; reasons: string[] } | null
}

/**
 * The id of the surface a claimed listing shows: the one read that cards show (scans.ts), else
 * the one declared for its version, as its risk is chosen. Correlated with "servers".
 */
const gradedSurfaceId = sql`coalesce(${shownSurfaceId}, (SELECT sd.id FROM ${serverSurfaces} sd WHERE sd.server_id = "servers"."id"
  AND sd.source = 'declared' AND sd.version = "servers"."version" ORDER BY sd.last_seen_at DESC LIMIT 1))`

/**
 * Claims up to `limit` listings to grade under `token` (a negative verdict_rev, below any method's,
 * so a claim an invocation never finished is claimed again), and reads their inputs: one round
 * trip. Listings behind the method come first, then verdicts checked before `agedBefore`, oldest
 * first. A writer that changes an input meanwhile sets the rev back to 0, and the write, which
 * touches only rows still claimed, leaves the listing for the next invocation.
 */
export async function claimListingsToGrade(
  db: DB,
  opts: { rev: number; token: number; limit: number; agedBefore: string; probesSince: string },
): Promise<ListingToGrade[]> {
  const { rev, token, limit, agedBefore } = opts
  // Literals, not bound: SQLite uses servers_verdict_rev_idx for the range the WHERE names.
  const behind = sql`SELECT * FROM (SELECT seq FROM ${servers} WHERE verdict_rev < ${sql.raw(String(rev))} ORDER BY verdict_rev, seq LIMIT ${limit})`
  const aged = sql`SELECT * FROM (SELECT s.seq FROM ${serverVerdicts} v JOIN ${servers} s ON s.id = v.server_id
    WHERE v.checked_at < ${agedBefore} AND s.verdict_rev = ${sql.raw(String(rev))} ORDER BY v.checked_at LIMIT ${limit})`
  const claimedIds = sql`SELECT id FROM ${servers} WHERE verdict_rev = ${sql.raw(String(token))}`
  const [claimed, versions, surfaces, findings, probes, watched, stored] = await db.batch([
    db
      .update(servers)
      .set({ verdictRev: token })
      .where(sql`${servers.seq} IN (SELECT seq FROM (${behind} UNION ALL ${aged}) LIMIT ${limit})`)
      .returning({
        seq: servers.seq,
        id: servers.id,
        grade: servers.grade,
        version: servers.version,
        packages: servers.packages,
        remotes: servers.remotes,
        license: servers.license,
        stars: servers.stars,
        githubUrl: servers.githubUrl,
        upstreamStatus: servers.upstreamStatus,
        upstreamStatusMessage: servers.upstreamStatusMessage,
        supplyBand: servers.supplyBand,
      }),
    db
      .select({
        serverId: serverVersions.serverId,
        version: serverVersions.version,
        status: serverVersions.status,
        publishedAt: serverVersions.publishedAt,
      })
      .from(serverVersions)
      .where(sql`${serverVersions.serverId} IN (${claimedIds})`),
    db
      .select({
        serverId: sql<string>`"servers"."id"`,
        source: serverSurfaces.source,
        version: serverSurfaces.version,
        risk: serverSurfaces.risk,
        surface: serverSurfaces.surface,
        serverCard: sql<number>`${serverSurfaces.serverCard} IS NOT NULL`,
      })
      .from(servers)
      .innerJoin(serverSurfaces, sql`${serverSurfaces.id} = ${gradedSurfaceId}`)
      .where(sql`${servers.verdictRev} = ${sql.raw(String(token))}`),
    // Findings an admin dismissed do not count, as they do not count in the risk (scans.ts riskOf).
    db
      .select({ serverId: surfaceFindings.serverId, class: surfaceFindings.class, severity: surfaceFindings.severity })
      .from(surfaceFindings)
      .leftJoin(reviewItems, eq(reviewItems.id, surfaceFindings.reviewId))
      .where(
        and(
          sql`${surfaceFindings.surfaceId} IN (SELECT ${gradedSurfaceId} FROM ${servers} WHERE verdict_rev = ${sql.raw(String(token))})`,
          sql`coalesce(${reviewItems.status}, 'open') <> 'dismissed'`,
        ),
      ),
    db
      .select({
        serverId: sql<string>`server_id`,
        target: sql<string>`target`,
        transport: sql<string | null>`transport`,
        protocolVersion: sql<string | null>`protocol_version`,
        status: sql<string>`status`,
        startedAt: sql<string>`started_at`,
        generations: sql<string | null>`generations`,
      })
      .from(
        sql`(SELECT server_id, target, transport, protocol_version, status, started_at, generations,
          row_number() OVER (PARTITION BY server_id ORDER BY started_at DESC) AS n
          FROM ${serverProbes} WHERE server_id IN (${claimedIds}) AND started_at >= ${opts.probesSince})`,
      )
      .where(sql`n <= ${PROBES_READ}`),
    db
      .select({
        serverId: listingPackages.serverId,
        registry: watchedPackages.registry,
        name: watchedPackages.name,
        pinned: listingPackages.pinned,
        installVersion: listingPackages.installVersion,
        pinnedMissing: sql<number>`EXISTS (SELECT 1 FROM ${packageVersions} pv WHERE pv.package_id = ${listingPackages.packageId}
          AND pv.version = ${listingPackages.pinned} AND pv.missing)`,
      })
      .from(listingPackages)
      .innerJoin(watchedPackages, eq(watchedPackages.id, listingPackages.packageId))
      .where(sql`${listingPackages.serverId} IN (${claimedIds})`),
    // Only what the decision compares: the hash, the grade and each dimension's grade.
    db
      .select({
        serverId: serverVerdicts.serverId,
        hash: serverVerdicts.inputs,
        grade: serverVerdicts.grade,
        dimensions: sql<string>`(SELECT json_group_object(json_extract(d.value, '$.dimension'), json_extract(d.value, '$.grade'))
          FROM json_each(${serverVerdicts.verdict}, '$.dimensions') d)`,
      })
      .from(serverVerdicts)
      .where(sql`${serverVerdicts.serverId} IN (${claimedIds})`),
  ])
  const byServer = <T extends { serverId: string }>(rows: readonly T[]) => {
    const map = new Map<string, T[]>()
    for (const row of rows) map.set(row.serverId, [...(map.get(row.serverId) ?? []), row])
    return map
  }
  const versionsOf = byServer(versions)
  const surfaceOf = new Map(surfaces.map((s) => [s.serverId, s]))
  const findingsOf = byServer(findings)
  const probesOf = byServer(probes)
  const watchedOf = byServer(watched)
  const storedOf = new Map(stored.map((s) => [s.serverId, s]))
  return claimed.map((row): ListingToGrade => {
    const surface = surfaceOf.get(row.id)
    const kept = storedOf.get(row.id)
    return {
      seq: row.seq,
      id: row.id,
      grade: row.grade as Grade | null,
      inputs: {
        listing: {
          version: row.version,
          packages: row.packages,
          remotes: row.remotes,
          license: row.license,
          stars: row.stars,
          githubUrl: row.githubUrl,
          upstreamStatus: row.upstreamStatus,
          upstreamStatusMessage: row.upstreamStatusMessage,
          supplyBand: row.supplyBand as VerdictInputs['listing']['supplyBand'],
        },
        versions: (versionsOf.get(row.id) ?? []).map(({ version, status, publishedAt }) => ({ version, status, publishedAt })),
        surface: surface
          ? {
              source: surface.source as 'remote' | 'package' | 'declared',
              version: surface.version,
              risk: surface.risk as NonNullable<VerdictInputs['surface']>['risk'],
              tools: (JSON.parse(surface.surface) as { tools?: NonNullable<VerdictInputs['surface']>['tools'] }).tools ?? [],
              serverCard: Boolean(surface.serverCard),
              findings: (findingsOf.get(row.id) ?? []).map((f) => ({
                class: f.class,
                severity: f.severity as NonNullable<VerdictInputs['surface']>['findings'][number]['severity'],
              })),
            }
          : null,
        probes: (probesOf.get(row.id) ?? []).map(({ target, transport, protocolVersion, status, startedAt, generations }) => ({
          target,
          transport,
          protocolVersion,
          status: status as VerdictInputs['probes'][number]['status'],
          startedAt,
          generations: storedGenerations(generations),
        })),
        watched: (watchedOf.get(row.id) ?? []).map(({ registry, name, pinned, installVersion, pinnedMissing }) => ({
          registry,
          name,
          pinned,
          installVersion,
          pinnedMissing: Boolean(pinnedMissing),
        })),
      },
      stored: kept
        ? {
            hash: kept.hash,
            grade: kept.grade as Grade | null,
            dimensions: kept.dimensions ? (JSON.parse(kept.dimensions) as Record<string, Grade | null>) : {},
          }
        : null,
    }
  })
}

/** Rows per multi-row statement: within D1's 100 bound parameters (six a verdict, four a drop, three a grade). */
const VERDICTS_PER_STATEMENT = 16
const DROPS_PER_STATEMENT = 24
const GRADES_PER_STATEMENT = 32

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

/**
 * Writes what grading the claimed listings decided, in one round trip: the verdicts that changed,
 * every claimed verdict's check time, the grade drops, the cards' grades that changed, and every
 * claimed listing's rev set to the method's. Rows whose rev a writer set back to 0 meanwhile are
 * left for the next invocation (their verdict and drop too). Never touches `updated_at`.
 */
export async function saveVerdicts(db: DB, opts: { rev: number; token: number; checkedAt: string; writes: readonly VerdictWrite[] }) {
  const { rev, token, checkedAt, writes } = opts
  const stillClaimed = (id: SQL) =>
    sql`EXISTS (SELECT 1 FROM ${servers} c WHERE c.id = ${id} AND c.verdict_rev = ${sql.raw(String(token))})`
  const statements = []
  for (const part of chunks(
    writes.filter((w) => w.verdict !== null),
    VERDICTS_PER_STATEMENT,
  )) {
    const values = part.map(
      (w) => sql`(${w.serverId}, ${w.verdict?.json}, ${w.grade}, ${w.verdict?.hash}, ${w.verdict?.computedAt}, ${checkedAt})`,
    )
    statements.push(
      // Drizzle names every column of the table, in its order, for a SELECT given as SQL.
      db
        .insert(serverVerdicts)
        .select(
          sql`SELECT column1, column2, column3, column4, column5, column6 FROM (VALUES ${sql.join(values, sql`, `)}) AS v
            WHERE ${stillClaimed(sql`v.column1`)}`,
        )
        .onConflictDoUpdate({
          target: serverVerdicts.serverId,
          set: {
            verdict: sql`excluded.verdict`,
            grade: sql`excluded.grade`,
            inputs: sql`excluded.inputs`,
            computedAt: sql`excluded.computed_at`,
            checkedAt: sql`excluded.checked_at`,
          },
        }),
    )
  }
  // A verdict that stands was checked now all the same: not aged again for a day.
  statements.push(
    db
      .update(serverVerdicts)
      .set({ checkedAt })
      .where(sql`${serverVerdicts.serverId} IN (SELECT id FROM ${servers} WHERE verdict_rev = ${sql.raw(String(token))})`),
  )
  for (const part of chunks(
    writes.filter((w) => w.drop !== null),
    DROPS_PER_STATEMENT,
  )) {
    const values = part.map(
      (w) => sql`(${w.serverId}, ${w.drop?.from ?? null}, ${w.drop?.to ?? null}, ${JSON.stringify(w.drop?.reasons ?? [])})`,
    )
    statements.push(
      db.insert(gradeDrops).select(
        sql`SELECT NULL, column1, column2, column3, column4, ${checkedAt} FROM (VALUES ${sql.join(values, sql`, `)}) AS v
            WHERE ${stillClaimed(sql`v.column1`)}`,
      ),
    )
  }
  for (const part of chunks(
    writes.filter((w) => w.gradeChanged),
    GRADES_PER_STATEMENT,
  )) {
    const values = part.map((w) => sql`(${w.seq}, ${w.grade}, ${w.gradeRank})`)
    statements.push(
      db
        .update(servers)
        .set({ grade: sql`v.column2`, gradeRank: sql`v.column3`, verdictRev: rev })
        .from(sql`(VALUES ${sql.join(values, sql`, `)}) AS v`)
        .where(and(sql`${servers.seq} = v.column1`, sql`${servers.verdictRev} = ${sql.raw(String(token))}`)),
    )
  }
  statements.push(
    db
      .update(servers)
      .set({ verdictRev: rev })
      .where(sql`${servers.verdictRev} = ${sql.raw(String(token))}`),
  )
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]])
}

// ---------------------------------------------------------------------------------------------
// Grade drops: the dashboard's alerts and a server's changes feed

/** The dashboard's grade drops (a query for its batch): on listed servers the user follows, liked or keeps, last 30 days, newest first. */
export function verdictAlertsQuery(db: DB, userId: string, now = new Date()) {
  const since = new Date(now.getTime() - ALERT_DAYS * 24 * 3600_000).toISOString()
  return db
    .select({
      serverId: gradeDrops.serverId,
      serverName: servers.name,
      displayName: servers.displayName,
      from: gradeDrops.fromGrade,
      to: gradeDrops.toGrade,
      reasons: gradeDrops.reasons,
      createdAt: gradeDrops.createdAt,
    })
    .from(gradeDrops)
    .innerJoin(servers, and(eq(servers.id, gradeDrops.serverId), eq(servers.status, 'active')))
    .where(and(sql`${gradeDrops.createdAt} >= ${since}`, userTies(userId).any))
    .orderBy(desc(gradeDrops.createdAt), desc(gradeDrops.id))
    .limit(ALERTS_SHOWN)
}

type DropRow = {
  serverId: string
  serverName: string
  displayName: string
  from: string | null
  to: string | null
  reasons: string
  createdAt: string
}

export function toVerdictAlerts(rows: readonly DropRow[]): VerdictAlert[] {
  return rows.map((r) => ({
    serverId: r.serverId,
    serverName: r.serverName,
    displayName: r.displayName,
    from: r.from as Grade | null,
    to: r.to as Grade | null,
    reasons: JSON.parse(r.reasons) as string[],
    createdAt: r.createdAt,
  }))
}
