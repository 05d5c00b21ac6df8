/**
 * The scanner's storage: findings per stored surface, the Changes timeline, the review queue and
 * the listing's risk level, as statement builders and row mapping. What a scan stores is worked
 * out by lib/scan/stored-scan.ts; the statements for it are returned to the caller, which sends
 * them in the same batch as the surface itself (db/probes.ts), so a surface is never stored
 * without its findings, nor a listing's risk without the surface it describes. The rescan and an
 * admin's decision are run by services/scanning/, which sends these statements.
 *
 * The risk level is written by SQLite from the findings and the review decisions (`riskOf`), in
 * one place, so an admin's dismissal lowers it with the same rule that set it.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type {
  Finding,
  ReviewDecision,
  ReviewItem,
  ReviewQueueResponse,
  RiskLevel,
  ScanClass,
  ScanStats,
  Severity,
  StoredFinding,
  SurfaceAlert,
  SurfaceChangeEntry,
  SurfaceCheckResponse,
  SurfaceDiff,
} from '@shared/scan'
import type { ListErrors, Surface } from '@shared/surface'
import { SCANNER_VERSION, type ScanContext } from '../lib/scan'
import type { ToolOwner } from '../lib/scan/rule-types'
import { type FindingRow, REVIEWED, type ScanBefore, type StoredScan } from '../lib/scan/stored-scan'
import { findingKey } from '../lib/scan/summary'
import type { DB } from './client'
import { serverGradeDropsQuery, toGradeDrops } from './grade-drops'
import {
  findingCounts,
  follows,
  packageServers,
  packages,
  reviewItems,
  scanCounts,
  serverLikes,
  serverSurfaces,
  servers,
  surfaceChanges,
  surfaceFindings,
} from './schema'

/** Entries of a server's Changes timeline answered at most. */
export const CHANGES_SHOWN = 50

/** Which stored surface a statement is about: its unique key, as a subquery (the row may be inserted by the same batch). */
function surfaceIdOf(key: { serverId: string; version: string; source: string; hash: string }): SQL {
  return sql`(SELECT ${serverSurfaces.id} FROM ${serverSurfaces} WHERE ${serverSurfaces.serverId} = ${key.serverId}
    AND ${serverSurfaces.version} = ${key.version} AND ${serverSurfaces.source} = ${key.source} AND ${serverSurfaces.hash} = ${key.hash})`
}

/**
 * A surface's RiskLevel from its findings, leaving out those an admin dismissed: the highest
 * severity, 'none' without one. `surfaceId` is an SQL expression naming the surface.
 */
export function riskOf(surfaceId: SQL): SQL<RiskLevel> {
  return sql<RiskLevel>`(SELECT CASE max(CASE f.severity WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END)
      WHEN 3 THEN 'high' WHEN 2 THEN 'medium' WHEN 1 THEN 'low' ELSE 'none' END
    FROM ${surfaceFindings} f LEFT JOIN ${reviewItems} r ON r.id = f.review_id
    WHERE f.surface_id = ${surfaceId} AND coalesce(r.status, 'open') <> 'dismissed')`
}

/**
 * The id of the surface read that a listing shows: its current version's newest, else the newest
 * of any version. A declared surface is never among them: it is shown as declared, beside.
 * Correlated with the outer `servers` row (spelled out: Drizzle leaves columns of a select list
 * unqualified, which inside the subquery would name server_surfaces' own).
 */
export const shownSurfaceId = sql`(SELECT ss.id FROM ${serverSurfaces} ss WHERE ss.server_id = "servers"."id" AND ss.source <> 'declared' ORDER BY ss.version = "servers"."version" DESC, ss.last_seen_at DESC LIMIT 1)`

/**
 * The listing's risk as cards show it: the risk of the surface read that the listing shows, else
 * of the surface declared for its current version, as the tool count is chosen (db/probes.ts).
 * Correlated with the `servers` row an UPDATE writes.
 */
const listingRisk = sql`coalesce(
  (SELECT ss.risk FROM ${serverSurfaces} ss WHERE ss.id = ${shownSurfaceId}),
  (SELECT sd.risk FROM ${serverSurfaces} sd WHERE sd.server_id = "servers"."id" AND sd.source = 'declared' AND sd.version = "servers"."version"))`

/** Sets the listing's risk from its surfaces, only when it changes (it bumps the content version guests' caches key on). */
export function setListingRisk(db: DB, serverId: string) {
  return db
    .update(servers)
    .set({ risk: listingRisk })
    .where(and(eq(servers.id, serverId), sql`${servers.risk} IS NOT ${listingRisk}`))
}

/** How long an isolate keeps the catalogue's tool names before reading them again. */
export const TOOL_NAMES_MEMO_MS = 10 * 60_000
/** Tool names read at most: far above today's catalogue, and a bound on one read. */
const TOOL_NAMES_MAX = 200_000
/** Listings kept per tool name, the most established first: enough to name the original and to tell a name many share. */
export const OWNERS_PER_NAME = 3
/** (name, listing) pairs read at most: the names' bound with room for names several listings share. */
const PAIRS_MAX = 400_000

/**
 * How established a listing is, one number from its stars, likes and age: each GitHub star counts
 * 1, each like here 10 (rarer, and given by the catalogue's own people), and each 30 days listed 1,
 * up to five years (60). A squatter's new listing stands below the server it copies; only the
 * order matters. `now` is an ISO time, so the statement's text stays one.
 */
export const standingOf = (now: string, t = sql.raw('v')) =>
  sql<number>`(${t}.stars + 10 * ${t}.like_count + min(max(CAST(julianday(${now}) - julianday(${t}.created_at) AS INTEGER), 0), 1825) / 30)`

let toolNamesMemo: { at: number; context: Required<Pick<ScanContext, 'otherToolNames' | 'toolOwners'>> } | null = null

/** Forgets the memo: for tests that store listings and scan at once. */
export function forgetScanContext() {
  toolNamesMemo = null
}

interface OwnerRow {
  /** Null for a listing's row; a tool name for a name's row. */
  tool: string | null
  seq: number | null
  id: string | null
  name: string | null
  ref: string | null
  standing: number | null
}

/**
 * The names of the tools read from every listed server, and the listings that offer each (the
 * most established first, OWNERS_PER_NAME at most, active listings only), for the rules that spot
 * a name copying or imitating another listing's tool, or a text ordering the model about one
 * (ScanContext). One statement, kept per isolate for ten minutes once it has settled: the scanner
 * indexes a set and a map once per object, so every surface scanned in that time shares the same
 * ones. It answers each listing once (its id, name, registry name, standing) and each (name,
 * listing) pair by the listing's seq, so a listing's strings are not repeated per tool and its
 * ToolOwner object is shared; each name keeps its OWNERS_PER_NAME most established listings. Rows
 * read: the names-only read's (the surfaces and the pairs' DISTINCT) plus the listings with a
 * surface and one look-up per surface (574 against 447 for 403 names in test/worker/db/scan-context.test.ts).
 * A listing's own earlier names are among them (the rules tell them by ScanSelf.id).
 */
export async function scanContext(db: DB, now = Date.now()): Promise<ScanContext> {
  if (toolNamesMemo && now - toolNamesMemo.at < TOOL_NAMES_MEMO_MS) return toolNamesMemo.context
  const at = new Date(now).toISOString()
  // Each active listing with a surface once (its strings, its standing), then each (name,
  // listing) pair by the listing's seq: no window or sort over the pairs, so the rows read stay
  // near the names alone (the surfaces, their listings, the pairs' DISTINCT).
  const rows = await db.all<OwnerRow>(sql`
    SELECT NULL AS tool, v.seq, v.id, v.display_name AS name, coalesce(v.registry_name, v.name) AS ref, ${standingOf(at)} AS standing
    FROM ${servers} v
    WHERE v.status = 'active' AND EXISTS (SELECT 1 FROM ${serverSurfaces} s WHERE s.server_id = v.id AND s.source <> 'declared')
    UNION ALL
    SELECT * FROM (
      SELECT DISTINCT t.key AS tool, v.seq, NULL, NULL, NULL, NULL
      FROM ${serverSurfaces} s JOIN ${servers} v ON v.id = s.server_id, json_each(s.tool_hashes) t
      WHERE s.source <> 'declared' LIMIT ${PAIRS_MAX})`)
  const listings = new Map<number, ToolOwner>()
  const names = new Set<string>()
  const toolOwners = new Map<string, ToolOwner[]>()
  for (const row of rows) {
    if (row.tool === null) {
      if (row.seq !== null && row.id !== null)
        listings.set(row.seq, { id: row.id, name: row.name ?? row.ref ?? row.id, ref: row.ref ?? undefined, standing: row.standing ?? 0 })
      continue
    }
    if (names.size >= TOOL_NAMES_MAX && !names.has(row.tool)) continue
    names.add(row.tool)
    const owner = row.seq === null ? undefined : listings.get(row.seq)
    if (owner) keepOwner(toolOwners, row.tool, owner)
  }
  const context = { otherToolNames: names as ReadonlySet<string>, toolOwners: toolOwners as ReadonlyMap<string, readonly ToolOwner[]> }
  toolNamesMemo = { at: now, context }
  return context
}

/** Adds a listing to a name's owners, kept the most established first and OWNERS_PER_NAME at most. */
function keepOwner(toolOwners: Map<string, ToolOwner[]>, tool: string, owner: ToolOwner) {
  const list = toolOwners.get(tool)
  if (!list) {
    toolOwners.set(tool, [owner])
    return
  }
  if (list.length >= OWNERS_PER_NAME && list[list.length - 1].standing >= owner.standing) return
  let at = list.length
  while (at > 0 && list[at - 1].standing < owner.standing) at--
  list.splice(at, 0, owner)
  if (list.length > OWNERS_PER_NAME) list.pop()
}

/** What a listing's row says of it for ScanSelf: its names, addresses and standing. */
export interface SelfRow {
  id: string
  name: string
  registryName: string | null
  displayName: string
  githubUrl: string | null
  remotes: unknown[]
  metadata: Record<string, unknown>
  standing: number
}

/** The listing's row as ScanSelf's sources, a query for a batch (readScanBasis's, or on its own). */
export function selfQuery(db: DB, serverId: string, now: string) {
  return db
    .select({
      id: servers.id,
      name: servers.name,
      registryName: servers.registryName,
      displayName: servers.displayName,
      githubUrl: servers.githubUrl,
      remotes: servers.remotes,
      metadata: servers.metadata,
      standing: standingOf(now, sql.raw('"servers"')),
    })
    .from(servers)
    .where(eq(servers.id, serverId))
}

/** What the batch that stores a new surface must also know: read in one round trip before it. */
export interface ScanBasis extends ScanBefore {
  existing: { id: number; scannerVersion: number | null } | null
  previousKeys: Set<string>
  /** The listing's row, for the scan's ScanSelf (services/scanning/catalogue.ts selfOf); null for a missing listing. */
  self: SelfRow | null
}

/** A stored list_errors column (a surface's, a probe's) as ListErrors: none is an empty object. */
export const storedListErrors = (text: string | null): ListErrors => (text ? (JSON.parse(text) as ListErrors) : {})

/** Reads what storing a surface needs to know: whether it is stored already, and the one before it. */
export async function readScanBasis(
  db: DB,
  key: { serverId: string; version: string; source: 'remote' | 'package'; hash: string },
  now = new Date(),
): Promise<ScanBasis> {
  const previousId = sql`(SELECT p.id FROM ${serverSurfaces} p WHERE p.server_id = ${key.serverId} AND p.source = ${key.source}
    ORDER BY p.last_seen_at DESC, p.id DESC LIMIT 1)`
  const [existing, previous, previousFindings, self] = await db.batch([
    db
      .select({ id: serverSurfaces.id, scannerVersion: serverSurfaces.scannerVersion })
      .from(serverSurfaces)
      .where(sql`${serverSurfaces.id} = ${surfaceIdOf(key)}`),
    db
      .select({
        hash: serverSurfaces.hash,
        version: serverSurfaces.version,
        surface: serverSurfaces.surface,
        listErrors: serverSurfaces.listErrors,
      })
      .from(serverSurfaces)
      .where(sql`${serverSurfaces.id} = ${previousId}`),
    db
      .select({
        rule: surfaceFindings.rule,
        class: surfaceFindings.class,
        kind: surfaceFindings.kind,
        item: surfaceFindings.item,
        field: surfaceFindings.field,
        excerpt: surfaceFindings.excerpt,
      })
      .from(surfaceFindings)
      .where(and(sql`${surfaceFindings.surfaceId} = ${previousId}`, inArray(surfaceFindings.severity, [...REVIEWED]))),
    selfQuery(db, key.serverId, now.toISOString()),
  ])
  const before = previous[0]
  return {
    existing: existing[0] ?? null,
    previous: before
      ? {
          hash: before.hash,
          version: before.version,
          surface: JSON.parse(before.surface) as Surface,
          listErrors: storedListErrors(before.listErrors),
        }
      : null,
    previousKeys: new Set(previousFindings.map((f) => findingKey(f as Finding, null))),
    self: (self[0] as SelfRow | undefined) ?? null,
  }
}

/**
 * The statements that store a finding list for the surface `surfaceId` names: review items for
 * those of medium or above (a finding already reviewed on an earlier surface keeps its item and
 * its decision), then the findings, then the surface's risk. Findings travel as one JSON
 * parameter: D1 binds at most 100 parameters to a statement.
 */
function findingStatements(db: DB, input: { serverId: string; surfaceId: SQL; rows: FindingRow[]; at: string }) {
  const { serverId, surfaceId, rows, at } = input
  // Raw statements with parameters cannot join a D1 batch through Drizzle: these are builders.
  const each = sql`json_each(${JSON.stringify(rows)}) j`
  const field = <T>(name: string) => sql<T>`json_extract(j.value, ${`$.${name}`})`
  const statements: BatchItem<'sqlite'>[] = []
  if (rows.some((r) => r.reviewed)) {
    statements.push(
      db
        .insert(reviewItems)
        .select(
          db
            .select({
              // Every column in the table's order, as Drizzle asks of an INSERT ... SELECT; a null id is the next one.
              id: sql<number>`NULL`.as('id'),
              kind: sql<string>`'finding'`.as('kind'),
              serverId: sql<string>`${serverId}`.as('server_id'),
              key: field<string>('key').as('key'),
              severity: field<string>('severity').as('severity'),
              title: field<string>('title').as('title'),
              reason: field<string>('reason').as('reason'),
              createdAt: sql<string>`${at}`.as('created_at'),
              status: sql<string>`'open'`.as('status'),
              decidedBy: sql<null>`NULL`.as('decided_by'),
              decidedAt: sql<null>`NULL`.as('decided_at'),
              decisionReason: sql<null>`NULL`.as('decision_reason'),
            })
            .from(each)
            // SQLite needs a WHERE before ON CONFLICT in an INSERT ... SELECT.
            .where(sql`${field('reviewed')} = 1`),
        )
        .onConflictDoNothing(),
    )
  }
  if (rows.length) {
    statements.push(
      db.insert(surfaceFindings).select(
        db
          .select({
            id: sql<number>`NULL`.as('id'),
            surfaceId: sql<number>`${surfaceId}`.as('surface_id'),
            serverId: sql<string>`${serverId}`.as('server_id'),
            rule: field<string>('rule').as('rule'),
            class: field<string>('class').as('class'),
            severity: field<string>('severity').as('severity'),
            kind: field<string>('kind').as('kind'),
            item: field<string | null>('item').as('item'),
            field: field<string>('field').as('field'),
            start: field<number>('start').as('start'),
            end: field<number>('end').as('end'),
            excerpt: field<string>('excerpt').as('excerpt'),
            reason: field<string>('reason').as('reason'),
            reviewId: sql<
              number | null
            >`(SELECT r.id FROM ${reviewItems} r WHERE r.server_id = ${serverId} AND r.kind = 'finding' AND r.key = ${field('key')})`.as(
              'review_id',
            ),
          })
          .from(each),
      ),
    )
  }
  statements.push(
    db
      .update(serverSurfaces)
      .set({ risk: riskOf(surfaceId), scannerVersion: SCANNER_VERSION })
      .where(sql`${serverSurfaces.id} = ${surfaceId}`),
  )
  return statements
}

/**
 * The statements that store a read surface's scan beside it (db/probes.ts `recordProbe` sends them
 * in its batch, after the surface's own upsert), as services/scanning/surface-scan.ts planned it: the findings (a new surface's text findings, a change's findings), the Changes entry of a
 * surface other than the one read before, then the listing's risk.
 */
export function surfaceScanStatements(
  db: DB,
  input: { serverId: string; version: string; source: 'remote' | 'package'; hash: string; scan: StoredScan; at: string },
): BatchItem<'sqlite'>[] {
  const { serverId, version, source, hash, scan, at } = input
  const surfaceId = surfaceIdOf({ serverId, version, source, hash })
  const statements: BatchItem<'sqlite'>[] = []
  if (scan.writesFindings) statements.push(...findingStatements(db, { serverId, surfaceId, rows: scan.rows, at }))
  const change = scan.change
  if (change) {
    statements.push(
      db.insert(surfaceChanges).values({
        serverId,
        surfaceId: sql`${surfaceId}`,
        source,
        hash,
        previousHash: change.previousHash,
        listingVersion: version,
        diff: change.diff ? JSON.stringify(change.diff) : null,
        withoutNewVersion: change.diff?.withoutNewVersion ?? false,
        newFindings: change.newFindings,
        risk: sql`coalesce((SELECT s.risk FROM ${serverSurfaces} s WHERE s.id = ${surfaceId}), 'none')`,
        summary: change.summary,
        alert: change.alert,
        createdAt: at,
      }),
    )
  }
  statements.push(setListingRisk(db, serverId))
  return statements
}

/** The statements that store a declared surface's findings (no Changes entry: the Tools tab compares it with what is read). */
export function declaredScanStatements(db: DB, input: { serverId: string; version: string; hash: string; rows: FindingRow[]; at: string }) {
  const surfaceId = surfaceIdOf({ ...input, source: 'declared' })
  return [
    ...findingStatements(db, { serverId: input.serverId, surfaceId, rows: input.rows, at: input.at }),
    setListingRisk(db, input.serverId),
  ]
}

/**
 * Stored surfaces that rules older than `scannerVersion` scanned (or none did, as surfaces stored
 * before the scanner), the first `limit` by id: what a rescan takes.
 */
export async function staleSurfaces(db: DB, opts: { scannerVersion: number; limit: number; now?: Date }) {
  const now = (opts.now ?? new Date()).toISOString()
  // Each with its listing's row for the scan's ScanSelf, in the same statement (one row per surface).
  const rows = await db
    .select({
      id: serverSurfaces.id,
      serverId: serverSurfaces.serverId,
      surface: serverSurfaces.surface,
      // Aliased: D1 answers columns of one name (both tables' id and name) as one.
      self: {
        id: sql<string>`${servers.id}`.as('self_id'),
        name: sql<string>`${servers.name}`.as('self_name'),
        registryName: sql<string | null>`${servers.registryName}`.as('self_registry_name'),
        displayName: sql<string>`${servers.displayName}`.as('self_display_name'),
        githubUrl: sql<string | null>`${servers.githubUrl}`.as('self_github_url'),
        remotes: sql<string>`${servers.remotes}`.as('self_remotes'),
        metadata: sql<string>`${servers.metadata}`.as('self_metadata'),
        standing: standingOf(now, sql.raw('"servers"')).as('self_standing'),
      },
    })
    .from(serverSurfaces)
    .leftJoin(servers, eq(servers.id, serverSurfaces.serverId))
    .where(sql`coalesce(${serverSurfaces.scannerVersion}, 0) < ${opts.scannerVersion}`)
    .orderBy(serverSurfaces.id)
    .limit(opts.limit)
  return rows.map((r) => ({
    id: r.id,
    serverId: r.serverId,
    surface: JSON.parse(r.surface) as Surface,
    self:
      r.self && r.self.id !== null
        ? ({ ...r.self, remotes: JSON.parse(r.self.remotes ?? '[]'), metadata: JSON.parse(r.self.metadata ?? '{}') } as SelfRow)
        : null,
  }))
}

/**
 * The statements that replace a stored surface's text findings with `rows` and rewrite its risk.
 * Change findings belong to the change, not to the rules' version: they stay.
 */
export function rescanStatements(db: DB, input: { id: number; serverId: string; rows: FindingRow[]; at: string }): BatchItem<'sqlite'>[] {
  return [
    db.delete(surfaceFindings).where(and(eq(surfaceFindings.surfaceId, input.id), sql`${surfaceFindings.class} <> 'change'`)),
    ...findingStatements(db, { serverId: input.serverId, surfaceId: sql`${input.id}`, rows: input.rows, at: input.at }),
  ]
}

const decisionOf = (r: {
  status: string
  decidedBy: string | null
  decidedAt: string | null
  decisionReason: string | null
}): ReviewDecision | null =>
  r.status === 'open' || !r.decidedAt
    ? null
    : { status: r.status as ReviewDecision['status'], reason: r.decisionReason ?? '', by: r.decidedBy ?? '', at: r.decidedAt }

const findingColumns = {
  id: surfaceFindings.id,
  rule: surfaceFindings.rule,
  class: surfaceFindings.class,
  severity: surfaceFindings.severity,
  kind: surfaceFindings.kind,
  item: surfaceFindings.item,
  field: surfaceFindings.field,
  start: surfaceFindings.start,
  end: surfaceFindings.end,
  excerpt: surfaceFindings.excerpt,
  reason: surfaceFindings.reason,
  status: reviewItems.status,
  decidedBy: reviewItems.decidedBy,
  decidedAt: reviewItems.decidedAt,
  decisionReason: reviewItems.decisionReason,
}

/** The order findings are shown in: the worst first, then where they are. */
const SEVERITY_RANK = sql`CASE ${surfaceFindings.severity} WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END`

/** A surface's findings with their reviews (a query for a batch); `toStoredFindings` maps its rows. */
export function findingsQuery(db: DB, surfaceId: SQL | number) {
  return db
    .select(findingColumns)
    .from(surfaceFindings)
    .leftJoin(reviewItems, eq(reviewItems.id, surfaceFindings.reviewId))
    .where(sql`${surfaceFindings.surfaceId} = ${surfaceId}`)
    .orderBy(SEVERITY_RANK, surfaceFindings.id)
}

export function toStoredFindings(rows: Awaited<ReturnType<typeof findingsQuery>>): StoredFinding[] {
  return rows.map((r) => ({
    id: r.id,
    rule: r.rule,
    class: r.class as ScanClass,
    severity: r.severity as Severity,
    kind: r.kind as Finding['kind'],
    item: r.item,
    field: r.field,
    start: r.start,
    end: r.end,
    excerpt: r.excerpt,
    reason: r.reason,
    review: r.status ? decisionOf({ ...r, status: r.status }) : null,
  }))
}

/**
 * A server's Changes timeline, newest first (CHANGES_SHOWN at most), with the server's status for
 * the caller to decide who may see it; null for a missing server.
 */
export async function serverChanges(db: DB, serverId: string): Promise<{ status: string; entries: SurfaceChangeEntry[] } | null> {
  const [found, rows] = await db.batch([
    db.select({ status: servers.status }).from(servers).where(eq(servers.id, serverId)),
    changesQuery(db, serverId, { alertsOnly: false, limit: CHANGES_SHOWN }),
  ])
  return found[0] ? { status: found[0].status, entries: rows.map(toChangeEntry) } : null
}

/** A server's changes, newest first: all of them, or only those its followers are told of. */
function changesQuery(db: DB, serverId: string, opts: { alertsOnly: boolean; limit: number }) {
  return db
    .select()
    .from(surfaceChanges)
    .where(and(eq(surfaceChanges.serverId, serverId), opts.alertsOnly ? eq(surfaceChanges.alert, true) : undefined))
    .orderBy(desc(surfaceChanges.createdAt), desc(surfaceChanges.id))
    .limit(opts.limit)
}

function toChangeEntry(row: typeof surfaceChanges.$inferSelect): SurfaceChangeEntry {
  return {
    id: row.id,
    at: row.createdAt,
    source: row.source as SurfaceChangeEntry['source'],
    hash: row.hash,
    previousHash: row.previousHash,
    listingVersion: row.listingVersion,
    diff: row.diff ? (JSON.parse(row.diff) as SurfaceDiff) : null,
    newFindings: row.newFindings,
    risk: row.risk as RiskLevel,
    summary: row.summary,
    review: null,
  }
}

/** Entries of a server's changes feed. */
export const CHANGES_FEED_ITEMS = 50

/**
 * A server's changes feed: the server, the changes its followers are told of and its grade drops,
 * each newest first; null for a missing server.
 */
export async function alertedChanges(db: DB, serverId: string, limit: number) {
  const [found, rows, drops] = await db.batch([
    db
      .select({ status: servers.status, displayName: servers.displayName, author: servers.author, createdAt: servers.createdAt })
      .from(servers)
      .where(eq(servers.id, serverId)),
    changesQuery(db, serverId, { alertsOnly: true, limit }),
    // Its grade's falls are told to its followers too, in the same round trip.
    serverGradeDropsQuery(db, serverId, limit),
  ])
  if (!found[0]) return null
  return { server: found[0], entries: rows.map(toChangeEntry), gradeDrops: toGradeDrops(drops) }
}

/** What the pinning check reads: the listing now, and the surface a hash matches with all its findings. */
export interface PinningRead {
  /** The listing's status, its version and the hash (whole, or the tool's) of its newest read surface of that version. */
  listing: { status: string; version: string; hash: string | null } | null
  surface: SurfaceCheckResponse['surface']
}

/**
 * For the pinning check (services/scanning/pinning.ts): the surface of this listing, read or
 * declared, whose hash (of the whole surface, or of one tool's definition when `tool` is given)
 * is the one a client computed, with its risk and findings, and the listing's current hash, in
 * one round trip.
 */
export async function readPinning(db: DB, input: { serverId: string; hash: string; tool: string | null }): Promise<PinningRead> {
  const { serverId, hash, tool } = input
  // The tool's member of tool_hashes, as a JSON path (a quote cannot be in it: no stored name has one that would match).
  const toolPath = tool === null ? null : `$."${tool.replaceAll('"', '')}"`
  const matches = toolPath ? sql`json_extract(${serverSurfaces.toolHashes}, ${toolPath}) = ${hash}` : sql`${serverSurfaces.hash} = ${hash}`
  const matchedId = sql`(SELECT m.id FROM ${serverSurfaces} m WHERE m.id IN (SELECT ${serverSurfaces.id} FROM ${serverSurfaces}
    WHERE ${serverSurfaces.serverId} = ${serverId} AND ${matches}) ORDER BY m.source = 'declared', m.last_seen_at DESC LIMIT 1)`
  const [matched, findings, current] = await db.batch([
    db.select().from(serverSurfaces).where(sql`${serverSurfaces.id} = ${matchedId}`),
    findingsQuery(db, matchedId),
    db
      .select({
        status: servers.status,
        version: servers.version,
        hash: sql<string | null>`(SELECT ${toolPath ? sql`json_extract(c.tool_hashes, ${toolPath})` : sql`c.hash`}
          FROM ${serverSurfaces} c WHERE c.server_id = "servers"."id" AND c.version = "servers"."version" AND c.source <> 'declared'
          ORDER BY c.last_seen_at DESC LIMIT 1)`,
      })
      .from(servers)
      .where(eq(servers.id, serverId)),
  ])
  const row = matched[0]
  return {
    listing: current[0] ?? null,
    surface: row
      ? {
          version: row.version,
          source: row.source as 'remote' | 'package' | 'declared',
          firstSeenAt: row.firstSeenAt,
          lastSeenAt: row.lastSeenAt,
          risk: (row.risk ?? 'none') as RiskLevel,
          findings: toStoredFindings(findings),
        }
      : null,
  }
}

/** Review items answered per page of the queue. */
export const REVIEW_SHOWN = 100

/** The review queue: open items (the worst and oldest first) or decided ones (the latest decisions first), with the counts. */
export async function reviewQueue(db: DB, which: 'open' | 'decided'): Promise<ReviewQueueResponse> {
  const severity = sql`CASE ${reviewItems.severity} WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END`
  const [items, counts] = await db.batch([
    db
      .select({ item: reviewItems, serverName: servers.displayName })
      .from(reviewItems)
      .innerJoin(servers, eq(servers.id, reviewItems.serverId))
      .where(which === 'open' ? eq(reviewItems.status, 'open') : sql`${reviewItems.status} <> 'open'`)
      .orderBy(
        ...(which === 'open' ? [severity, reviewItems.createdAt, reviewItems.id] : [desc(reviewItems.decidedAt), desc(reviewItems.id)]),
      )
      .limit(REVIEW_SHOWN),
    db.select({ status: reviewItems.status, n: sql<number>`count(*)` }).from(reviewItems).groupBy(reviewItems.status),
  ])
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, c.n]))
  return {
    items: items.map(({ item, serverName }) => toReviewItem(item, serverName)),
    counts: { open: byStatus.open ?? 0, dismissed: byStatus.dismissed ?? 0, hidden: byStatus.hidden ?? 0 },
  }
}

function toReviewItem(item: typeof reviewItems.$inferSelect, serverName: string): ReviewItem {
  return {
    id: item.id,
    kind: item.kind as ReviewItem['kind'],
    serverId: item.serverId,
    serverName,
    severity: item.severity as Severity,
    title: item.title,
    reason: item.reason,
    createdAt: item.createdAt,
    status: item.status as ReviewItem['status'],
    decision: decisionOf(item),
  }
}

/** One review item with its server's name; null when there is none. */
export async function findReviewItem(db: DB, id: number): Promise<ReviewItem | null> {
  const [row] = await db
    .select({ item: reviewItems, serverName: servers.displayName })
    .from(reviewItems)
    .innerJoin(servers, eq(servers.id, reviewItems.serverId))
    .where(eq(reviewItems.id, id))
  return row ? toReviewItem(row.item, row.serverName) : null
}

/**
 * The statements of an admin's decision on a review item (services/scanning/review.ts sends them
 * in one batch): the decision, written only while the item is open (the first statement returns
 * the item when it was), and the risks it changes: a dismissed finding no longer counts in the
 * risk of any surface that has it, nor in the listing's.
 */
export function reviewDecisionStatements(
  db: DB,
  input: { id: number; serverId: string; status: 'dismissed' | 'hidden'; reason: string; by: string; at: string },
) {
  const { id } = input
  const surfacesOfItem = sql`(SELECT DISTINCT f.surface_id FROM ${surfaceFindings} f WHERE f.review_id = ${id})`
  return [
    db
      .update(reviewItems)
      .set({ status: input.status, decidedBy: input.by, decidedAt: input.at, decisionReason: input.reason })
      .where(and(eq(reviewItems.id, id), eq(reviewItems.status, 'open')))
      .returning({ id: reviewItems.id }),
    db
      .update(serverSurfaces)
      .set({ risk: riskOf(sql`${serverSurfaces.id}`) })
      .where(sql`${serverSurfaces.id} IN ${surfacesOfItem}`),
    setListingRisk(db, input.serverId),
  ] as const
}

/**
 * The advisory page's live figures, in one round trip of a few rows whatever the catalogue's
 * size: counts kept by triggers (`scan_counts`, `finding_counts`; migrations/0023) and the newest
 * scanned surface, one entry of `server_surfaces_scanned_idx`.
 */
export async function scanStats(db: DB): Promise<ScanStats> {
  const [counts, findings, last] = await db.batch([
    db.select({ name: scanCounts.name, n: scanCounts.n }).from(scanCounts),
    db
      .select({ class: findingCounts.class, severity: findingCounts.severity, count: findingCounts.n })
      .from(findingCounts)
      .where(sql`${findingCounts.n} > 0`)
      .orderBy(findingCounts.class, findingCounts.severity),
    db
      .select({ at: serverSurfaces.firstSeenAt })
      .from(serverSurfaces)
      .where(sql`${serverSurfaces.scannerVersion} IS NOT NULL`)
      .orderBy(desc(serverSurfaces.firstSeenAt))
      .limit(1),
  ])
  const kept = new Map(counts.map((c) => [c.name, c.n]))
  const risk: Record<RiskLevel, number> = { none: 0, low: 0, medium: 0, high: 0 }
  for (const level of Object.keys(risk) as RiskLevel[]) risk[level] = kept.get(`risk:${level}`) ?? 0
  return {
    surfacesScanned: kept.get('surfaces') ?? 0,
    serversScanned: kept.get('servers') ?? 0,
    findings: findings.map((f) => ({ class: f.class as ScanClass, severity: f.severity as Severity, count: f.count })),
    risk,
    lastScanAt: last[0]?.at ?? null,
  }
}

/** Dashboard entries at most, and how far back they go. */
export const ALERTS_SHOWN = 20
export const ALERT_DAYS = 30

/**
 * The dashboard's tool-change entries (a query for its batch): changes that alert, of the last
 * 30 days, on listed servers the user follows the author of, liked, or keeps in one of their
 * categories (userTies); newest first. `why` is the closest tie: a follow (0), then a like (1), then a category (2).
 */
/**
 * A user's ties to the server of the row ("servers"), for the dashboard's entries: they follow its
 * author (as the author feed names authors: the repository's owner, else the author field), liked
 * it, or keep it in one of their categories.
 */
export function userTies(userId: string) {
  // Spelled out: Drizzle leaves the select list's columns unqualified, which inside these
  // subqueries would name their own tables' columns.
  const followed = sql`EXISTS (SELECT 1 FROM ${follows} f WHERE f.user_id = ${userId} AND (f.author_name = "servers"."repo_owner"
    OR ("servers"."repo_owner" IS NULL AND "servers"."author" = f.author_name COLLATE NOCASE)))`
  const liked = sql`EXISTS (SELECT 1 FROM ${serverLikes} l WHERE l.user_id = ${userId} AND l.server_id = "servers"."id")`
  const kept = sql`EXISTS (SELECT 1 FROM ${packageServers} ps JOIN ${packages} p ON p.id = ps.package_id
    WHERE p.user_id = ${userId} AND ps.server_id = "servers"."id")`
  return {
    /** Any of the three: the row is the user's concern. */
    any: sql`(${followed} OR ${liked} OR ${kept})`,
    /** The closest tie, for `whyOf`: a follow (0), then a like (1), then a category (2). */
    why: sql<number>`CASE WHEN ${followed} THEN 0 WHEN ${liked} THEN 1 ELSE 2 END`,
  }
}

const WHY = ['follow', 'like', 'category'] as const

/** Why a dashboard entry is the user's, from `userTies(...).why`. */
export const whyOf = (n: number): (typeof WHY)[number] => WHY[n] ?? 'like'

export function surfaceAlertsQuery(db: DB, userId: string, now = new Date()) {
  const since = new Date(now.getTime() - ALERT_DAYS * 24 * 3600 * 1000).toISOString()
  const ties = userTies(userId)
  return db
    .select({
      // No two columns of one name: D1's batch answers rows as objects keyed by column name.
      changeId: surfaceChanges.id,
      serverId: surfaceChanges.serverId,
      serverName: servers.name,
      displayName: servers.displayName,
      at: surfaceChanges.createdAt,
      summary: surfaceChanges.summary,
      withoutNewVersion: surfaceChanges.withoutNewVersion,
      risk: surfaceChanges.risk,
      why: ties.why,
    })
    .from(surfaceChanges)
    .innerJoin(servers, and(eq(servers.id, surfaceChanges.serverId), eq(servers.status, 'active')))
    .where(and(eq(surfaceChanges.alert, true), sql`${surfaceChanges.createdAt} >= ${since}`, ties.any))
    .orderBy(desc(surfaceChanges.createdAt), desc(surfaceChanges.id))
    .limit(ALERTS_SHOWN)
}

export function toSurfaceAlerts(rows: Awaited<ReturnType<typeof surfaceAlertsQuery>>): SurfaceAlert[] {
  return rows.map((r) => ({
    serverId: r.serverId,
    serverName: r.serverName,
    displayName: r.displayName,
    changeId: r.changeId,
    at: r.at,
    why: whyOf(r.why),
    summary: r.summary,
    withoutNewVersion: Boolean(r.withoutNewVersion),
    risk: r.risk as RiskLevel,
  }))
}
