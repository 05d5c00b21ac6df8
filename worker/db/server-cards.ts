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
    'risk', ${servers.risk})`
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
