import { type Context, Hono } from 'hono'
import { etag } from 'hono/etag'
import { type FeedFormat, type FeedSource, feedPath, feedTitle } from '@shared/feed-links'
import { followableAuthor } from '@shared/github-url'
import { authorFeedParam, changesFeedParam, packageFeedParam, tagFeedParam } from '@shared/schemas'
import { supplySummary, supplyTitle } from '@shared/supply'
import { gradeDropTitle } from '@shared/verdict'
import { authorServers, type FeedServer, latestServers, packageFeed, taggedServers } from '../db/feeds'
import { supplyFeedEntries } from '../db/supply'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { FEED_CONTENT_TYPES, type Feed, type FeedItem, feedUpdated, renderFeed } from '../lib/render/feeds/render'
import { PACKAGE_NOT_FOUND, SERVER_NOT_FOUND } from '../middleware/authz'
import { publicCache } from '../middleware/cache'
import { validate } from '../middleware/validate'
import { alertedChanges, CHANGES_FEED_ITEMS } from '../services/scanning/reads'

/**
 * Readers poll feeds; five minutes keeps a popular feed cheap, and the ETag turns a poll after
 * that into a 304 when nothing changed.
 */
const FEED_CACHE_SECONDS = 300

const originOf = (c: Context<AppEnv>) => new URL(c.req.url).origin

/** The absolute address of a page or feed on the origin asked. */
const absolute = (c: Context<AppEnv>, path: string) => `${originOf(c)}${path}`

function serverItem(c: Context<AppEnv>, s: FeedServer, dates: { published: string; updated: string }, id?: string): FeedItem {
  return {
    url: absolute(c, `/servers/${encodeURIComponent(s.id)}`),
    ...(id === undefined ? {} : { id }),
    title: s.displayName,
    summary: s.description,
    author: s.author,
    tags: s.tags,
    ...dates,
  }
}

/** An entry whose dates are the server's own: listed, then last changed. */
const serverDates = (s: FeedServer) => ({ published: s.createdAt, updated: s.updatedAt })

function send(c: Context<AppEnv>, feed: Feed, format: FeedFormat) {
  publicCache(c, FEED_CACHE_SECONDS)
  c.header('Last-Modified', new Date(feedUpdated(feed)).toUTCString())
  return c.body(renderFeed(feed, format), 200, { 'Content-Type': FEED_CONTENT_TYPES[format] })
}

function feedOf(
  c: Context<AppEnv>,
  source: FeedSource,
  format: FeedFormat,
  pagePath: string,
  description: string,
  items: FeedItem[],
): Feed {
  return {
    title: feedTitle(source),
    description,
    pageUrl: absolute(c, pagePath),
    selfUrl: absolute(c, feedPath(source, format)),
    items,
  }
}

/**
 * The whole catalogue's newest or recently changed servers. In the updated feed each change is
 * an entry of its own (the id carries the time), so readers show a server again when it changes.
 */
const latestFeed = (order: 'new' | 'updated', format: FeedFormat) => async (c: Context<AppEnv>) => {
  const rows = await latestServers(c.var.db, order)
  const items = rows.map((s) => {
    if (order === 'new') return serverItem(c, s, serverDates(s))
    const url = absolute(c, `/servers/${encodeURIComponent(s.id)}`)
    return serverItem(c, s, serverDates(s), `${url}#updated-${s.updatedAt}`)
  })
  const sortBy = order === 'new' ? 'created' : 'updated'
  const description =
    order === 'new' ? 'MCP servers newly listed in the catalogue.' : 'MCP servers in the catalogue, most recently updated first.'
  return send(c, feedOf(c, { kind: order }, format, `/servers?sortBy=${sortBy}`, description, items), format)
}

/**
 * The supply-chain watch's findings, catalogue-wide: each new package version that scored Medium
 * or above is an entry, linked to the supply-chain section of a listed server that installs it.
 */
const supplyFeed = (format: FeedFormat) => async (c: Context<AppEnv>) => {
  const entries = await supplyFeedEntries(c.var.db)
  const items = entries.map((e): FeedItem => {
    const summary = supplySummary(e.name, e.version, e.score, e.signals)
    const anchor = `#version-${encodeURIComponent(`${e.registry}:${e.name}@${e.version}`)}`
    return {
      url: absolute(c, e.serverId ? `/servers/${encodeURIComponent(e.serverId)}?tab=supply-chain${anchor}` : ADVISORY_PAGE),
      id: absolute(c, `${ADVISORY_PAGE}#version-${e.id}`),
      title: supplyTitle(e.name, e.version, e.score),
      summary: [summary, ...e.signals.map((s) => `${s.reason} ${s.evidence}`)].join('\n'),
      author: e.registry,
      tags: [e.registry],
      published: e.at,
      updated: e.at,
    }
  })
  const source: FeedSource = { kind: 'supply-chain' }
  const feed: Feed = {
    title: feedTitle(source),
    description:
      'New versions of packages that listed MCP servers install, which the supply-chain watch scored Medium or above, newest first.',
    pageUrl: absolute(c, ADVISORY_PAGE),
    selfUrl: absolute(c, feedPath(source, format)),
    emptyUpdated: SUPPLY_FEED_START,
    items,
  }
  return send(c, feed, format)
}

const ADVISORY_PAGE = '/security/mcp-supply-chain'
/** The empty feed's date: the day the watch began. */
const SUPPLY_FEED_START = '2026-11-26T00:00:00.000Z'

/**
 * Feeds of the catalogue's servers (Atom 1.0 and RSS 2.0, the same entries in both): newly listed,
 * recently updated, per tag, per author and per public package; and the supply-chain watch's findings. Public and the same for everyone:
 * no session is read. A tag or author without any listed server, and a package that does not
 * exist or is private, answer 404.
 */
export const feedRoutes = new Hono<AppEnv>()
  .use(etag())
  .get('/servers/new.atom', latestFeed('new', 'atom'))
  .get('/servers/new.rss', latestFeed('new', 'rss'))
  .get('/servers/updated.atom', latestFeed('updated', 'atom'))
  .get('/servers/updated.rss', latestFeed('updated', 'rss'))
  .get('/supply-chain.atom', supplyFeed('atom'))
  .get('/supply-chain.rss', supplyFeed('rss'))
  .get('/tags/:file', validate('param', tagFeedParam), async (c) => {
    const { name: tag, format } = c.req.valid('param').file
    const rows = await taggedServers(c.var.db, tag)
    if (!rows.length) throw new ApiError('not_found', 'Feed not found')
    const items = rows.map((s) => serverItem(c, s, serverDates(s)))
    const page = `/servers?tags=${encodeURIComponent(tag)}`
    return send(c, feedOf(c, { kind: 'tag', tag }, format, page, `MCP servers tagged ${tag}, most recently updated first.`, items), format)
  })
  .get('/authors/:file', validate('param', authorFeedParam), async (c) => {
    const { name, format } = c.req.valid('param').file
    const rows = await authorServers(c.var.db, name)
    if (!rows.length) throw new ApiError('not_found', 'Feed not found')
    // The login as its owner writes it (the address has it in lower case), as the server page names it.
    const login = followableAuthor(rows[0]) ?? name
    const items = rows.map((s) => serverItem(c, s, serverDates(s)))
    // The catalogue has no author page: the feed's page is the author's newest server.
    const page = `/servers/${encodeURIComponent(rows[0].id)}`
    const description = `MCP servers by ${login}, most recently updated first.`
    return send(c, feedOf(c, { kind: 'author', login }, format, page, description, items), format)
  })
  .get('/packages/:file', validate('param', packageFeedParam), async (c) => {
    const { name: id, format } = c.req.valid('param').file
    const pkg = await packageFeed(c.var.db, id)
    if (!pkg) throw new ApiError('package_not_found', PACKAGE_NOT_FOUND)
    // An entry is a server joining the package: its time is when it was added.
    const items = pkg.servers.map((s) => serverItem(c, s, { published: s.addedAt, updated: s.addedAt }))
    const source: FeedSource = { kind: 'package', id }
    const feed: Feed = {
      title: feedTitle(source, pkg.name),
      description: pkg.description?.trim() || `The MCP servers in the package ${pkg.name}, last added first.`,
      pageUrl: absolute(c, `/packages/${encodeURIComponent(id)}`),
      selfUrl: absolute(c, feedPath(source, format)),
      emptyUpdated: pkg.updatedAt,
      items,
    }
    return send(c, feed, format)
  })
  .get('/changes/:file', validate('param', changesFeedParam), async (c) => {
    const { name: id, format } = c.req.valid('param').file
    const found = await alertedChanges(c.var.db, id, CHANGES_FEED_ITEMS)
    if (found?.server.status !== 'active') throw new ApiError('server_not_found', SERVER_NOT_FOUND)
    const { server, entries, gradeDrops } = found
    const page = `/servers/${encodeURIComponent(id)}?tab=changes`
    // An entry per change, its id the change's own, so a reader shows each change once.
    const changes = entries.map(
      (e): FeedItem => ({
        url: absolute(c, `${page}#change-${e.id}`),
        id: absolute(c, `/servers/${encodeURIComponent(id)}#change-${e.id}`),
        title: `${server.displayName}: ${e.summary}`,
        summary: `${e.summary}. Risk: ${e.risk}. Version ${e.listingVersion}, surface ${e.hash.slice(0, 12)}.`,
        author: server.author,
        tags: [],
        published: e.at,
        updated: e.at,
      }),
    )
    // A fall of the catalogue's grade, linked to the verdict that explains it.
    const drops = gradeDrops.map(
      (d): FeedItem => ({
        url: absolute(c, `/servers/${encodeURIComponent(id)}?tab=verdict`),
        id: absolute(c, `/servers/${encodeURIComponent(id)}#grade-drop-${d.id}`),
        title: `${server.displayName}: ${gradeDropTitle(d.from, d.to)}`,
        summary: d.reasons.join('\n'),
        author: server.author,
        tags: [],
        published: d.at,
        updated: d.at,
      }),
    )
    const items = [...changes, ...drops].sort((a, b) => b.published.localeCompare(a.published)).slice(0, CHANGES_FEED_ITEMS)
    const source: FeedSource = { kind: 'changes', id }
    const feed: Feed = {
      title: feedTitle(source, server.displayName),
      description: `Changes to the tools of ${server.displayName}, new findings of medium risk or above and falls of its grade, newest first.`,
      pageUrl: absolute(c, page),
      selfUrl: absolute(c, feedPath(source, format)),
      emptyUpdated: server.createdAt,
      items,
    }
    return send(c, feed, format)
  })
