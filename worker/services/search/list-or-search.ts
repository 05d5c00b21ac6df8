/**
 * A page of servers as `/api/servers`, its search, the servers page and the MCP endpoint's
 * `search_servers` ask for it: a search when there is text (search.ts), else a list in an order
 * (db/servers.ts `listInOrder`).
 */
import type { ServerListQuery } from '@shared/schemas'
import type { ServerListing } from '@shared/server-list'
import type { ServerList } from '@shared/types'
import type { DB } from '../../db/client'
import { pageInfo } from '../../db/paging'
import { type ListOptions, listInOrder } from '../../db/servers'
import type { ViewerId } from '../../db/sessions'
import { searchWords } from '../../lib/search/query'
import { searchServers } from './search'

/**
 * The list options of a servers query as `/api/servers`, its search and the MCP endpoint's
 * `search_servers` read it: one mapping, so the three answer the same page for the same query.
 * Whether the Favorites view may be read is the caller's to decide.
 */
export function serverListOptions(q: ServerListQuery, listing: ServerListing, userId: ViewerId): ListOptions {
  return {
    ...listing,
    tags: q.tags,
    categories: q.category,
    page: q.page,
    limit: q.limit,
    userId,
    likedBy: q.favorites ? (userId ?? undefined) : undefined,
    rowFilters: { toolsKnown: q.tools === 'known', remote: q.remote !== undefined, packageType: q.packageType, minGrade: q.minGrade },
  }
}

/** A page of servers and its total: a search of the text, or a list; text with no word to search finds nothing. */
export async function listServers(db: DB, opts: ListOptions): Promise<ServerList> {
  if (opts.q === undefined) return listInOrder(db, opts)
  const words = searchWords(opts.q)
  if (words.length === 0) return { servers: [], ...pageInfo(0, opts) }
  const found = await searchServers(db, {
    words,
    userId: opts.userId,
    likedBy: opts.likedBy,
    tags: opts.tags ?? [],
    categories: opts.categories ?? [],
    rowFilters: opts.rowFilters,
    sortBy: opts.sortBy,
    page: opts.page,
    limit: opts.limit,
  })
  return { servers: found.servers, ...pageInfo(found.total, opts), totalCapped: found.totalCapped }
}
