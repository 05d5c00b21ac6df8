/**
 * Reads a feed as feed readers do, and checks it on the way: well-formed XML (fast-xml-parser's
 * validator), the elements Atom 1.0 (RFC 4287) and RSS 2.0 require, and what a well-kept reader
 * (@rowanmanning/feed-parser) makes of it.
 */
import { parseFeed } from '@rowanmanning/feed-parser'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { expect } from 'vitest'
import { call } from './helpers'

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['entry', 'item', 'link', 'atom:link', 'category'].includes(name),
  // Keep every text as written (no number or boolean guessing) so it compares as text.
  parseTagValue: false,
  trimValues: false,
})

/** Atom's text constructs come back as `{ '#text', '@type' }`; an empty one as ''. */
const text = (node: unknown): string =>
  typeof node === 'string' ? node : node && typeof node === 'object' ? String((node as Record<string, unknown>)['#text'] ?? '') : ''

const isAbsolute = (url: string) => /^https?:\/\//.test(url) && new URL(url).href.length > 0

export interface ReadEntry {
  id: string
  title: string
  link: string
  updated: string
  summary: string
  author: string
  categories: string[]
}

export interface ReadFeed {
  res: Response
  raw: string
  title: string
  selfUrl: string
  pageUrl: string
  updated: string
  entries: ReadEntry[]
  /** What the feed-parser made of it. */
  parsed: ReturnType<typeof parseFeed>
}

function checkAtom(doc: any): Omit<ReadFeed, 'res' | 'raw' | 'parsed'> {
  const feed = doc.feed
  expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom')
  for (const field of ['id', 'title', 'updated']) expect(text(feed[field]), `feed ${field}`).not.toBe('')
  expect(text(feed.updated)).toMatch(RFC3339)
  const self = feed.link.find((l: any) => l['@rel'] === 'self')
  const page = feed.link.find((l: any) => l['@rel'] === 'alternate')
  expect(isAbsolute(self['@href'])).toBe(true)
  expect(isAbsolute(page['@href'])).toBe(true)
  const entries = (feed.entry ?? []).map((e: any): ReadEntry => {
    for (const field of ['id', 'title', 'updated']) expect(text(e[field]), `entry ${field}`).not.toBe('')
    expect(text(e.updated)).toMatch(RFC3339)
    if (e.published !== undefined) expect(text(e.published)).toMatch(RFC3339)
    expect(text(e.author?.name)).not.toBe('')
    expect(e.title['@type']).toBe('text')
    expect(e.summary['@type']).toBe('text')
    const link = e.link.find((l: any) => l['@rel'] === 'alternate')['@href']
    expect(isAbsolute(link)).toBe(true)
    return {
      id: text(e.id),
      title: text(e.title),
      link,
      updated: text(e.updated),
      summary: text(e.summary),
      author: text(e.author.name),
      categories: (e.category ?? []).map((c: any) => c['@term']),
    }
  })
  return { title: text(feed.title), selfUrl: self['@href'], pageUrl: page['@href'], updated: text(feed.updated), entries }
}

function checkRss(doc: any): Omit<ReadFeed, 'res' | 'raw' | 'parsed'> {
  expect(doc.rss['@version']).toBe('2.0')
  const channel = doc.rss.channel
  expect(typeof channel.title).toBe('string')
  expect(typeof channel.description).toBe('string')
  expect(isAbsolute(channel.link[0])).toBe(true)
  const self = channel['atom:link'][0]
  expect(self['@rel']).toBe('self')
  expect(channel.lastBuildDate).toMatch(RFC822)
  const entries = (channel.item ?? []).map((i: any): ReadEntry => {
    expect(i.title, 'item title').not.toBe('')
    expect(i.pubDate).toMatch(RFC822)
    expect(isAbsolute(i.link[0])).toBe(true)
    return {
      id: text(i.guid),
      title: i.title,
      link: i.link[0],
      updated: new Date(i.pubDate).toISOString(),
      summary: i.description,
      author: i['dc:creator'] ?? '',
      categories: (i.category ?? []).map(text),
    }
  })
  return {
    title: channel.title,
    selfUrl: self['@href'],
    pageUrl: channel.link[0],
    updated: new Date(channel.lastBuildDate).toISOString(),
    entries,
  }
}

/**
 * Fetches a feed and reads it; fails the test when it is not well-formed or lacks what its format
 * requires.
 * @example const feed = await readFeed('/feeds/servers/new.atom')
 */
export async function readFeed(path: string, init?: RequestInit): Promise<ReadFeed> {
  const res = await call(path, init)
  expect(res.status, path).toBe(200)
  const raw = await res.text()
  expect(XMLValidator.validate(raw)).toBe(true)
  const doc = xml.parse(raw)
  const format = path.endsWith('.atom') ? 'atom' : 'rss'
  expect(res.headers.get('Content-Type')).toBe(`application/${format}+xml; charset=utf-8`)
  const read = format === 'atom' ? checkAtom(doc) : checkRss(doc)
  const parsed = parseFeed(raw)
  expect(parsed.meta.type).toBe(format)
  expect(parsed.items.map((i) => i.id)).toEqual(read.entries.map((e) => e.id))
  return { res, raw, parsed, ...read }
}
