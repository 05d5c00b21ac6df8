/**
 * The supply-chain watch's storage (worker/services/watch/ decides, worker/jobs/supply-watch.ts
 * schedules): which packages listings install (`listing_packages`, enrolled from each listing's
 * `packages`), their schedule and the versions read (`watched_packages`, `package_versions`), the
 * review items of versions that score Medium or above, and what each listing shows: the version its
 * install configurations use, a newer one held back for a High score, and the band cards show
 * (`servers.supply_band`). Statements and row mapping only: what to write is worked out in
 * services/watch/ and handed here as data.
 */
import { and, desc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { parseGithubUrl } from '@shared/github-url'
import type { WatchedPin } from '@shared/install/pins'
import type { ReviewDecision, Severity } from '@shared/scan'
import {
  type PackageVersionRecord,
  type ServerSupplyChain,
  type SupplyAlert,
  type SupplyBand,
  type SupplySignal,
  type SupplyStats,
  supplySummary,
  type VersionFacts,
  type WatchedPackage,
  type WatchedRegistry,
} from '@shared/supply'
import type { Validators } from '../lib/outbound/package-registry'
import type { InstallChoice } from '../lib/supply/install'
import { REVIEWED_BANDS } from '../lib/supply/review'
import { SUPPLY_RULES } from '../lib/supply/signals'
import { type PackageRef, storedPackages, watchablePackages } from '../lib/supply/watchable'
import type { DB } from './client'
import { CLAIMED_INSTALL } from './kept-installs'
import { ALERT_DAYS, ALERTS_SHOWN, userTies, whyOf } from './scans'
import { contentVersions, listingPackages, packageVersions, reviewItems, servers, watchedPackages } from './schema'

/** Versions a listing's page shows per package. */
export const VERSIONS_SHOWN = 10
/** Versions kept per package for the history the signals compare with. */
export const HISTORY_READ = 40
/** Ids bound per statement at most (D1 takes 100 parameters): longer lists are worked through in parts. */
export const ID_CHUNK = 50

type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]

export type { PackageRef } from '../lib/supply/watchable'

/** The same key as lib/supply/review.ts's versionKey, in SQL, of the row's watched package and `version`. */
const versionKeySql = (version: SQL | SQLiteColumn) =>
  sql`${watchedPackages.registry} || ':' || ${watchedPackages.name} || '@' || ${version}`

/** The row's watched package is installed by a listing. */
const installedByAListing = sql`EXISTS (SELECT 1 FROM ${listingPackages} lp WHERE lp.package_id = ${watchedPackages.id})`

/** A listed server that installs the row's watched package (the first by id): where a version's entry links to. */
const firstListingOf = sql<
  string | null
>`(SELECT lp.server_id FROM ${listingPackages} lp JOIN ${servers} s ON s.id = lp.server_id AND s.status = 'active'
  WHERE lp.package_id = ${watchedPackages.id} ORDER BY lp.server_id LIMIT 1)`

/**
 * The watch's choices for the unpinned packages of the listings a fill of the kept install output
 * has claimed (by seq): each one's install version and the latest, for `withWatchPins` to pin
 * where a newer version is held back. One statement.
 */
export async function watchPinsOf(db: DB): Promise<Map<number, WatchedPin[]>> {
  const pins = new Map<number, WatchedPin[]>()
  const rows = await db
    .select({
      seq: servers.seq,
      registry: watchedPackages.registry,
      name: watchedPackages.name,
      installVersion: listingPackages.installVersion,
      latest: watchedPackages.latestVersion,
    })
    .from(listingPackages)
    .innerJoin(servers, eq(servers.id, listingPackages.serverId))
    .innerJoin(watchedPackages, eq(watchedPackages.id, listingPackages.packageId))
    // The rows a fill holds (however many: no list of them is bound, D1 takes 100 parameters at most).
    .where(and(sql`${servers.installRev} = ${sql.raw(String(CLAIMED_INSTALL))}`, sql`${listingPackages.pinned} IS NULL`))
  for (const r of rows) {
    const pin: WatchedPin = {
      registry: r.registry as WatchedRegistry,
      name: r.name,
      pinned: null,
      installVersion: r.installVersion,
      latest: r.latest,
    }
    pins.set(r.seq, [...(pins.get(r.seq) ?? []), pin])
  }
  return pins
}

/** Listings to enrol, in table order: read by the partial index, never by scanning the catalogue. */
export const toEnrolQuery = (db: DB, limit: number) =>
  db
    .select({ id: servers.id, status: servers.status, packagesText: sql<string>`${servers.packages}` })
    .from(servers)
    // Written out, not bound: SQLite uses the partial index only for the literal its WHERE names.
    .where(sql`${servers.supplyRev} = 0`)
    .orderBy(servers.seq)
    .limit(limit)

/** A listing read for enrolment, with the packages the watch takes of it (services/watch/enrolment.ts). */
export interface ListingEnrolment {
  id: string
  /** Its `packages` as read: the listing is marked enrolled only if they are still these. */
  packagesText: string
  refs: PackageRef[]
}

/**
 * Enrols listings, in one batch: their watched packages exist, their links are the packages they
 * declare now, a version they pin that the watch has not read makes its package due at once, and
 * each is marked enrolled unless its packages changed meanwhile (then it is enrolled again).
 */
export async function storeEnrolment(db: DB, listings: readonly ListingEnrolment[], at: string): Promise<void> {
  if (listings.length === 0) return
  const statements: BatchItem<'sqlite'>[] = []
  for (const listing of listings) {
    statements.push(db.delete(listingPackages).where(eq(listingPackages.serverId, listing.id)))
    for (const ref of listing.refs) {
      statements.push(
        db
          .insert(watchedPackages)
          .values({ registry: ref.registry, name: ref.name, createdAt: at, dueAt: at, priority: 1 })
          .onConflictDoNothing(),
        db.insert(listingPackages).select(
          db
            .select({
              serverId: sql`${listing.id}`.as('server_id'),
              packageId: watchedPackages.id,
              pinned: sql`${ref.pinned}`.as('pinned'),
              installVersion: sql`NULL`.as('install_version'),
              heldBack: sql`NULL`.as('held_back'),
              band: sql`NULL`.as('band'),
            })
            .from(watchedPackages)
            .where(and(eq(watchedPackages.registry, ref.registry), eq(watchedPackages.name, ref.name))),
        ),
      )
      if (ref.pinned !== null) {
        // New versions first: a pinned version not read yet puts its package at the head of the queue.
        statements.push(
          db
            .update(watchedPackages)
            .set({ priority: 1, dueAt: at })
            .where(
              and(
                eq(watchedPackages.registry, ref.registry),
                eq(watchedPackages.name, ref.name),
                sql`NOT EXISTS (SELECT 1 FROM ${packageVersions} v WHERE v.package_id = ${watchedPackages.id} AND v.version = ${ref.pinned})`,
              ),
            ),
        )
      }
    }
    // Only if the packages are still those read: a listing changed meanwhile is enrolled again.
    statements.push(
      db
        .update(servers)
        .set({ supplyRev: 1 })
        .where(and(eq(servers.id, listing.id), sql`${servers.packages} = ${listing.packagesText}`)),
    )
  }
  await db.batch(statements as Batch)
}

/** A listing's link to a watched package, with what its install choice reads. */
export interface ListingLink {
  serverId: string
  packageId: number
  pinned: string | null
  latest: string | null
  registry: WatchedRegistry
  name: string
  /** The package's versions in publish order (oldest first). */
  versions: Array<{ version: string; score: number; removed: boolean }>
  /** The review keys of the versions an admin dismissed for this listing. */
  dismissed: string[]
}

/**
 * The links of some packages (or some listings) with their versions and the listing's dismissals:
 * one statement, for at most ID_CHUNK ids; packageIds are read when given, else serverIds.
 */
export async function readListingLinks(db: DB, which: { packageIds?: number[]; serverIds?: string[] }): Promise<ListingLink[]> {
  const where = which.packageIds?.length
    ? inArray(listingPackages.packageId, which.packageIds)
    : which.serverIds?.length
      ? inArray(listingPackages.serverId, which.serverIds)
      : null
  if (!where) return []
  const rows = await db
    .select({
      serverId: listingPackages.serverId,
      packageId: listingPackages.packageId,
      pinned: listingPackages.pinned,
      latest: watchedPackages.latestVersion,
      registry: watchedPackages.registry,
      name: watchedPackages.name,
      versions: sql<string>`(SELECT json_group_array(json_array(v.version, v.score, v.removed)) FROM (SELECT version, score, removed
        FROM ${packageVersions} v WHERE v.package_id = ${listingPackages.packageId} AND NOT v.missing
        ORDER BY coalesce(v.published_at, v.seen_at), v.id) v)`,
      dismissed: sql<string>`(SELECT json_group_array(r.key) FROM ${reviewItems} r WHERE r.server_id = ${listingPackages.serverId}
        AND r.kind = 'package' AND r.status = 'dismissed')`,
    })
    .from(listingPackages)
    .innerJoin(watchedPackages, eq(watchedPackages.id, listingPackages.packageId))
    .where(where)
  return rows.map((r) => ({
    ...r,
    registry: r.registry as WatchedRegistry,
    versions: (JSON.parse(r.versions) as Array<[string, number, number]>).map(([version, score, removed]) => ({
      version,
      score,
      removed: Boolean(removed),
    })),
    dismissed: JSON.parse(r.dismissed) as string[],
  }))
}

/** What one listing's install of one package now uses (services/watch/listing-choice.ts). */
export interface ListingChoice extends InstallChoice {
  serverId: string
  packageId: number
}

/**
 * Writes the listings' choices, each only where it changed, and the card band of `serverIds`: one
 * batch (none when there is nothing to write).
 */
export async function storeListingChoices(db: DB, choices: readonly ListingChoice[], serverIds: readonly string[]): Promise<void> {
  const statements: BatchItem<'sqlite'>[] = []
  for (const choice of choices) {
    const heldBack = choice.heldBack ? JSON.stringify(choice.heldBack) : null
    statements.push(
      db
        .update(listingPackages)
        .set({ installVersion: choice.installVersion, band: choice.band, heldBack })
        .where(
          and(
            eq(listingPackages.serverId, choice.serverId),
            eq(listingPackages.packageId, choice.packageId),
            // Written only when it changes: a check that moved nothing writes nothing here.
            sql`(${listingPackages.installVersion} IS NOT ${choice.installVersion} OR ${listingPackages.band} IS NOT ${choice.band}
              OR ${listingPackages.heldBack} IS NOT ${heldBack})`,
          ),
        ),
    )
  }
  if (serverIds.length) statements.push(setSupplyBands(db, [...serverIds]))
  if (statements.length) await db.batch(statements as Batch)
}

/** The listings' card band: the worst band of the versions their installs use; null when none was read. */
function setSupplyBands(db: DB, serverIds: string[]) {
  const worst = sql`(SELECT lp.band FROM ${listingPackages} lp WHERE lp.server_id = "servers"."id" AND lp.band IS NOT NULL
    ORDER BY CASE lp.band WHEN 'high' THEN 3 WHEN 'medium' THEN 2 WHEN 'low' THEN 1 ELSE 0 END DESC LIMIT 1)`
  return db
    .update(servers)
    .set({ supplyBand: worst })
    .where(and(inArray(servers.id, serverIds), sql`${servers.supplyBand} IS NOT ${worst}`))
}

/**
 * Takes the lease on due packages that a listing still installs, new versions first, then the
 * longest due, until `leaseUntil`; the queue's consumer reads them. One statement.
 */
export async function claimDueWatches(db: DB, opts: { now: Date; limit: number; leaseUntil: string }): Promise<number[]> {
  const due = dueWatchesQuery(db, opts.now, opts.limit)
  const rows = await db
    .update(watchedPackages)
    .set({ leaseUntil: opts.leaseUntil })
    .where(inArray(watchedPackages.id, due))
    .returning({ id: watchedPackages.id })
  return rows.map((r) => r.id)
}

/** Due packages a listing installs, new versions first, then the longest due: by the due index. */
export function dueWatchesQuery(db: DB, now: Date, limit: number) {
  const at = now.toISOString()
  return db
    .select({ id: watchedPackages.id })
    .from(watchedPackages)
    .where(
      and(
        lte(watchedPackages.dueAt, at),
        or(sql`${watchedPackages.leaseUntil} IS NULL`, sql`${watchedPackages.leaseUntil} < ${at}`),
        installedByAListing,
      ),
    )
    .orderBy(desc(watchedPackages.priority), watchedPackages.dueAt)
    .limit(limit)
}

/** Gives leases back (a check that did not start), so the next minute queues them again. */
export async function releaseWatchLeases(db: DB, ids: readonly number[]) {
  if (ids.length)
    await db
      .update(watchedPackages)
      .set({ leaseUntil: null })
      .where(inArray(watchedPackages.id, [...ids]))
}

/** A stored version, as the watch reads it back. */
export interface KnownVersion {
  id: number
  version: string
  publishedAt: string | null
  seenAt: string
  facts: VersionFacts
  removed: boolean
  /** A pinned version the registry did not have when asked: never read. */
  missing: boolean
  score: number
}

/** What a check of one package starts from, read in one round trip. */
export interface WatchBasis {
  id: number
  registry: WatchedRegistry
  name: string
  /** The discovery document's validators as last read (ETag, Last-Modified, the body's hash). */
  validators: Validators
  latest: string | null
  createdAt: string
  failures: number
  verifiedAt: string | null
  /** Known versions, oldest first (the newest HISTORY_READ). */
  versions: KnownVersion[]
  /** The versions listings pin, and the repositories they name ('owner/name', lower-cased). */
  pinned: string[]
  listingRepositories: string[]
}

export async function readWatchBasis(db: DB, packageId: number): Promise<WatchBasis | null> {
  const [pkgRows, versionRows, linkRows] = await db.batch([
    db.select().from(watchedPackages).where(eq(watchedPackages.id, packageId)),
    db
      .select({
        id: packageVersions.id,
        version: packageVersions.version,
        publishedAt: packageVersions.publishedAt,
        seenAt: packageVersions.seenAt,
        facts: packageVersions.facts,
        removed: packageVersions.removed,
        missing: packageVersions.missing,
        score: packageVersions.score,
      })
      .from(packageVersions)
      .where(eq(packageVersions.packageId, packageId))
      .orderBy(desc(sql`coalesce(${packageVersions.publishedAt}, ${packageVersions.seenAt})`), desc(packageVersions.id))
      .limit(HISTORY_READ),
    db
      .select({ pinned: listingPackages.pinned, githubUrl: servers.githubUrl })
      .from(listingPackages)
      .innerJoin(servers, eq(servers.id, listingPackages.serverId))
      .where(eq(listingPackages.packageId, packageId)),
  ])
  const pkg = pkgRows[0]
  if (!pkg) return null
  // As the signals compare repositories: 'owner/name', lower-cased.
  const repos = linkRows.flatMap((l) => {
    const repo = parseGithubUrl(l.githubUrl)
    return repo ? [`${repo.owner}/${repo.repo}`.toLowerCase()] : []
  })
  return {
    id: pkg.id,
    registry: pkg.registry as WatchedRegistry,
    name: pkg.name,
    validators: { etag: pkg.etag, lastModified: pkg.lastModified, contentHash: pkg.contentHash },
    latest: pkg.latestVersion,
    createdAt: pkg.createdAt,
    failures: pkg.failures,
    verifiedAt: pkg.verifiedAt,
    versions: versionRows.reverse().map((v) => ({ ...v, facts: JSON.parse(v.facts) as VersionFacts })),
    pinned: [...new Set(linkRows.map((l) => l.pinned).filter((p): p is string => p !== null))],
    listingRepositories: [...new Set(repos)],
  }
}

/** A watched package that a listing installs, by id: the look-alike rule's names. */
export interface ListedPackageName {
  id: number
  registry: string
  name: string
}

/** The watched packages listings install with an id above `afterId`, in id order: one statement. */
export const listedPackagesAfter = (db: DB, afterId: number): Promise<ListedPackageName[]> =>
  db
    .select({ id: watchedPackages.id, registry: watchedPackages.registry, name: watchedPackages.name })
    .from(watchedPackages)
    .where(and(sql`${watchedPackages.id} > ${afterId}`, installedByAListing))
    .orderBy(watchedPackages.id)
    .limit(200_000)

/** A version the check read, scored, for storing. */
export interface ScoredVersion {
  version: string
  publishedAt: string | null
  facts: VersionFacts
  removed: boolean
  missing: boolean
  history: boolean
  score: number
  band: SupplyBand
  signals: SupplySignal[]
}

/** A review item to open for each listing that installs a package (kept if it exists, with its decision). */
export interface PackageReview {
  key: string
  severity: Severity
  title: string
  reason: string
}

/** A watched package's row after a check (services/watch/schedule.ts); an undefined column is kept as it is. */
export interface CheckedPackage {
  etag: string | null | undefined
  lastModified: string | null | undefined
  contentHash: string | null | undefined
  latestVersion: string | undefined
  dueAt: string
  priority: number
  leaseUntil: null
  failures: number
  lastStatus: string
  lastError: null
  checkedAt: string
  verifiedAt?: string
}

/** What one check writes (services/watch/outcome.ts). */
export interface CheckWrite {
  packageId: number
  at: string
  scorerVersion: number
  added: ScoredVersion[]
  /** Known versions read again (deprecated or removed since), scored again. */
  updated: Array<ScoredVersion & { id: number }>
  reviews: PackageReview[]
  schedule: CheckedPackage
  /** New versions are news to guests' cached pages: the content version moves, once. */
  newsForGuests: boolean
}

/**
 * Stores a check in one batch: the new versions and the ones read again, the review items, the
 * package's schedule, and the content version when there is news.
 */
export async function storeCheck(db: DB, w: CheckWrite): Promise<void> {
  const statements: BatchItem<'sqlite'>[] = []
  for (const v of w.added) {
    statements.push(
      db
        .insert(packageVersions)
        .values({
          packageId: w.packageId,
          version: v.version,
          publishedAt: v.publishedAt,
          seenAt: w.at,
          facts: JSON.stringify(v.facts),
          removed: v.removed,
          missing: v.missing,
          history: v.history,
          score: v.score,
          band: v.band,
          signals: JSON.stringify(v.signals),
          scorerVersion: w.scorerVersion,
        })
        .onConflictDoNothing(),
    )
  }
  for (const v of w.updated) {
    statements.push(
      db
        .update(packageVersions)
        .set({
          facts: JSON.stringify(v.facts),
          removed: v.removed,
          missing: v.missing,
          score: v.score,
          band: v.band,
          signals: JSON.stringify(v.signals),
          scorerVersion: w.scorerVersion,
        })
        .where(eq(packageVersions.id, v.id)),
    )
  }
  for (const review of w.reviews) statements.push(reviewItemsFor(db, w.packageId, review, w.at))
  statements.push(db.update(watchedPackages).set(w.schedule).where(eq(watchedPackages.id, w.packageId)))
  if (w.newsForGuests) {
    statements.push(
      db
        .update(contentVersions)
        .set({ version: sql`${contentVersions.version} + 1` })
        .where(eq(contentVersions.scope, 'servers')),
    )
  }
  await db.batch(statements as Batch)
}

/** One review item per listing that installs the package, keyed by the version, kept if it exists (with its decision). */
function reviewItemsFor(db: DB, packageId: number, review: PackageReview, at: string) {
  return db
    .insert(reviewItems)
    .select(
      db
        .select({
          id: sql`NULL`.as('id'),
          kind: sql`'package'`.as('kind'),
          serverId: listingPackages.serverId,
          key: sql`${review.key}`.as('key'),
          severity: sql`${review.severity}`.as('severity'),
          title: sql`${review.title}`.as('title'),
          reason: sql`${review.reason}`.as('reason'),
          createdAt: sql`${at}`.as('created_at'),
          status: sql`'open'`.as('status'),
          decidedBy: sql`NULL`.as('decided_by'),
          decidedAt: sql`NULL`.as('decided_at'),
          decisionReason: sql`NULL`.as('decision_reason'),
        })
        .from(listingPackages)
        .where(eq(listingPackages.packageId, packageId)),
    )
    .onConflictDoNothing()
}

/** A watched package's row after a failed check (services/watch/schedule.ts), its failures counted here. */
export interface FailedPackage {
  dueAt: string
  leaseUntil: null
  lastStatus: 'failed'
  lastError: string
  checkedAt: string
}

/** Records a failed check: one more failure, and when to try again. */
export async function recordWatchFailure(db: DB, packageId: number, failed: FailedPackage) {
  await db
    .update(watchedPackages)
    .set({ ...failed, failures: sql`${watchedPackages.failures} + 1` })
    .where(eq(watchedPackages.id, packageId))
}

export function supplyChainQuery(db: DB, serverId: string) {
  const key = versionKeySql(sql`v.version`)
  return db
    .select({
      registry: watchedPackages.registry,
      name: watchedPackages.name,
      pinned: listingPackages.pinned,
      installVersion: listingPackages.installVersion,
      band: listingPackages.band,
      heldBack: listingPackages.heldBack,
      latest: watchedPackages.latestVersion,
      checkedAt: watchedPackages.checkedAt,
      lastStatus: watchedPackages.lastStatus,
      lastError: watchedPackages.lastError,
      versions: sql<string>`(SELECT json_group_array(json_object('version', v.version, 'publishedAt', v.published_at, 'seenAt', v.seen_at,
        'removed', json(CASE WHEN v.removed THEN 'true' ELSE 'false' END), 'missing', json(CASE WHEN v.missing THEN 'true' ELSE 'false' END), 'facts', json(v.facts), 'score', v.score, 'band', v.band,
        'signals', json(v.signals), 'review', (SELECT json_object('status', r.status, 'reason', r.decision_reason, 'by', r.decided_by, 'at', r.decided_at)
          FROM ${reviewItems} r WHERE r.server_id = ${listingPackages.serverId} AND r.kind = 'package' AND r.key = ${key} AND r.status <> 'open')))
        FROM (SELECT * FROM ${packageVersions} v WHERE v.package_id = ${watchedPackages.id}
          ORDER BY coalesce(v.published_at, v.seen_at) DESC, v.id DESC LIMIT ${VERSIONS_SHOWN}) v)`,
    })
    .from(listingPackages)
    .innerJoin(watchedPackages, eq(watchedPackages.id, listingPackages.packageId))
    .where(eq(listingPackages.serverId, serverId))
    .orderBy(watchedPackages.registry, watchedPackages.name)
}

/** What the watch's last read of a package found, from its row's status and error; null before the first. */
function lastReadOf(status: string | null, error: string | null): WatchedPackage['lastRead'] {
  if (status === null) return null
  if (status === 'failed') return { status: 'failed', error }
  return { status: status === 'not_found' ? 'not_found' : 'read', error: null }
}

/**
 * The detail answer's `supplyChain`: the watched packages of the listing (rows of
 * supplyChainQuery) and the declared packages the watch does not read, with why.
 */
export function toSupplyChain(
  rows: Awaited<ReturnType<typeof supplyChainQuery>>,
  listing: { band: SupplyBand | null; enrolled: boolean; watching: boolean; packages: unknown },
): ServerSupplyChain {
  return {
    enrolled: listing.enrolled,
    watching: listing.watching,
    band: listing.band,
    unwatched: watchablePackages(storedPackages(listing.packages)).unwatched,
    packages: rows.map((r) => ({
      registry: r.registry as WatchedRegistry,
      name: r.name,
      pinned: r.pinned,
      installVersion: r.installVersion,
      band: r.band as SupplyBand | null,
      latest: r.latest,
      heldBack: r.heldBack ? (JSON.parse(r.heldBack) as { version: string; score: number }) : null,
      checkedAt: r.checkedAt,
      lastRead: lastReadOf(r.lastStatus, r.lastError),
      versions: (JSON.parse(r.versions) as PackageVersionRecord[]).map((v) => ({
        ...v,
        review: v.review as ReviewDecision | null,
      })),
    })),
  }
}

/**
 * The registry API's `_meta` of a listing's current version (a column of its page's statement):
 * each watched package with the version its install uses, that version's score and signals, the
 * band for the listing (dismissed versions count none) and a version held back; null when the
 * listing has no watched package.
 */
export const installedVersionsJson = sql<string | null>`(SELECT CASE WHEN count(*) THEN json_group_array(json_object(
    'registry', wp.registry, 'name', wp.name, 'pinned', lp.pinned, 'version', lp.install_version, 'band', lp.band,
    'score', pv.score, 'signals', json(coalesce(pv.signals, '[]')), 'heldBack', json(lp.held_back), 'checkedAt', wp.checked_at)) END
  FROM ${listingPackages} lp JOIN ${watchedPackages} wp ON wp.id = lp.package_id
  LEFT JOIN ${packageVersions} pv ON pv.package_id = lp.package_id AND pv.version = lp.install_version
  WHERE lp.server_id = "servers"."id")`

/**
 * The dashboard's supply-chain entries (a query for its batch), as many and as far back as the
 * tool-change entries: new versions (not history) of the last 30 days scoring Medium or above, of packages installed by listed servers the user follows
 * the author of, liked or keeps, not dismissed for that listing; newest first.
 */
export function supplyAlertsQuery(db: DB, userId: string, now = new Date()) {
  const since = new Date(now.getTime() - ALERT_DAYS * 24 * 3600_000).toISOString()
  const ties = userTies(userId)
  return db
    .select({
      serverId: servers.id,
      serverName: servers.name,
      displayName: servers.displayName,
      registry: watchedPackages.registry,
      // Its own name: D1's batch answers rows as objects keyed by column name, and servers has a `name` too.
      packageName: sql<string>`${watchedPackages.name}`.as('package_name'),
      version: packageVersions.version,
      band: packageVersions.band,
      score: packageVersions.score,
      signals: packageVersions.signals,
      at: packageVersions.seenAt,
      why: ties.why,
    })
    .from(packageVersions)
    .innerJoin(watchedPackages, eq(watchedPackages.id, packageVersions.packageId))
    .innerJoin(listingPackages, eq(listingPackages.packageId, watchedPackages.id))
    .innerJoin(servers, and(eq(servers.id, listingPackages.serverId), eq(servers.status, 'active')))
    .where(
      and(
        inArray(packageVersions.band, [...REVIEWED_BANDS]),
        eq(packageVersions.history, false),
        sql`${packageVersions.seenAt} >= ${since}`,
        ties.any,
        sql`NOT EXISTS (SELECT 1 FROM ${reviewItems} r WHERE r.server_id = "servers"."id" AND r.kind = 'package' AND r.status = 'dismissed'
          AND r.key = ${versionKeySql(packageVersions.version)})`,
      ),
    )
    .orderBy(desc(packageVersions.seenAt), desc(packageVersions.id))
    .limit(ALERTS_SHOWN)
}

export function toSupplyAlerts(rows: Awaited<ReturnType<typeof supplyAlertsQuery>>): SupplyAlert[] {
  return rows.map((r) => ({
    serverId: r.serverId,
    serverName: r.serverName,
    displayName: r.displayName,
    registry: r.registry as WatchedRegistry,
    packageName: r.packageName,
    version: r.version,
    band: r.band as SupplyBand,
    score: r.score,
    summary: supplySummary(r.packageName, r.version, r.score, JSON.parse(r.signals) as SupplySignal[]),
    at: r.at,
    why: whyOf(r.why),
  }))
}

/** Feed entries at most. */
export const SUPPLY_FEED_ITEMS = 50

/**
 * The catalogue-wide feed: new versions scoring Medium or above, newest first, each with a listed
 * server that installs the package (the first by id) for its link.
 */
export async function supplyFeedEntries(db: DB, limit = SUPPLY_FEED_ITEMS) {
  const rows = await db
    .select({
      id: packageVersions.id,
      registry: watchedPackages.registry,
      name: watchedPackages.name,
      version: packageVersions.version,
      score: packageVersions.score,
      signals: packageVersions.signals,
      at: packageVersions.seenAt,
      serverId: firstListingOf,
    })
    .from(packageVersions)
    .innerJoin(watchedPackages, eq(watchedPackages.id, packageVersions.packageId))
    .where(and(inArray(packageVersions.band, [...REVIEWED_BANDS]), eq(packageVersions.history, false)))
    .orderBy(desc(packageVersions.seenAt), desc(packageVersions.id))
    .limit(limit)
  return rows.map((r) => ({ ...r, signals: JSON.parse(r.signals) as SupplySignal[] }))
}

/** The advisory's live figures, in one round trip. */
export async function supplyStats(db: DB, now = new Date()): Promise<SupplyStats> {
  const since = new Date(now.getTime() - 30 * 24 * 3600_000).toISOString()
  const [watched, bands, high] = await db.batch([
    db
      .select({ n: sql<number>`count(*)`, last: sql<string | null>`max(${watchedPackages.checkedAt})` })
      .from(watchedPackages)
      .where(installedByAListing),
    db
      .select({ band: packageVersions.band, n: sql<number>`count(*)` })
      .from(packageVersions)
      .where(sql`${packageVersions.seenAt} >= ${since}`)
      .groupBy(packageVersions.band),
    db
      .select({
        serverId: servers.id,
        displayName: servers.displayName,
        registry: watchedPackages.registry,
        packageName: watchedPackages.name,
        version: packageVersions.version,
        score: packageVersions.score,
        at: packageVersions.seenAt,
      })
      .from(packageVersions)
      .innerJoin(watchedPackages, eq(watchedPackages.id, packageVersions.packageId))
      .innerJoin(servers, sql`${servers.id} = ${firstListingOf}`)
      .where(and(eq(packageVersions.band, 'high'), eq(packageVersions.history, false)))
      .orderBy(desc(packageVersions.seenAt), desc(packageVersions.id))
      .limit(10),
  ])
  const bands30d: Record<SupplyBand, number> = { none: 0, low: 0, medium: 0, high: 0 }
  for (const b of bands) if (b.band in bands30d) bands30d[b.band as SupplyBand] = b.n
  return {
    packagesWatched: watched[0]?.n ?? 0,
    versionsChecked30d: Object.values(bands30d).reduce((a, b) => a + b, 0),
    bands30d,
    latestHigh: high.map((h) => ({ ...h, registry: h.registry as WatchedRegistry })),
    lastRunAt: watched[0]?.last ?? null,
    rules: SUPPLY_RULES.map((r) => ({ id: r.id, weight: r.weight, reason: r.reason })),
  }
}
