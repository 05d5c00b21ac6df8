/**
 * The registry API's reads (/v0.1): listings by the name they are served under, one statement a
 * request. A name is served once: where several listings share it (two people listed the same
 * repository), the one shown is the active one, then the one imported from the registry (it holds
 * that name there), then the oldest. Pending listings are never served; deleted ones only when
 * asked for, so that mirrors can drop them.
 */
import { and, eq, gt, gte, inArray, type SQL, sql } from 'drizzle-orm'
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { RiskLevel } from '@shared/scan'
import type { SupplyBand } from '@shared/supply'
import type { Grade } from '@shared/verdict'
import type {
  InstallSummary,
  ProbeHealth,
  RegistryListing,
  RegistryPageOptions,
  RegistrySupplyEntry,
  RegistryTools,
  RegistryVersion,
} from '../lib/render/registry-api'
import type { DB } from './client'
import { keptOutput } from './kept-installs'
import { currentToolsJson } from './probes'
import { featured, packageProbeSchedule, packageServers, packages, probeSchedule, servedName, servers, serverVersions } from './schema'
import { featuredNow } from './servers'
import { installedVersionsJson } from './supply'
import { toVerdictGrades, verdictGradesJson } from './verdict-reads'

export type { RegistryPageOptions }

const served = servedName(servers)
const other = alias(servers, 'other')

/** JSON text, or null: what a correlated subquery of a listing's facts gives. */
type JsonText = string | null

/** A probe schedule's latest probe of the outer statement's `servers` row as JSON (ProbeHealth), or null when none ran: one primary-key row. */
const latestProbeJson = (schedule: typeof probeSchedule | typeof packageProbeSchedule) =>
  sql<JsonText>`(SELECT json_object('status', ps.last_status, 'at', ps.last_probe_at, 'version', ps.version, 'failuresInARow', ps.failures)
  FROM ${schedule} ps WHERE ps.server_id = "servers"."id" AND ps.last_status IS NOT NULL AND ps.last_probe_at IS NOT NULL)`

/**
 * How many public packages include the outer statement's `servers` row: its memberships by
 * `package_servers_server_idx`, each package by its primary key (CROSS JOIN keeps that order, and
 * the unary + keeps SQLite from starting at an index on is_public instead, which would read every
 * public package for each listing). Private packages are not counted, so the number says nothing
 * of them.
 */
const publicPackagesCount = sql<number>`(SELECT count(*) FROM ${packageServers} pm CROSS JOIN ${packages} pk ON pk.id = pm.package_id
  WHERE pm.server_id = "servers"."id" AND +pk.is_public = 1)`

/**
 * The registry API's columns of a listing, all read in the page's own statement (the
 * correlated subqueries each read a listing's own few rows by key): what `toListing` makes a
 * RegistryListing of. Package registries (worker/db/package-registry.ts) read the same.
 */
export const columns = {
  id: servers.id,
  name: served,
  displayName: servers.displayName,
  description: servers.description,
  version: servers.version,
  icon: servers.icon,
  githubUrl: servers.githubUrl,
  tags: servers.tags,
  categories: servers.categories,
  packages: servers.packages,
  remotes: servers.remotes,
  metadata: servers.metadata,
  status: servers.status,
  likeCount: servers.likeCount,
  stars: servers.stars,
  createdAt: servers.createdAt,
  updatedAt: servers.updatedAt,
  // The kept install options, while they are the current generator's (schema.ts).
  install: keptOutput(servers.registryInstall),
  // The tools read for the current version, in the page's own statement.
  tools: currentToolsJson,
  // The supply-chain watch's record of the package versions its install uses, likewise.
  supplyChain: installedVersionsJson,
  // The stored verdict's grades, likewise (one primary-key row a listing).
  verdict: verdictGradesJson,
  // The signals _meta (docs/registry-api.md, "Signals"): the listing's own counts and the
  // cards' kept risk, band and grade, its probe schedules' latest probes and its public packages.
  views: servers.viewCount,
  risk: servers.risk,
  supplyBand: servers.supplyBand,
  grade: servers.grade,
  health: latestProbeJson(probeSchedule),
  packageRead: latestProbeJson(packageProbeSchedule),
  publicPackages: publicPackagesCount,
}

/** Statuses the API may serve; 'pending' (imported with a problem) is not public. */
export const SERVABLE = ['active', 'deleted']

/**
 * The registry's name rule (`^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`, 3 to 200 characters) in GLOBs,
 * as D1 has no regular expressions: only allowed characters, exactly one slash with text on both
 * sides, no underscore before it. Listings named otherwise are not served.
 */
const VALID_NAME = sql`(length(${served}) BETWEEN 3 AND 200 AND ${served} NOT GLOB '*[^a-zA-Z0-9._/-]*' AND ${served} GLOB '?*/?*' AND ${served} NOT GLOB '*/*/*' AND ${served} NOT GLOB '*_*/*')`

type Ranked = Record<'status' | 'registryName' | 'createdAt' | 'id', SQLiteColumn>

/** A listing's precedence among those sharing its name, smaller first. */
const rankTerms = (t: Ranked) => [sql`${t.status} <> 'active'`, sql`${t.registryName} IS NULL`, t.createdAt, t.id]
const rank = (t: Ranked) => sql`(${sql.join(rankTerms(t), sql`, `)})`

/** No listing of the same name comes before this one. */
const SHOWN = sql`NOT EXISTS (SELECT 1 FROM ${servers} ${sql.identifier('other')} WHERE ${servedName(other)} = ${served} AND ${inArray(other.status, SERVABLE)} AND ${rank(other)} < ${rank(servers)})`

// Spelled out in full: in a select list Drizzle leaves column names unqualified.
export const isFeatured = (at: string) =>
  sql<number>`EXISTS (SELECT 1 FROM ${featured} WHERE ${featured.serverId} = ${sql.identifier('servers')}.${sql.identifier('id')} AND ${featuredNow(at)})`

/** A row of `columns` (with `featured`), as the statements answer it. */
export type Row = Omit<RegistryListing, 'featured' | 'install' | 'tools' | 'supplyChain' | 'verdict' | 'signals'> & {
  featured: number
  install: string | null
  tools: string | null
  supplyChain: string | null
  verdict: string | null
  views: number
  risk: string | null
  supplyBand: string | null
  grade: string | null
  health: string | null
  packageRead: string | null
  publicPackages: number
}

/** A row of `columns` as the registry API's listing. */
export const toListing = ({
  featured: f,
  install,
  tools,
  supplyChain,
  verdict,
  views,
  risk,
  supplyBand,
  grade,
  health,
  packageRead,
  publicPackages,
  ...row
}: Row): RegistryListing => ({
  ...row,
  featured: Boolean(f),
  install: install === null ? null : (JSON.parse(install) as InstallSummary),
  tools: tools === null ? null : (JSON.parse(tools) as RegistryTools),
  supplyChain: supplyChain === null ? null : (JSON.parse(supplyChain) as RegistrySupplyEntry[]),
  verdict: toVerdictGrades(verdict),
  signals: {
    views,
    packages: publicPackages,
    health: health === null ? null : (JSON.parse(health) as ProbeHealth),
    packageRead: packageRead === null ? null : (JSON.parse(packageRead) as ProbeHealth),
    risk: risk as RiskLevel | null,
    supplyBand: supplyBand as SupplyBand | null,
    grade: grade as Grade | null,
  },
})

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/**
 * Names a search page looks through at most: a substring of a name has no index, so a page walks
 * the name index testing each, and a fragment few names hold would walk the whole catalogue to
 * fill a page. Past this many names the page ends with what it found, and its cursor continues the
 * walk (a page may then hold fewer listings than its limit, even none, and still have a next).
 */
export const SEARCH_WALK = 1_000

/** The statuses a page serves. */
const statusesOf = (opts: Pick<RegistryPageOptions, 'includeDeleted'>) => (opts.includeDeleted ? SERVABLE : ['active'])

/** The SEARCH_WALK names after the cursor, in order, with their rows' keys (`w_seq`, `w_name`). */
const walkedNames = (opts: RegistryPageOptions) =>
  sql`SELECT ${servers.seq} AS w_seq, ${served} AS w_name FROM ${servers} WHERE +${servers.status} IN ${statusesOf(opts)}${
    opts.after !== undefined ? sql` AND ${served} > ${opts.after}` : sql``
  } ORDER BY ${served} LIMIT ${SEARCH_WALK}`

/** The last name a search page's walk reached, and how many names it walked. */
const walkHorizon = (db: DB, opts: RegistryPageOptions) =>
  db.select({ horizon: sql<string | null>`max(w_name)`, walked: sql<number>`count(*)` }).from(sql`(${walkedNames(opts)})`)

/** A search page walks at most SEARCH_WALK names; other pages read in name order until full. */
const walksNames = (opts: RegistryPageOptions) => opts.search !== undefined && opts.updatedSince === undefined

/**
 * The statement of a page in name order, from after the cursor's name: adding or removing
 * listings meanwhile never repeats or skips one that was there all along. It asks for one row
 * more than the page, which tells whether there is a next one. A search's page tests the names of
 * a walk of at most SEARCH_WALK (a co-routine in name order, which the page reads only until it
 * has its rows), so a fragment few names hold reads that many index entries, not the catalogue.
 */
export function registryPageQuery(db: DB, opts: RegistryPageOptions) {
  const statuses = statusesOf(opts)
  const walk = walksNames(opts)
  const conditions: Array<SQL | undefined> = [
    walk ? sql`${servers.seq} = w.w_seq` : undefined,
    // The unary + keeps SQLite from starting at an index on status (it has no statistics to know
    // better) and sorting the whole catalogue for every page: walking the name index stops after
    // one page. Changes since a time are few, so there it may start from the update index.
    opts.updatedSince ? inArray(servers.status, statuses) : sql`+${servers.status} IN ${statuses}`,
    VALID_NAME,
    opts.after !== undefined && !walk ? gt(served, opts.after) : undefined,
    // A walk tests the name it holds before looking its row up.
    opts.search ? sql`${walk ? sql`w.w_name` : served} LIKE ${`%${likeLiteral(opts.search)}%`} ESCAPE '\\'` : undefined,
    opts.updatedSince ? gte(servers.updatedAt, opts.updatedSince) : undefined,
    opts.version && opts.version !== 'latest' ? eq(servers.version, opts.version) : undefined,
    SHOWN,
  ]
  const fields = { ...columns, featured: isFeatured(new Date().toISOString()) }
  if (walk) {
    // No ORDER BY: sorting would read the whole walk; its rows come in the walk's (name) order,
    // and registryPage orders the few it gets.
    return db
      .select(fields)
      .from(sql`(${walkedNames(opts)}) w`)
      .crossJoin(servers)
      .where(and(...conditions))
      .limit(opts.limit + 1)
  }
  return db
    .select(fields)
    .from(servers)
    .where(and(...conditions))
    .orderBy(served)
    .limit(opts.limit + 1)
}

/**
 * A page of listings (see `registryPageQuery`) and, when more follow, the name the next page
 * starts after: the page's last listing's, or, for a search whose walk of SEARCH_WALK names did
 * not fill the page, the last name it walked (read then, in a second round trip).
 */
export async function registryPage(db: DB, opts: RegistryPageOptions): Promise<{ listings: RegistryListing[]; after: string | null }> {
  const rows = await registryPageQuery(db, opts)
  if (walksNames(opts)) rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const listings = rows.slice(0, opts.limit).map(toListing)
  if (rows.length > opts.limit) return { listings, after: listings.at(-1)!.name }
  if (!walksNames(opts)) return { listings, after: null }
  const [walk] = await walkHorizon(db, opts)
  return { listings, after: walk && walk.walked >= SEARCH_WALK ? walk.horizon : null }
}

/** The statement of the listing served under `name`. */
export const registryListingQuery = (db: DB, name: string) =>
  db
    .select({ ...columns, featured: isFeatured(new Date().toISOString()) })
    .from(servers)
    .where(and(eq(served, name), inArray(servers.status, SERVABLE), VALID_NAME))
    .orderBy(...rankTerms(servers))
    .limit(1)

/** The listing served under `name` (deleted ones too: the caller decides), or null. */
export async function registryListing(db: DB, name: string): Promise<RegistryListing | null> {
  const [row] = await registryListingQuery(db, name)
  return row ? toListing(row) : null
}

/** A stored version's columns, as RegistryVersion (package registries read the same). */
export const versionColumns = {
  version: serverVersions.version,
  status: serverVersions.status,
  publishedAt: serverVersions.publishedAt,
  upstreamUpdatedAt: serverVersions.upstreamUpdatedAt,
  packages: serverVersions.packages,
  remotes: serverVersions.remotes,
}

/** The versions the sync stored of a listing (none for one registered here), by primary key. */
export function registryVersions(db: DB, serverId: string): Promise<RegistryVersion[]> {
  return db.select(versionColumns).from(serverVersions).where(eq(serverVersions.serverId, serverId))
}
