/**
 * Probing's storage: every SQL statement of it. A probe's outcome is written in one D1 batch (its
 * history row, the surface it read, the listing's tool count and search text, and when it is due
 * again), so a surface and the listing's count never disagree. Which listings are due is decided
 * by one statement that also takes a lease on them, so two cron invocations never queue a
 * listing twice. When a listing is due again, how long a lease holds and how long history is kept
 * are decided in worker/services/probing/schedule.ts and arrive here as values.
 *
 * Times are ISO 8601 strings (`toISOString()`); SQLite's `strftime('%Y-%m-%dT%H:%M:%fZ', ...)`
 * writes the same form, so they compare as text.
 */
import { canonicalJson } from '@mcp-catalogue/mcp-client'
import { and, desc, eq, gte, inArray, not, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { RiskLevel } from '@shared/scan'
import {
  PROBE_STATUSES,
  type ProbeOutcome,
  type ProbeOverview,
  type ProbeStatus,
  type ProtocolGenerations,
  type ServerToolsResponse,
  type ShippedProvenance,
  type Surface,
  type SurfaceCoverage,
  type SurfaceHashes,
  type SurfaceSummary,
} from '@shared/surface'
import { readPostedGenerations } from '../lib/posted-surface'
import { countOutcome, countVariable, emptyOutcomeGroups, orderOutcomeGroups } from '../lib/probe-outcome-groups'
import type { FindingRow, StoredScan } from '../lib/scan/stored-scan'
import { toolSearchText } from '../lib/search/tool-text'
import type { DB } from './client'
import {
  declaredScanStatements,
  findingsQuery,
  setListingRisk,
  shownSurfaceId,
  storedListErrors,
  surfaceScanStatements,
  toStoredFindings,
} from './scans'
import { packageProbeSchedule, probeDays, probeSchedule, serverProbes, serverSurfaces, servers } from './schema'

/** The probes the tools answer lists: what 'could not be reached in 3 of the last 5 tries' counts. */
export const RECENT_PROBES = 5
/** Statuses that say the server itself answered, so the probe's duration is its latency. */
export const REACHED_STATUSES: readonly ProbeStatus[] = ['ok', 'auth_required', 'protocol_error']

/**
 * A listed server with at least one remote at an http(s) address, in SQL: the same rule as
 * `readRemote` (@shared/install/source), which the consumer applies to pick the remote. The
 * cheap `<> '[]'` comes first so most listings (packages only) never have their JSON parsed.
 */
const remoteUrl = sql`lower(trim(CASE WHEN r.type = 'object' THEN json_extract(r.value, '$.url') ELSE r.value END))`
export const HAS_HTTP_REMOTE = sql`(${servers.remotes} <> '[]' AND CASE WHEN json_valid(${servers.remotes}) THEN EXISTS (
  SELECT 1 FROM json_each(${servers.remotes}) r WHERE ${remoteUrl} GLOB 'http://?*' OR ${remoteUrl} GLOB 'https://?*'
) ELSE 0 END)`

/**
 * The kind of package the probe runner reads for a listing: its first package of a registry the
 * runner knows, 'npm', 'pypi' or 'oci' (the 2025 format's 'docker' is OCI), in the listing's
 * order; null without one. Both server.json shapes, as `readPackage` (@shared/install/source)
 * reads them.
 */
export const PACKAGE_KIND = sql<string | null>`(CASE WHEN ${servers.packages} <> '[]' AND json_valid(${servers.packages}) THEN (
  SELECT CASE k WHEN 'docker' THEN 'oci' ELSE k END FROM (
    SELECT lower(trim(coalesce(json_extract(p.value, '$.registryType'), json_extract(p.value, '$.registry_type'),
      json_extract(p.value, '$.registry_name')))) AS k, p.key AS i
    FROM json_each(${servers.packages}) p WHERE p.type = 'object'
  ) WHERE k IN ('npm', 'pypi', 'oci', 'docker') ORDER BY i LIMIT 1) END)`

/** Due (a remote in probe_schedule, by default, or a package): never probed, probed at another version than the listing's (a new version: now), or its time has come. */
export const isDue = (now: string, t: typeof probeSchedule | typeof packageProbeSchedule = probeSchedule) =>
  sql`(${t.serverId} IS NULL OR ${t.version} IS NOT ${servers.version} OR ${t.dueAt} <= ${now})`
export const leaseFree = (now: string, t: typeof probeSchedule | typeof packageProbeSchedule = probeSchedule) =>
  sql`(${t.leaseUntil} IS NULL OR ${t.leaseUntil} <= ${now})`

/**
 * When a listing is due again after a probe, as its schedule row takes it (decided by
 * services/probing/schedule.ts `dueAfter`).
 */
export interface DueAfter {
  /** Due then when no failure was counted before this probe (a first failure, or no failure at all). */
  dueAt: string
  /**
   * A failure only (else null): the row's failures in a row grow by one, and it is due `from` plus
   * the ladder's step for the failures counted before (the last step for any number past it).
   */
  backoff: { from: string; ladderSeconds: readonly number[] } | null
}

export interface RecordProbeInput {
  serverId: string
  /** The listing's version the probe was made for. */
  version: string
  outcome: ProbeOutcome
  /** The surface's hashes, for an 'ok' outcome. */
  hashes: SurfaceHashes | null
  /** Read from a remote by the Worker (probe_schedule), or from a package by the probe runner (package_probe_schedule). */
  source?: 'remote' | 'package'
  /** When the listing is due again. */
  due: DueAfter
  /** For an 'ok' outcome, its surface's scan as services/scanning/surface-scan.ts planned it. */
  scan?: StoredScan
  /** For a surface shipped with the catalogue's data: who read it. A surface read here has none (and clears it when seen again). */
  shipped?: ShippedProvenance
}

/**
 * Stores one probe in one batch: its history row; for 'ok', the surface (a new row when it
 * differs from every surface of that version, else the same row seen again); when the probe was
 * of the listing's current version and read a surface, the listing's tool count and search text;
 * and when the listing is due again (`due`).
 *
 * A failed probe leaves the listing's tool count and surface as they were: what was read last
 * stays true until a probe reads something else, and the probe's status says it failed.
 *
 * @example await recordProbe(db, { serverId, version: '1.2.0', outcome, hashes, due: dueAfter(outcome.status, new Date()), scan })
 */
export async function recordProbe(db: DB, input: RecordProbeInput): Promise<void> {
  const { serverId, version, outcome, due } = input
  const source = input.source ?? 'remote'
  const surface = outcome.status === 'ok' ? outcome.surface : null
  const hashes = surface ? input.hashes : null
  if (surface && !hashes) throw new Error('recordProbe: an ok outcome needs its hashes')
  if (surface && !input.scan) throw new Error('recordProbe: an ok outcome needs its scan')
  const { backoff } = due
  const shippedJson = input.shipped ? JSON.stringify(input.shipped) : null
  const cause = outcome.cause ?? null
  const listErrors = surface && outcome.listErrors && Object.keys(outcome.listErrors).length > 0 ? JSON.stringify(outcome.listErrors) : null
  const generations = outcome.generations && Object.keys(outcome.generations).length > 0 ? JSON.stringify(outcome.generations) : null
  const probe = db.insert(serverProbes).values({
    serverId,
    version,
    target: outcome.target,
    transport: outcome.transport,
    protocolVersion: outcome.protocolVersion,
    status: outcome.status,
    error: outcome.error,
    authMetadataUrl: outcome.authMetadataUrl,
    missingVariable: outcome.missingVariable,
    surfaceHash: hashes?.surface ?? null,
    startedAt: outcome.startedAt,
    durationMs: Math.max(0, Math.round(outcome.durationMs)),
    cause,
    listErrors,
    generations,
  })
  // Remotes and packages keep the same columns in their own tables, so one listing may have both.
  const table = source === 'package' ? packageProbeSchedule : probeSchedule
  const values = {
    serverId,
    version,
    dueAt: due.dueAt,
    failures: backoff ? 1 : 0,
    lastStatus: outcome.status,
    lastProbeAt: outcome.startedAt,
    lastCause: cause,
    lastVariable: outcome.missingVariable,
    leaseUntil: null,
  }
  const set = {
    version,
    // A failure's wait is the ladder's step for the failures this row counted before it.
    dueAt: backoff
      ? sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${backoff.from}, '+' || ${ladderStep(table.failures, backoff.ladderSeconds)} || ' seconds')`
      : due.dueAt,
    failures: backoff ? sql`${table.failures} + 1` : 0,
    lastStatus: outcome.status,
    lastProbeAt: outcome.startedAt,
    lastCause: cause,
    lastVariable: outcome.missingVariable,
    leaseUntil: null,
  }
  const schedule =
    source === 'package'
      ? db
          .insert(packageProbeSchedule)
          .values({ ...values, jobId: null, jobVersion: null })
          .onConflictDoUpdate({ target: packageProbeSchedule.serverId, set: { ...set, jobId: null, jobVersion: null } })
      : db.insert(probeSchedule).values(values).onConflictDoUpdate({ target: probeSchedule.serverId, set })
  if (!surface || !hashes || !input.scan) {
    await db.batch([probe, schedule])
    return
  }
  await db.batch([
    probe,
    db
      .insert(serverSurfaces)
      .values({
        ...surfaceColumns({ serverId, version, surface, hashes }),
        source,
        protocolVersion: outcome.protocolVersion,
        transport: outcome.transport,
        serverCard: outcome.serverCard === null ? null : JSON.stringify(outcome.serverCard),
        firstSeenAt: outcome.startedAt,
        lastSeenAt: outcome.startedAt,
        shipped: shippedJson,
        listErrors,
      })
      .onConflictDoUpdate({
        target: [serverSurfaces.serverId, serverSurfaces.version, serverSurfaces.source, serverSurfaces.hash],
        // How it was reached may change without the surface changing: the latest read says.
        set: {
          lastSeenAt: outcome.startedAt,
          protocolVersion: outcome.protocolVersion,
          transport: outcome.transport,
          serverCard: outcome.serverCard === null ? null : JSON.stringify(outcome.serverCard),
          shipped: shippedJson,
          // The same surface may be read whole one day and without an (empty) list the next.
          listErrors,
        },
      }),
    ...surfaceScanStatements(db, { serverId, version, source, hash: hashes.surface, scan: input.scan, at: outcome.startedAt }),
    setListingTools(db, { serverId, version, surface }),
    schedule,
  ])
}

/** The step of `ladder` for `failures` (the last one past its end), in SQL. */
const ladderStep = (failures: SQLWrapper, ladder: readonly number[]) =>
  sql`json_extract(${JSON.stringify(ladder)}, '$[' || CAST(min(${failures}, ${ladder.length - 1}) AS INTEGER) || ']')`

/** The columns of a server_surfaces row that come from the surface itself, whatever its source. */
function surfaceColumns(input: { serverId: string; version: string; surface: Surface; hashes: SurfaceHashes }) {
  return {
    serverId: input.serverId,
    version: input.version,
    hash: input.hashes.surface,
    surface: canonicalJson(input.surface),
    toolHashes: JSON.stringify(input.hashes.tools),
    toolCount: input.surface.tools.length,
  }
}

/**
 * The listing's tool count and search text from a surface: only the two columns, only for the
 * version the listing has now, only when `unless` does not hold, and only when they change (an
 * unchanged surface read daily must not bump the content version guests' caches key on).
 */
function setListingTools(db: DB, input: { serverId: string; version: string; surface: Surface; unless?: SQL }) {
  const { serverId, version, surface } = input
  const toolText = toolSearchText(surface)
  return db
    .update(servers)
    .set({ toolCount: surface.tools.length, toolText })
    .where(
      and(
        eq(servers.id, serverId),
        eq(servers.version, version),
        input.unless && not(input.unless),
        sql`(${servers.toolCount} IS NOT ${surface.tools.length} OR ${servers.toolText} IS NOT ${toolText})`,
      ),
    )
}

/**
 * Takes the lease (until `leaseUntil`) on at most `limit` due listings with a remote (see `isDue`),
 * the longest due first, and returns their ids. One statement: a listing without a schedule row
 * gets one (never probed), and a listing another invocation holds is left alone, so a listing is
 * never queued twice.
 * @example const ids = await leaseDueRemotes(db, { now, leaseUntil: leaseEnd(now, PROBE_LEASE_MS), limit: 50 })
 */
export async function leaseDueRemotes(db: DB, opts: { now: Date; leaseUntil: string; limit: number }): Promise<string[]> {
  const now = opts.now.toISOString()
  const lease = opts.leaseUntil
  // SQLite needs the WHERE before ON CONFLICT in an INSERT ... SELECT with an upsert.
  const rows = await db.all<{ server_id: string }>(sql`
    INSERT INTO ${probeSchedule} (server_id, version, due_at, failures, lease_until)
    SELECT ${servers.id}, NULL, ${now}, 0, ${lease}
    FROM ${servers} LEFT JOIN ${probeSchedule} ON ${probeSchedule.serverId} = ${servers.id}
    WHERE ${servers.status} = 'active' AND ${HAS_HTTP_REMOTE} AND ${isDue(now)} AND ${leaseFree(now)}
    ORDER BY ${probeSchedule.dueAt} IS NOT NULL, ${probeSchedule.dueAt}
    LIMIT ${opts.limit}
    ON CONFLICT (server_id) DO UPDATE SET lease_until = excluded.lease_until
      WHERE probe_schedule.lease_until IS NULL OR probe_schedule.lease_until <= ${now}
    RETURNING server_id`)
  return rows.map((r) => r.server_id)
}

/** Gives listings back before their lease ends (a probe not started): the next cron queues them again. */
export async function releaseProbeLeases(db: DB, serverIds: readonly string[]): Promise<void> {
  if (serverIds.length === 0) return
  await db
    .update(probeSchedule)
    .set({ leaseUntil: null })
    .where(inArray(probeSchedule.serverId, [...serverIds]))
}

/** What a probe of a listing needs to know of it, read when the probe starts. */
export interface ProbeTarget {
  id: string
  version: string
  status: string
  remotes: unknown[]
}

export async function findProbeTarget(db: DB, serverId: string): Promise<ProbeTarget | null> {
  const [row] = await db
    .select({ id: servers.id, version: servers.version, status: servers.status, remotes: servers.remotes })
    .from(servers)
    .where(eq(servers.id, serverId))
    .limit(1)
  return row ?? null
}

/**
 * A listing that turned out to have nothing to probe (deleted, its remotes changed since it was
 * queued): not probed, and not due again until `dueAt` unless its version changes.
 */
export async function deferProbe(db: DB, target: Pick<ProbeTarget, 'id' | 'version'>, dueAt: string): Promise<void> {
  await db.update(probeSchedule).set({ version: target.version, dueAt, leaseUntil: null }).where(eq(probeSchedule.serverId, target.id))
}

/**
 * An admin's 'probe now': the listing is due now, and the caller takes its lease (until
 * `leaseUntil`) unless a queued probe already holds it. `queued` says whether the caller took it
 * (and so must queue the probe).
 */
export async function markRemoteDueNow(
  db: DB,
  serverId: string,
  opts: { now: Date; leaseUntil: string },
): Promise<{ queued: boolean; dueAt: string }> {
  const nowIso = opts.now.toISOString()
  const lease = opts.leaseUntil
  const [row] = await db
    .insert(probeSchedule)
    .values({ serverId, version: null, dueAt: nowIso, failures: 0, leaseUntil: lease })
    .onConflictDoUpdate({
      target: probeSchedule.serverId,
      set: { dueAt: nowIso, leaseUntil: sql`CASE WHEN ${leaseFree(nowIso)} THEN ${lease} ELSE ${probeSchedule.leaseUntil} END` },
    })
    .returning({ leaseUntil: probeSchedule.leaseUntil, dueAt: probeSchedule.dueAt })
  return { queued: row?.leaseUntil === lease, dueAt: row?.dueAt ?? nowIso }
}

/**
 * A listing's SurfaceSummary as JSON, for a select list over `servers`: what the detail answer
 * and the tools answer carry, from one definition. Resource templates count as resources.
 */
export const surfaceSummaryJson = sql<string>`json_object(
  'status', (SELECT sp.status FROM ${serverProbes} sp WHERE sp.server_id = "servers"."id" ORDER BY sp.started_at DESC, sp.id DESC LIMIT 1),
  'surface', (SELECT json_object('toolCount', s2.tool_count, 'promptCount', json_array_length(s2.surface, '$.prompts'),
      'resourceCount', json_array_length(s2.surface, '$.resources') + json_array_length(s2.surface, '$.resourceTemplates'),
      'readAt', s2.last_seen_at, 'version', s2.version, 'surfaceHash', s2.hash)
    FROM ${serverSurfaces} s2 WHERE s2.id = ${shownSurfaceId}))`

/** The summary from a row's `surfaceSummaryJson`. */
export function toSurfaceSummary(text: string): SurfaceSummary {
  const { status, surface } = JSON.parse(text) as { status: ProbeStatus | null; surface: Omit<SurfaceSummary, 'status'> | null }
  return {
    status,
    toolCount: surface?.toolCount ?? null,
    promptCount: surface?.promptCount ?? null,
    resourceCount: surface?.resourceCount ?? null,
    readAt: surface?.readAt ?? null,
    version: surface?.version ?? null,
    surfaceHash: surface?.surfaceHash ?? null,
  }
}

/**
 * The tools the registry API's `_meta` carries for a listing's current version, as read (never
 * as declared): count, names
 * (the keys of the stored tool hashes, in the server's order), the surface's hash and when it
 * was read; null when no surface of that version was read. For a select list over `servers`.
 */
export const currentToolsJson = sql<string | null>`(SELECT json_object('count', s3.tool_count,
    'names', (SELECT json_group_array(t.key) FROM json_each(s3.tool_hashes) t), 'surfaceHash', s3.hash,
    'toolHashes', json(s3.tool_hashes), 'risk', coalesce(s3.risk, 'none'), 'readAt', s3.last_seen_at)
  FROM ${serverSurfaces} s3 WHERE s3.server_id = "servers"."id" AND s3.version = "servers"."version" AND s3.source <> 'declared' ORDER BY s3.last_seen_at DESC LIMIT 1)`

/** Probes read for the health windows at most (a month of hourly back-off is 720). */
const WINDOW_ROWS_MAX = 2000

/** What `GET /api/servers/:id/tools` is made of, read in one round trip (services/probing/tools.ts makes the answer). */
export interface ServerToolsRead {
  status: string
  summary: SurfaceSummary
  /** The listing's remotes and packages: who reads its surface next (services/probing/enrolment.ts `probingBy`). */
  remotes: unknown[]
  packages: unknown[]
  /** The surface shown (the listing's version's, else the latest read) with its findings. */
  shown: NonNullable<ServerToolsResponse['surface']> | null
  /** The latest probes, newest first (RECENT_PROBES). */
  recent: Array<typeof serverProbes.$inferSelect>
  /** A remote's probes since `since`, newest first: what the health windows count. */
  window: Array<{ status: string; startedAt: string; durationMs: number }>
  declared: typeof serverSurfaces.$inferSelect | null
  /** The latest read surface of the listing's version, to compare the declared one with. */
  read: { hash: string; toolHashes: string } | null
}

/**
 * Everything `GET /api/servers/:id/tools` answers, in one round trip, with its probes since
 * `since`; null for a missing server.
 */
export async function readServerTools(db: DB, serverId: string, since: string): Promise<ServerToolsRead | null> {
  const currentVersion = sql`(SELECT ${servers.version} FROM ${servers} WHERE ${servers.id} = ${serverId})`
  const ofCurrentVersion = and(eq(serverSurfaces.serverId, serverId), sql`${serverSurfaces.version} = ${currentVersion}`)
  const shownId = sql`(SELECT ${shownSurfaceId} FROM ${servers} WHERE ${servers.id} = ${serverId})`
  const [found, shown, recent, window, declaredRows, readRows, findings] = await db.batch([
    db
      .select({ status: servers.status, summary: surfaceSummaryJson, remotes: servers.remotes, packages: servers.packages })
      .from(servers)
      .where(eq(servers.id, serverId))
      .limit(1),
    db.select().from(serverSurfaces).where(sql`${serverSurfaces.id} = ${shownId}`),
    db
      .select()
      .from(serverProbes)
      .where(eq(serverProbes.serverId, serverId))
      .orderBy(desc(serverProbes.startedAt), desc(serverProbes.id))
      .limit(RECENT_PROBES),
    db
      .select({ status: serverProbes.status, startedAt: serverProbes.startedAt, durationMs: serverProbes.durationMs })
      .from(serverProbes)
      // Uptime is a remote's: a package run by the runner is not 'up' or 'down' for anyone.
      .where(and(eq(serverProbes.serverId, serverId), gte(serverProbes.startedAt, since), sql`${serverProbes.target} LIKE 'http%'`))
      .orderBy(desc(serverProbes.startedAt))
      .limit(WINDOW_ROWS_MAX),
    db
      .select()
      .from(serverSurfaces)
      .where(and(ofCurrentVersion, eq(serverSurfaces.source, 'declared')))
      .limit(1),
    db
      .select({ hash: serverSurfaces.hash, toolHashes: serverSurfaces.toolHashes })
      .from(serverSurfaces)
      .where(and(ofCurrentVersion, sql`${serverSurfaces.source} <> 'declared'`))
      .orderBy(desc(serverSurfaces.lastSeenAt))
      .limit(1),
    findingsQuery(db, shownId),
  ])
  const row = found[0]
  if (!row) return null
  const surface = shown[0]
  return {
    status: row.status,
    summary: toSurfaceSummary(row.summary),
    remotes: row.remotes,
    packages: row.packages,
    shown: surface
      ? {
          source: surface.source as NonNullable<ServerToolsResponse['surface']>['source'],
          version: surface.version,
          hash: surface.hash,
          protocolVersion: surface.protocolVersion,
          transport: surface.transport as NonNullable<ServerToolsResponse['surface']>['transport'],
          readAt: surface.lastSeenAt,
          surface: JSON.parse(surface.surface),
          risk: (surface.risk ?? 'none') as RiskLevel,
          findings: toStoredFindings(findings),
          toolHashes: JSON.parse(surface.toolHashes),
          shipped: surface.shipped ? (JSON.parse(surface.shipped) as ShippedProvenance) : null,
          listErrors: storedListErrors(surface.listErrors),
        }
      : null,
    recent,
    window,
    declared: declaredRows[0] ?? null,
    read: readRows[0] ?? null,
  }
}

/** A surface a maintainer declares, with the hashes the Worker computed of it. */
export interface DeclareSurfaceInput {
  serverId: string
  /** The listing's current version: the surface is declared for it. */
  version: string
  surface: Surface
  hashes: SurfaceHashes
  /** Its text findings (services/scanning/surface-scan.ts declaredSurfaceFindings). */
  findings: FindingRow[]
  now?: Date
}

/** The surface declared for a listing's version (one at most). */
const declaredOf = (serverId: string, version: string) =>
  and(eq(serverSurfaces.serverId, serverId), eq(serverSurfaces.version, version), eq(serverSurfaces.source, 'declared'))

/** Read (not declared) surfaces of a listing's version, correlated with the outer `servers` row. */
const readSurfaceOf = (version: string) =>
  sql`EXISTS (SELECT 1 FROM ${serverSurfaces} r WHERE r.server_id = "servers"."id" AND r.version = ${version} AND r.source <> 'declared')`

/**
 * Stores the surface a maintainer declared for a version, in place of the one declared before
 * (one per version). Until a surface of that version is read, the declared one gives the
 * listing's tool count and search text, so search finds declared tools too; once one is read,
 * what was read counts (recordProbe), and the declared one stays only to be compared with it.
 * @example await storeDeclaredSurface(db, { serverId, version: server.version, surface, hashes, findings })
 */
export async function storeDeclaredSurface(db: DB, input: DeclareSurfaceInput): Promise<void> {
  const { serverId, version, surface } = input
  const at = (input.now ?? new Date()).toISOString()
  await db.batch([
    db.delete(serverSurfaces).where(declaredOf(serverId, version)),
    db.insert(serverSurfaces).values({
      ...surfaceColumns(input),
      source: 'declared',
      protocolVersion: null,
      transport: null,
      serverCard: null,
      firstSeenAt: at,
      lastSeenAt: at,
    }),
    ...declaredScanStatements(db, { serverId, version, hash: input.hashes.surface, rows: input.findings, at }),
    setListingTools(db, { serverId, version, surface, unless: readSurfaceOf(version) }),
  ])
}

/**
 * Removes the surface declared for a version; true when there was one. Where it gave the
 * listing's tools (none was read for that version), the listing has no tools known again.
 */
export async function removeDeclaredSurface(db: DB, serverId: string, version: string): Promise<boolean> {
  const declared = declaredOf(serverId, version)
  const [, removed] = await db.batch([
    db
      .update(servers)
      .set({ toolCount: null, toolText: null })
      .where(
        and(
          eq(servers.id, serverId),
          eq(servers.version, version),
          not(readSurfaceOf(version)),
          sql`EXISTS (SELECT 1 FROM ${serverSurfaces} WHERE ${declared})`,
        ),
      ),
    db.delete(serverSurfaces).where(declared).returning({ id: serverSurfaces.id }),
    setListingRisk(db, serverId),
  ])
  return removed.length > 0
}

const COVERAGE_KINDS: readonly SurfaceCoverage['kind'][] = ['remote', 'npm', 'pypi', 'oci', 'other']

/** The variables the admin screen names per kind, most wanted first. */
export const VARIABLES_SHOWN = 5

/** A row of `coverageQuery`: a group of listings, or (with `variable`) one of a kind's most wanted variables. */
type CoverageRow = {
  kind: SurfaceCoverage['kind']
  state: 'read' | 'declared' | 'none' | null
  status: string | null
  cause: string | null
  variable: string | null
  n: number
}

/**
 * Per kind of listed server, how many have a surface read (of any version), only one declared, or
 * none, by the latest probe's status and cause (kept in the listing's schedule row: no probe
 * history is read); and the variables its needs_config listings asked for most, VARIABLES_SHOWN
 * per kind. A listing with an http(s) remote is a remote, whatever packages it has, as the probes
 * read it there. One statement, the listings read once: a bounded number of groups comes back.
 * It binds no parameter (the limit is written in): a raw statement with parameters cannot join
 * a D1 batch through Drizzle.
 */
function coverageQuery(db: DB) {
  const hasSource = (test: ReturnType<typeof sql>) =>
    sql`EXISTS (SELECT 1 FROM ${serverSurfaces} c WHERE c.server_id = ${servers.id} AND ${test})`
  return db.all<CoverageRow>(sql`
    WITH listing AS MATERIALIZED (
      SELECT CASE WHEN remote THEN 'remote' ELSE coalesce(package_kind, 'other') END AS kind, state,
        CASE WHEN remote THEN r_status ELSE p_status END AS status,
        CASE WHEN remote THEN r_cause ELSE p_cause END AS cause,
        CASE WHEN remote THEN r_variable ELSE p_variable END AS variable
      FROM (
        SELECT ${HAS_HTTP_REMOTE} AS remote, ${PACKAGE_KIND} AS package_kind,
          CASE WHEN ${hasSource(sql`c.source <> 'declared'`)} THEN 'read' WHEN ${hasSource(sql`c.source = 'declared'`)} THEN 'declared' ELSE 'none' END AS state,
          ${probeSchedule.lastStatus} AS r_status, ${probeSchedule.lastCause} AS r_cause, ${probeSchedule.lastVariable} AS r_variable,
          ${packageProbeSchedule.lastStatus} AS p_status, ${packageProbeSchedule.lastCause} AS p_cause, ${packageProbeSchedule.lastVariable} AS p_variable
        FROM ${servers}
        LEFT JOIN ${probeSchedule} ON ${probeSchedule.serverId} = ${servers.id}
        LEFT JOIN ${packageProbeSchedule} ON ${packageProbeSchedule.serverId} = ${servers.id}
        WHERE ${servers.status} = 'active'
      )
    )
    SELECT kind, state, status, cause, NULL AS variable, count(*) AS n FROM listing GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT kind, NULL, NULL, NULL, variable, n FROM (
      SELECT kind, variable, count(*) AS n, row_number() OVER (PARTITION BY kind ORDER BY count(*) DESC, variable) AS rank
      FROM listing WHERE status = 'needs_config' AND variable IS NOT NULL AND variable <> '' GROUP BY kind, variable
    ) WHERE rank <= ${sql.raw(String(VARIABLES_SHOWN))}`)
}

function toCoverage(rows: CoverageRow[]): SurfaceCoverage[] {
  const byKind = new Map(
    COVERAGE_KINDS.map((k) => [
      k,
      { kind: k, listings: 0, read: 0, declared: 0, none: 0, reasons: {}, outcomes: emptyOutcomeGroups() } as SurfaceCoverage,
    ]),
  )
  for (const { kind, state, status, cause, variable, n } of rows) {
    const entry = byKind.get(kind)
    if (!entry) continue
    const outcomes = entry.outcomes
    if (variable !== null) {
      countVariable(outcomes, variable, n)
      continue
    }
    if (state === null) continue
    entry.listings += n
    entry[state] += n
    if (state === 'none') {
      const key = (status ?? 'never') as keyof SurfaceCoverage['reasons']
      entry.reasons[key] = (entry.reasons[key] ?? 0) + n
    }
    if (status !== null) countOutcome(outcomes, { status: status as ProbeStatus, cause }, n)
  }
  for (const { outcomes } of byKind.values()) orderOutcomeGroups(outcomes)
  return [...byKind.values()]
}

/** Errors the admin screen lists. */
const ERRORS_SHOWN = 20

/**
 * The admin screen's view, in one round trip: each probed listing's latest status (kept in its
 * schedule rows, remote and package), how many listings are due now (remotes for the Worker,
 * packages for the runner), the latest failed probes with their names, and the coverage.
 */
export async function probeOverview(db: DB, opts: { enabled: boolean; now?: Date }): Promise<ProbeOverview> {
  const now = (opts.now ?? new Date()).toISOString()
  const [byStatus, due, errors, coverage] = await db.batch([
    db.all<{ status: string; n: number }>(sql`SELECT status, count(*) AS n FROM (
      SELECT ${probeSchedule.lastStatus} AS status FROM ${probeSchedule} UNION ALL SELECT ${packageProbeSchedule.lastStatus} FROM ${packageProbeSchedule}
    ) WHERE status IS NOT NULL GROUP BY status`),
    db
      .select({
        n: sql<number>`sum(CASE WHEN ${HAS_HTTP_REMOTE} THEN ${isDue(now)} ELSE ${PACKAGE_KIND} IS NOT NULL AND ${isDue(now, packageProbeSchedule)} END)`,
      })
      .from(servers)
      .leftJoin(probeSchedule, eq(probeSchedule.serverId, servers.id))
      .leftJoin(packageProbeSchedule, eq(packageProbeSchedule.serverId, servers.id))
      .where(eq(servers.status, 'active')),
    db
      .select({
        serverId: serverProbes.serverId,
        serverName: servers.displayName,
        status: serverProbes.status,
        error: serverProbes.error,
        target: serverProbes.target,
        startedAt: serverProbes.startedAt,
      })
      .from(serverProbes)
      .innerJoin(servers, eq(servers.id, serverProbes.serverId))
      .where(sql`${serverProbes.status} <> 'ok'`)
      .orderBy(desc(serverProbes.startedAt), desc(serverProbes.id))
      .limit(ERRORS_SHOWN),
    coverageQuery(db),
  ])
  const counts = Object.fromEntries(PROBE_STATUSES.map((s) => [s, 0])) as Record<ProbeStatus, number>
  for (const { status, n } of byStatus) if (status && status in counts) counts[status as ProbeStatus] = n
  return {
    enabled: opts.enabled,
    counts,
    due: due[0]?.n ?? 0,
    lastErrors: errors.map((e) => ({ ...e, status: e.status as ProbeStatus })),
    coverage: toCoverage(coverage),
  }
}

/**
 * Folds probes started before `before` into one probe_days row per listing and day, and deletes
 * them: at most `limit` probes, the oldest first, the same ones in both statements of the batch.
 * Returns how many were folded; the caller repeats while it is `limit`.
 */
export async function foldProbeHistory(db: DB, opts: { before: string; limit: number }): Promise<number> {
  const oldest = sql`(SELECT ${serverProbes.id} FROM ${serverProbes} WHERE ${serverProbes.startedAt} < ${opts.before} ORDER BY ${serverProbes.startedAt}, ${serverProbes.id} LIMIT ${opts.limit})`
  const reached = sql.join(
    REACHED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )
  const day = sql<string>`substr(${serverProbes.startedAt}, 1, 10)`
  const reachedRow = sql`${serverProbes.status} IN (${reached})`
  const [, deleted] = await db.batch([
    db
      .insert(probeDays)
      .select(
        db
          .select({
            serverId: serverProbes.serverId,
            day: day.as('day'),
            probes: sql<number>`count(*)`.as('probes'),
            ok: sql<number>`sum(${serverProbes.status} = 'ok')`.as('ok'),
            reachedMs: sql<number>`sum(CASE WHEN ${reachedRow} THEN ${serverProbes.durationMs} ELSE 0 END)`.as('reached_ms'),
            reached: sql<number>`sum(${reachedRow})`.as('reached'),
          })
          .from(serverProbes)
          .where(sql`${serverProbes.id} IN ${oldest}`)
          .groupBy(serverProbes.serverId, day),
      )
      .onConflictDoUpdate({
        target: [probeDays.serverId, probeDays.day],
        set: {
          probes: sql`${probeDays.probes} + excluded.probes`,
          ok: sql`${probeDays.ok} + excluded.ok`,
          reachedMs: sql`${probeDays.reachedMs} + excluded.reached_ms`,
          reached: sql`${probeDays.reached} + excluded.reached`,
        },
      }),
    db.delete(serverProbes).where(sql`${serverProbes.id} IN ${oldest}`).returning({ id: serverProbes.id }),
  ])
  return deleted.length
}

/** A stored generations column as ProtocolGenerations, read as untrusted as a posted one: none is an empty object. */
export function storedGenerations(text: string | null): ProtocolGenerations {
  if (!text) return {}
  try {
    return readPostedGenerations(JSON.parse(text))
  } catch {
    return {}
  }
}
