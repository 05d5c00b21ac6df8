/**
 * Server cards, in lists and inside other answers (search, package pages, categories, the
 * dashboard). SQLite writes each card's JSON itself (`json_object`), with whether the caller likes
 * it read in the same statement: the Worker parses one string per card instead of mapping twenty
 * columns through the driver and building the object again, which was half the CPU of a cold list
 * request. A correlated EXISTS rather than a list of ids keeps any number of cards under D1's 100
 * bound parameters and saves a second round trip.
 */
import { type SQL, sql } from 'drizzle-orm'
import { cardInstallCommand } from '@shared/install'
import type { PackageType } from '@shared/limits'
import type { ServerSummary } from '@shared/types'
import { keptOutput } from './kept-installs'
import { serverLikes, servers } from './schema'
import type { ViewerId } from './sessions'

/**
 * The command a card copies, when it is kept: the maintainer's own, else the generated one while
 * it is the current generator's (schema.ts, `cardInstall`). Null leaves it to the Worker.
 */
const keptInstall = sql`COALESCE(NULLIF(${servers.installCommand}, ''), ${keptOutput(servers.cardInstall)})`

/**
 * The type of a package of `servers.packages`, from its `json_each` row `p`: its registry type in
 * either stored shape (the registry's `registryType`, the form's `registry_type`, a legacy
 * `registry_name`), trimmed and lower-cased, a legacy `docker` read as `oci`; null for a package
 * named by a string alone or of no type (the old registry's `unknown` included). The search
 * indexes' package facets read packages the same way (migrations/0020_search_package_types.sql).
 */
const registryType = `lower(trim(COALESCE(json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registryType'),
  json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_type'),
  json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_name'))))`
const packageType = sql.raw(
  `CASE ${registryType} WHEN 'docker' THEN 'oci' WHEN '' THEN NULL WHEN 'unknown' THEN NULL ELSE ${registryType} END`,
)

/**
 * How a listing installs (ServerSummary `installKinds`): its packages' distinct types in the order
 * it lists them, then 'remote' when it has one. A scalar subquery over the row's own JSON, inside
 * the card's json_object: no statement and no index more.
 */
const installKinds = sql`json((SELECT json_group_array(kind) FROM (
  SELECT kind FROM (
    SELECT ${packageType} AS kind, p.key AS at FROM json_each(${servers.packages}) p
    UNION ALL SELECT 'remote', 1e9 WHERE ${servers.remotes} <> '[]'
  ) WHERE kind IS NOT NULL GROUP BY kind ORDER BY min(at))))`

/**
 * Whether a listing has a package of `type` (the `packageType` filter): the same reading of its
 * packages as `installKinds`, so a card shows every type it is found by. A condition per row (no
 * SQLite index can hold it): a list's page walks its sort's index keeping rows that pass. The
 * search indexes hold the same reading as facet tokens (migrations/0020_search_package_types.sql,
 * which must change with it), so a search narrows inside them.
 */
export function hasPackageType(type: PackageType): SQL {
  return sql`EXISTS (SELECT 1 FROM json_each(${servers.packages}) p WHERE ${packageType} = ${type})`
}

/**
 * The card as JSON, in the field order of ServerSummary. `installCommand` is the kept one, or
 * null for the Worker to generate (see `installSource`).
 */
function cardJson(userId: ViewerId): SQL<string> {
  const liked = sql`EXISTS (SELECT 1 FROM ${serverLikes} WHERE ${serverLikes.userId} = ${userId} AND ${serverLikes.serverId} = ${servers.id})`
  return sql<string>`json_object(
    'id', ${servers.id}, 'name', ${servers.name}, 'displayName', ${servers.displayName},
    'description', ${servers.description}, 'author', ${servers.author}, 'version', ${servers.version},
    'icon', ${servers.icon}, 'githubUrl', ${servers.githubUrl}, 'ownerAvatarUrl', ${servers.ownerAvatarUrl},
    'tags', json(${servers.tags}), 'categories', json(${servers.categories}), 'likeCount', ${servers.likeCount},
    'isLiked', json(CASE WHEN ${liked} THEN 'true' ELSE 'false' END), 'stars', ${servers.stars},
    'popularity', ${servers.popularity}, 'installCommand', ${keptInstall},
    'status', ${servers.status},
    'deprecated', CASE WHEN ${servers.upstreamStatus} = 'deprecated' THEN json_object('message', ${servers.upstreamStatusMessage}) END,
    'createdAt', ${servers.createdAt}, 'updatedAt', ${servers.updatedAt}, 'toolCount', ${servers.toolCount},
    'risk', ${servers.risk}, 'supplyBand', ${servers.supplyBand}, 'grade', ${servers.grade}, 'installKinds', ${installKinds})`
}

/**
 * What the install generator needs (name, version, packages, remotes), read only for a server
 * whose command is not kept (new or changed since the cron last generated it): the generator
 * (Claude Code's `claude mcp add` with the right runtime) runs in the Worker, so a card copies
 * what the Configuration tab shows.
 */
const installSource = sql<string | null>`CASE WHEN ${keptInstall} IS NULL THEN json_object(
  'name', ${servers.name}, 'version', ${servers.version}, 'packages', json(${servers.packages}), 'remotes', json(${servers.remotes})) END`

/**
 * Select fields for cards as `userId` sees them (a guest, null, likes nothing); `toCards` turns
 * the rows into cards.
 * @example toCards(await db.select(cardColumns(userId)).from(servers).where(eq(servers.status, 'active')))
 */
export function cardColumns(userId: ViewerId) {
  return { card: cardJson(userId).as('card'), installSource: installSource.as('install_source') }
}

/** A row selected with `cardColumns`. */
export interface CardRow {
  card: string
  installSource: string | null
}

/** A card from its row. */
export function toCard(row: CardRow): ServerSummary {
  const card = JSON.parse(row.card) as ServerSummary
  if (card.installCommand === null) card.installCommand = cardInstallCommand(JSON.parse(row.installSource!))
  return card
}

/** Cards from rows selected with `cardColumns`. */
export function toCards(rows: readonly CardRow[]): ServerSummary[] {
  return rows.map(toCard)
}
