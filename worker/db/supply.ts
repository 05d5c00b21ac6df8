/**
 * The supply-chain watch's storage (worker/jobs/supply-watch.ts drives it): which packages listings
 * install (`listing_packages`, enrolled by the cron from each listing's `packages`), their schedule
 * and the versions read (`watched_packages`, `package_versions`), the review items of versions that
 * score Medium or above, and what each listing shows: the version its install configurations use,
 * a newer one held back for a High score, and the band cards show (`servers.supply_band`).
 */
import { and, desc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { parseGithubUrl } from '@shared/github-url'
import type { WatchedPin } from '@shared/install/pins'
import { readPackage } from '@shared/install/source'
import type { ReviewDecision, Severity } from '@shared/scan'
import { NPM_NAME_RE } from '@shared/schemas'
import {
  type PackageVersionRecord,
  type ServerSupplyChain,
  type SupplyAlert,
  type SupplyBand,
  type SupplySignal,
  type SupplyStats,
  supplySummary,
  supplyTitle,
  type VersionFacts,
  type WatchedRegistry,
  watchedName,
} from '@shared/supply'
import { type ChoiceVersion, installChoice } from '../lib/supply/install'
import { SUPPLY_RULES } from '../lib/supply/signals'
import type { DB } from './client'
import { CLAIMED_INSTALL } from './kept-installs'
import { ALERT_DAYS, ALERTS_SHOWN, userTies, whyOf } from './scans'
import { contentVersions, listingPackages, packageVersions, reviewItems, servers, watchedPackages } from './schema'

/** How often a package is read again when nothing is wrong. */
export const WATCH_EVERY_HOURS = 6
/** A check holds its package this long, so a queued check is not queued again meanwhile. */
const LEASE_MINUTES = 15
/** Listings enrolled per cron invocation. */
export const ENROL_BATCH = 50
/** Versions a listing's page shows per package. */
export const VERSIONS_SHOWN = 10
/** Versions kept per package for the history the signals compare with. */
export const HISTORY_READ = 40
/** Ids bound per statement at most (D1 takes 100 parameters). */
const ID_CHUNK = 50
/** Review items, alerts and feed entries start at this band. */
const REVIEWED_BANDS: readonly SupplyBand[] = ['medium', 'high']

const hoursLater = (now: Date, hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString()

/** A package a listing installs, as the watch names it: registry, normalized name, and the version it pins. */
export interface PackageRef {
  registry: WatchedRegistry
  name: string
  pinned: string | null
}

const PYPI_NAME_RE = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?$/

/**
 * The watched packages among a listing's declared ones: npm and PyPI packages with a valid name
 * (PyPI's normalized, as PyPI compares names), each once.
 * @example packageRefs([{ registryType: 'npm', identifier: '@acme/mail', version: '1.0.15' }]) // [{ registry: 'npm', name: '@acme/mail', pinned: '1.0.15' }]
 */
export function packageRefs(packages: readonly unknown[]): PackageRef[] {
  const refs = new Map<string, PackageRef>()
  for (const raw of packages) {
    const pkg = readPackage(raw)
    if (!pkg) continue
    let ref: PackageRef | null = null
    if (pkg.registryType === 'npm' && NPM_NAME_RE.test(pkg.identifier) && pkg.identifier.length <= 214) {
      ref = { registry: 'npm', name: watchedName('npm', pkg.identifier), pinned: pkg.version }
    } else if (pkg.registryType === 'pypi' && PYPI_NAME_RE.test(pkg.identifier)) {
      ref = { registry: 'pypi', name: watchedName('pypi', pkg.identifier), pinned: pkg.version }
    }
    if (ref && !refs.has(`${ref.registry}:${ref.name}`)) refs.set(`${ref.registry}:${ref.name}`, ref)
  }
  return [...refs.values()]
}

/** A version's review key: what the review queue names it by, per listing. */
export const versionKey = (registry: string, name: string, version: string) => `${registry}:${name}@${version}`

/** The same key in SQL, of the row's watched package and `version`. */
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

/**
 * Enrols listings whose packages changed since (or were never read): their watched packages
 * exist, their links are the packages they declare now, a version they pin that the watch has
 * not read makes its package due at once, and what they show is worked out again. Bounded per
 * invocation; a listing changed again meanwhile stays to be enrolled.
 */
export async function enrolListings(db: DB, opts: { limit: number; now: Date }): Promise<number> {
  const rows = await toEnrolQuery(db, opts.limit)
  if (rows.length === 0) return 0
  const at = opts.now.toISOString()
  const statements: BatchItem<'sqlite'>[] = []
  const touched: PackageRef[] = []
  for (const row of rows) {
    let parsed: unknown = []
    try {
      parsed = JSON.parse(row.packagesText)
    } catch {}
    const refs = row.status === 'active' && Array.isArray(parsed) ? packageRefs(parsed) : []
    statements.push(db.delete(listingPackages).where(eq(listingPackages.serverId, row.id)))
    for (const ref of refs) {
      touched.push(ref)
      statements.push(
        db
          .insert(watchedPackages)
          .values({ registry: ref.registry, name: ref.name, createdAt: at, dueAt: at, priority: 1 })
          .onConflictDoNothing(),
        db.insert(listingPackages).select(
          db
            .select({
              serverId: sql`${row.id}`.as('server_id'),
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
        .where(and(eq(servers.id, row.id), sql`${servers.packages} = ${row.packagesText}`)),
    )
  }
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
  await refreshListings(db, { serverIds: rows.map((r) => r.id) })
  return rows.length
}

/**
 * Works out again, for the listings of some packages (or some listings), the version each install
 * uses, the version held back and the band, and each listing's band for cards. Two round trips.
 */
export async function refreshListings(db: DB, which: { packageIds?: number[]; serverIds?: string[] }): Promise<void> {
  // D1 binds at most 100 parameters a statement: longer lists are worked through in parts.
  for (const key of ['packageIds', 'serverIds'] as const) {
    const ids = which[key]
    if (ids && ids.length > ID_CHUNK) {
      for (let i = 0; i < ids.length; i += ID_CHUNK) await refreshListings(db, { [key]: ids.slice(i, i + ID_CHUNK) })
      return
    }
  }
  const where = which.packageIds?.length
    ? inArray(listingPackages.packageId, which.packageIds)
    : which.serverIds?.length
      ? inArray(listingPackages.serverId, which.serverIds)
      : null
  if (!where) return
  const links = await db
    .select({
      serverId: listingPackages.serverId,
      packageId: listingPackages.packageId,
      pinned: listingPackages.pinned,
      latest: watchedPackages.latestVersion,
      registry: watchedPackages.registry,
      name: watchedPackages.name,
      versions: sql<string>`(SELECT json_group_array(json_array(v.version, v.score, v.removed)) FROM (SELECT version, score, removed
        FROM ${packageVersions} v WHERE v.package_id = ${listingPackages.packageId}
        ORDER BY coalesce(v.published_at, v.seen_at), v.id) v)`,
      dismissed: sql<string>`(SELECT json_group_array(r.key) FROM ${reviewItems} r WHERE r.server_id = ${listingPackages.serverId}
        AND r.kind = 'package' AND r.status = 'dismissed')`,
    })
    .from(listingPackages)
    .innerJoin(watchedPackages, eq(watchedPackages.id, listingPackages.packageId))
    .where(where)
  const statements: BatchItem<'sqlite'>[] = []
  for (const link of links) {
    const dismissed = new Set(JSON.parse(link.dismissed) as string[])
    const versions: ChoiceVersion[] = (JSON.parse(link.versions) as Array<[string, number, number]>).map(([version, score, removed]) => ({
      version,
      score,
      removed: Boolean(removed),
      dismissed: dismissed.has(versionKey(link.registry, link.name, version)),
    }))
    const choice = installChoice(link.pinned, link.latest, versions)
    const heldBack = choice.heldBack ? JSON.stringify(choice.heldBack) : null
    statements.push(
      db
        .update(listingPackages)
        .set({ installVersion: choice.installVersion, band: choice.band, heldBack })
        .where(
          and(
            eq(listingPackages.serverId, link.serverId),
            eq(listingPackages.packageId, link.packageId),
            // Written only when it changes: a check that moved nothing writes nothing here.
            sql`(${listingPackages.installVersion} IS NOT ${choice.installVersion} OR ${listingPackages.band} IS NOT ${choice.band}
              OR ${listingPackages.heldBack} IS NOT ${heldBack})`,
          ),
        ),
    )
  }
  const serverIds = which.serverIds ?? [...new Set(links.map((l) => l.serverId))]
  if (serverIds.length) statements.push(setSupplyBands(db, serverIds))
  if (statements.length) await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
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
 * longest due; the queue's consumer reads them. One statement.
 */
export async function claimDueWatches(db: DB, opts: { now: Date; limit: number }): Promise<number[]> {
  const due = dueWatchesQuery(db, opts.now, opts.limit)
  const rows = await db
    .update(watchedPackages)
    .set({ leaseUntil: new Date(opts.now.getTime() + LEASE_MINUTES * 60_000).toISOString() })
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
  score: number
}

/** What a check of one package starts from, read in one round trip. */
export interface WatchBasis {
  id: number
  registry: WatchedRegistry
  name: string
  etag: string | null
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
    etag: pkg.etag,
    latest: pkg.latestVersion,
    createdAt: pkg.createdAt,
    failures: pkg.failures,
    verifiedAt: pkg.verifiedAt,
    versions: versionRows.reverse().map((v) => ({ ...v, facts: JSON.parse(v.facts) as VersionFacts })),
    pinned: [...new Set(linkRows.map((l) => l.pinned).filter((p): p is string => p !== null))],
    listingRepositories: [...new Set(repos)],
  }
}

/** How long an isolate keeps the listed package names before reading them all again. */
const NAMES_MEMO_MS = 10 * 60_000
let namesMemo: { at: number; maxId: number; names: Array<{ id: number; registry: string; name: string }> } | null = null

/**
 * The names of the watched packages listings install that arrived before `beforeId` (the look-alike
 * rule's earlier names): read whole once per isolate every ten minutes, and in between only the
 * packages watched since the last read, so a look-alike enrolled a minute after its original is
 * still compared with it.
 */
export async function earlierPackageNames(db: DB, registry: string, beforeId: number, now = Date.now()): Promise<Set<string>> {
  const read = (after: number) =>
    db
      .select({ id: watchedPackages.id, registry: watchedPackages.registry, name: watchedPackages.name })
      .from(watchedPackages)
      .where(and(sql`${watchedPackages.id} > ${after}`, installedByAListing))
      .orderBy(watchedPackages.id)
      .limit(200_000)
  if (!namesMemo || now - namesMemo.at >= NAMES_MEMO_MS) {
    const names = await read(0)
    namesMemo = { at: now, maxId: names.at(-1)?.id ?? 0, names }
  } else if (beforeId - 1 > namesMemo.maxId) {
    const more = await read(namesMemo.maxId)
    namesMemo.names.push(...more)
    namesMemo.maxId = more.at(-1)?.id ?? namesMemo.maxId
  }
  return new Set(namesMemo.names.filter((n) => n.registry === registry && n.id < beforeId).map((n) => n.name))
}

/** A version the check read, scored, for storing. */
export interface ScoredVersion {
  version: string
  publishedAt: string | null
  facts: VersionFacts
  removed: boolean
  history: boolean
  score: number
  band: SupplyBand
  signals: SupplySignal[]
}

/** What one check of a package found. */
export interface WatchResult {
  packageId: number
  registry: WatchedRegistry
  name: string
  /** The latest version before this check: the listings' choices are worked out again when it moved. */
  previousLatest: string | null
  status: 'ok' | 'unchanged' | 'not_found'
  etag: string | null
  latest: string | null
  added: ScoredVersion[]
  /** Known versions read again (deprecated or removed since), scored again. */
  updated: Array<ScoredVersion & { id: number }>
  verified: boolean
  scorerVersion: number
  now: Date
}

/**
 * Stores a check: the new versions and the ones read again, the package's schedule, and a review
 * item per listing for each new version of Medium or above; then what the listings show.
 */
export async function storeWatch(db: DB, r: WatchResult): Promise<void> {
  const at = r.now.toISOString()
  const statements: BatchItem<'sqlite'>[] = []
  const pkg = { registry: r.registry, name: r.name }
  for (const v of r.added) {
    statements.push(
      db
        .insert(packageVersions)
        .values({
          packageId: r.packageId,
          version: v.version,
          publishedAt: v.publishedAt,
          seenAt: at,
          facts: JSON.stringify(v.facts),
          removed: v.removed,
          history: v.history,
          score: v.score,
          band: v.band,
          signals: JSON.stringify(v.signals),
          scorerVersion: r.scorerVersion,
        })
        .onConflictDoNothing(),
    )
  }
  for (const v of r.updated) {
    statements.push(
      db
        .update(packageVersions)
        .set({
          facts: JSON.stringify(v.facts),
          removed: v.removed,
          score: v.score,
          band: v.band,
          signals: JSON.stringify(v.signals),
          scorerVersion: r.scorerVersion,
        })
        .where(eq(packageVersions.id, v.id)),
    )
  }
  for (const v of [...r.added, ...r.updated]) {
    if (v.history || !REVIEWED_BANDS.includes(v.band)) continue
    statements.push(reviewItemsFor(db, r.packageId, pkg, v, at))
  }
  statements.push(
    db
      .update(watchedPackages)
      .set({
        etag: r.status === 'unchanged' ? undefined : r.etag,
        latestVersion: r.latest ?? undefined,
        dueAt: hoursLater(r.now, r.status === 'not_found' ? 24 * 7 : WATCH_EVERY_HOURS),
        priority: 0,
        leaseUntil: null,
        failures: 0,
        lastStatus: r.status,
        lastError: null,
        checkedAt: at,
        ...(r.verified ? { verifiedAt: at } : {}),
      })
      .where(eq(watchedPackages.id, r.packageId)),
  )
  // New versions are news to guests' cached pages: once per store, however many.
  if (r.added.length) {
    statements.push(
      db
        .update(contentVersions)
        .set({ version: sql`${contentVersions.version} + 1` })
        .where(eq(contentVersions.scope, 'servers')),
    )
  }
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
  if (r.added.length || r.updated.length || r.latest !== r.previousLatest) await refreshListings(db, { packageIds: [r.packageId] })
}

/** One review item per listing that installs the package, keyed by the version, kept if it exists (with its decision). */
function reviewItemsFor(db: DB, packageId: number, pkg: { registry: string; name: string }, v: ScoredVersion, at: string) {
  const title = supplyTitle(pkg.name, v.version, v.score)
  const reason = v.signals.map((s) => `${s.reason} (${s.evidence})`).join(' ') || 'No signal.'
  return db
    .insert(reviewItems)
    .select(
      db
        .select({
          id: sql`NULL`.as('id'),
          kind: sql`'package'`.as('kind'),
          serverId: listingPackages.serverId,
          key: sql`${versionKey(pkg.registry, pkg.name, v.version)}`.as('key'),
          severity: sql`${v.band as Severity}`.as('severity'),
          title: sql`${title.slice(0, 300)}`.as('title'),
          reason: sql`${reason.slice(0, 2000)}`.as('reason'),
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

/** A failed check: backs off (2, 4, 8... hours, at most two days) and records why. */
export async function recordWatchFailure(db: DB, packageId: number, error: string, now: Date) {
  await db
    .update(watchedPackages)
    .set({
      failures: sql`${watchedPackages.failures} + 1`,
      dueAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${now.toISOString()}, '+' || min(48, 1 << min(${watchedPackages.failures} + 1, 6)) || ' hours')`,
      leaseUntil: null,
      lastStatus: 'failed',
      lastError: error.slice(0, 300),
      checkedAt: now.toISOString(),
    })
    .where(eq(watchedPackages.id, packageId))
}

/** The listing's supply chain for its page, as one statement of the detail's batch. */
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
      versions: sql<string>`(SELECT json_group_array(json_object('version', v.version, 'publishedAt', v.published_at, 'seenAt', v.seen_at,
        'removed', json(CASE WHEN v.removed THEN 'true' ELSE 'false' END), 'facts', json(v.facts), 'score', v.score, 'band', v.band,
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

export function toSupplyChain(
  rows: Awaited<ReturnType<typeof supplyChainQuery>>,
  listing: { band: SupplyBand | null; enrolled: boolean },
): ServerSupplyChain {
  return {
    enrolled: listing.enrolled,
    band: listing.band,
    packages: rows.map((r) => ({
      registry: r.registry as WatchedRegistry,
      name: r.name,
      pinned: r.pinned,
      installVersion: r.installVersion,
      band: r.band as SupplyBand | null,
      latest: r.latest,
      heldBack: r.heldBack ? (JSON.parse(r.heldBack) as { version: string; score: number }) : null,
      checkedAt: r.checkedAt,
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
