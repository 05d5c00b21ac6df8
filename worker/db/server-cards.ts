/**
 * Server cards inside other answers (package pages, categories, the dashboard): the card
 * columns plus whether the caller likes each one, read in the same statement. A correlated
 * EXISTS rather than a list of ids keeps any number of cards under D1's 100 bound parameters
 * and saves the second round trip.
 */
import { sql } from 'drizzle-orm'
import { cardInstallCommand } from '../lib/install'
import type { ServerSummary } from '../shared/types'
import { type ServerRow, serverLikes, servers } from './schema'

/** Columns a card needs; README text, metadata and the like stay out of list queries. */
export const summaryColumns = {
  seq: servers.seq,
  id: servers.id,
  name: servers.name,
  displayName: servers.displayName,
  description: servers.description,
  author: servers.author,
  version: servers.version,
  icon: servers.icon,
  githubUrl: servers.githubUrl,
  ownerAvatarUrl: servers.ownerAvatarUrl,
  tags: servers.tags,
  categories: servers.categories,
  likeCount: servers.likeCount,
  stars: servers.stars,
  popularity: servers.popularity,
  installCommand: servers.installCommand,
  // Cards carry the install command, built from these.
  packages: servers.packages,
  remotes: servers.remotes,
  status: servers.status,
  upstreamStatus: servers.upstreamStatus,
  upstreamStatusMessage: servers.upstreamStatusMessage,
  createdAt: servers.createdAt,
  updatedAt: servers.updatedAt,
}
export type SummaryRow = { [K in keyof typeof summaryColumns]: ServerRow[K] }

/**
 * A card's install command: the one stored for the server, else the install generator's (Claude
 * Code's `claude mcp add` with the right runtime), so a card copies what the Configuration tab
 * shows rather than one npx command for every server.
 */
export function installCommandFor(row: {
  installCommand: string | null
  name: string
  version: string
  packages: unknown[]
  remotes: unknown[]
}) {
  return row.installCommand || cardInstallCommand(row)
}

/** A card from its row; `liked` holds the ids the caller likes. */
export function toSummary(row: SummaryRow, liked: Set<string>): ServerSummary {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    author: row.author,
    version: row.version,
    icon: row.icon,
    githubUrl: row.githubUrl,
    ownerAvatarUrl: row.ownerAvatarUrl,
    tags: row.tags,
    categories: row.categories,
    likeCount: row.likeCount,
    isLiked: liked.has(row.id),
    stars: row.stars,
    popularity: row.popularity,
    installCommand: installCommandFor(row),
    status: row.status as ServerSummary['status'],
    deprecated: row.upstreamStatus === 'deprecated' ? { message: row.upstreamStatusMessage } : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/**
 * Select fields for cards as `userId` sees them (a guest, null, likes nothing).
 * @example db.select(cardColumns(userId)).from(servers).where(eq(servers.status, 'active'))
 */
export function cardColumns(userId: string | null) {
  return {
    ...summaryColumns,
    isLiked:
      sql<number>`EXISTS (SELECT 1 FROM ${serverLikes} WHERE ${serverLikes.userId} = ${userId} AND ${serverLikes.serverId} = ${servers.id})`.as(
        'is_liked',
      ),
  }
}

/** A row selected with `cardColumns`. */
export type CardRow = SummaryRow & { isLiked: number | boolean }

/** Cards from rows selected with `cardColumns`. */
export function toCards(rows: CardRow[]): ServerSummary[] {
  const liked = new Set(rows.filter((r) => r.isLiked).map((r) => r.id))
  return rows.map((r) => toSummary(r, liked))
}
