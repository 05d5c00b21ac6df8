/**
 * Server cards inside other answers (package pages, categories, the dashboard): the card
 * columns plus whether the caller likes each one, read in the same statement. A correlated
 * EXISTS rather than a list of ids keeps any number of cards under D1's 100 bound parameters
 * and saves the second round trip.
 */
import { sql } from 'drizzle-orm'
import type { ServerSummary } from '../shared/types'
import { serverLikes, servers } from './schema'
import { type SummaryRow, summaryColumns, toSummary } from './servers'

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

/** Cards from rows selected with `cardColumns`. */
export function toCards(rows: Array<SummaryRow & { isLiked: number | boolean }>): ServerSummary[] {
  const liked = new Set(rows.filter((r) => r.isLiked).map((r) => r.id))
  return rows.map((r) => toSummary(r, liked))
}
