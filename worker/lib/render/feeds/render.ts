/**
 * Atom 1.0 (RFC 4287) and RSS 2.0 documents of servers. Both are written from one `Feed`, so the
 * two formats of a feed always hold the same entries. Every text is plain text: Atom's are
 * `type="text"` and RSS descriptions are escaped for HTML as well (readers take them as HTML).
 */
import type { FeedFormat } from '@shared/feed-links'
import { isoTime, xmlHtmlText, xmlText } from './xml'

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  atom: 'application/atom+xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
}

export interface FeedItem {
  /** The page the entry links to (absolute). */
  url: string
  /** The entry's permanent id, when it is not `url` (an entry per change of a server). */
  id?: string
  title: string
  summary: string
  author: string
  published: string
  updated: string
  tags: readonly string[]
}

export interface Feed {
  title: string
  description: string
  /** The page the feed follows (absolute). */
  pageUrl: string
  /** The feed's own address (absolute): its Atom id and `rel="self"` link. */
  selfUrl: string
  /** When the feed last changed when it has no items (an empty package). */
  emptyUpdated?: string
  items: readonly FeedItem[]
}

/** Items a feed carries: enough for a reader that polls hourly, small enough to stay cheap. */
export const FEED_ITEMS = 50

const EPOCH = '1970-01-01T00:00:00.000Z'

/** The newest time in the feed: Atom's feed `updated`, RSS's `lastBuildDate` and Last-Modified. */
export function feedUpdated(feed: Feed): string {
  let newest = isoTime(feed.emptyUpdated) ?? EPOCH
  for (const item of feed.items) {
    const updated = isoTime(item.updated)
    if (updated && updated > newest) newest = updated
  }
  return newest
}

const rfc822 = (value: string) => new Date(isoTime(value) ?? EPOCH).toUTCString()

function atomEntry(item: FeedItem): string {
  const updated = isoTime(item.updated) ?? EPOCH
  const published = isoTime(item.published)
  return [
    '<entry>',
    `<id>${xmlText(item.id ?? item.url)}</id>`,
    `<title type="text">${xmlText(item.title)}</title>`,
    `<link rel="alternate" type="text/html" href="${xmlText(item.url)}"/>`,
    published ? `<published>${published}</published>` : '',
    `<updated>${updated}</updated>`,
    `<author><name>${xmlText(item.author)}</name></author>`,
    ...item.tags.map((tag) => `<category term="${xmlText(tag)}"/>`),
    `<summary type="text">${xmlText(item.summary)}</summary>`,
    '</entry>',
  ].join('')
}

/**
 * The feed as Atom 1.0. The feed-level author covers entries whose author is blank (an author is
 * required of every entry).
 * @example renderAtom({ title: 'New servers', ..., items }) // '<?xml version="1.0" ...'
 */
export function renderAtom(feed: Feed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${xmlText(feed.selfUrl)}</id>`,
    `<title type="text">${xmlText(feed.title)}</title>`,
    `<subtitle type="text">${xmlText(feed.description)}</subtitle>`,
    `<link rel="self" type="application/atom+xml" href="${xmlText(feed.selfUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(feed.pageUrl)}"/>`,
    `<updated>${feedUpdated(feed)}</updated>`,
    '<author><name>MCP Catalogue</name></author>',
    '<generator>MCP Catalogue</generator>',
    ...feed.items.map((item) => atomEntry({ ...item, author: item.author.trim() || 'MCP Catalogue' })),
    '</feed>\n',
  ].join('')
}

function rssItem(item: FeedItem): string {
  return [
    '<item>',
    `<title>${xmlText(item.title)}</title>`,
    `<link>${xmlText(item.url)}</link>`,
    `<guid isPermaLink="${item.id === undefined}">${xmlText(item.id ?? item.url)}</guid>`,
    `<pubDate>${rfc822(item.updated)}</pubDate>`,
    // RSS's <author> must be an e-mail address; Dublin Core's creator is the name itself.
    item.author.trim() ? `<dc:creator>${xmlText(item.author)}</dc:creator>` : '',
    ...item.tags.map((tag) => `<category>${xmlText(tag)}</category>`),
    `<description>${xmlHtmlText(item.summary)}</description>`,
    '</item>',
  ].join('')
}

/**
 * The feed as RSS 2.0, with an `atom:link` to itself as the RSS Advisory Board recommends. An
 * item's `pubDate` is when it last changed, so a reader that sorts by date agrees with the Atom
 * feed's order.
 */
export function renderRss(feed: Feed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${xmlText(feed.title)}</title>`,
    `<link>${xmlText(feed.pageUrl)}</link>`,
    `<description>${xmlHtmlText(feed.description)}</description>`,
    `<atom:link rel="self" type="application/rss+xml" href="${xmlText(feed.selfUrl)}"/>`,
    `<lastBuildDate>${rfc822(feedUpdated(feed))}</lastBuildDate>`,
    '<generator>MCP Catalogue</generator>',
    ...feed.items.map(rssItem),
    '</channel>',
    '</rss>\n',
  ].join('')
}

/** The feed in the format asked for. */
export const renderFeed = (feed: Feed, format: FeedFormat) => (format === 'atom' ? renderAtom(feed) : renderRss(feed))
