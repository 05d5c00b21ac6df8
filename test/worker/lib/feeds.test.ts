import { parseFeed } from '@rowanmanning/feed-parser'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { feedLinksFor, feedLinkTags, feedPath, selectedTags } from '@shared/feed-links'
import { type Feed, feedUpdated, renderAtom, renderRss } from '../../../worker/lib/render/feeds/render'
import { isoTime, xmlHtmlText, xmlText } from '../../../worker/lib/render/feeds/xml'

describe('xmlText', () => {
  it('escapes the five markup characters', () => {
    expect(xmlText(`<a href="x">Tom's & co</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom&apos;s &amp; co&lt;/a&gt;')
  })

  it('drops what XML 1.0 cannot carry and keeps everything it can', () => {
    expect(xmlText('a\u0000b\u0001c\u0008d\u000be\u000cf\u001fg\ud800h\udc00i\ufffej\uffffk')).toBe('abcdefghijk')
    const kept = 'tab\there\nnew\rline é 漢字 🚀 \u007f\u0085 \ue000 \ufffd'
    expect(xmlText(kept)).toBe(kept)
  })

  it('escapes text readers take as HTML twice, so they show it rather than run it', () => {
    expect(xmlHtmlText('<script>&</script>')).toBe('&amp;lt;script&amp;gt;&amp;amp;&amp;lt;/script&amp;gt;')
  })
})

describe('isoTime', () => {
  it('writes stored times as RFC 3339 UTC, and nothing for what is no time', () => {
    expect(isoTime('2025-05-16T12:00:00Z')).toBe('2025-05-16T12:00:00.000Z')
    expect(isoTime('2025-05-16T14:00:00+02:00')).toBe('2025-05-16T12:00:00.000Z')
    expect(isoTime('soon')).toBeNull()
    expect(isoTime('')).toBeNull()
    expect(isoTime(null)).toBeNull()
  })
})

const HOSTILE = `</title><script>alert(1)</script> & "q" 'a' ]]>\u0001 end`
const feed: Feed = {
  title: `Feed ${HOSTILE}`,
  description: `About ${HOSTILE}`,
  pageUrl: 'https://c.test/servers?tags=a&b',
  selfUrl: 'https://c.test/feeds/tags/a%26b.atom',
  items: [
    {
      url: 'https://c.test/servers/1',
      title: HOSTILE,
      summary: HOSTILE,
      author: HOSTILE,
      published: '2025-01-01T00:00:00Z',
      updated: '2025-02-01T00:00:00Z',
      tags: ['a&b', '<t>'],
    },
    {
      url: 'https://c.test/servers/2',
      id: 'https://c.test/servers/2#v2',
      title: 'Two',
      summary: '',
      author: ' ',
      published: 'x',
      updated: '2025-03-01T00:00:00Z',
      tags: [],
    },
  ],
}
const clean = HOSTILE.replace('\u0001', '')
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: false,
  isArray: (n) => n === 'entry' || n === 'item',
})

describe('renderAtom', () => {
  it('writes a well-formed feed whose texts read back as written', () => {
    const xml = renderAtom(feed)
    expect(XMLValidator.validate(xml)).toBe(true)
    const doc = parser.parse(xml).feed
    expect(doc.title['#text']).toBe(`Feed ${clean}`)
    expect(doc.updated).toBe('2025-03-01T00:00:00.000Z')
    const [first, second] = doc.entry
    expect(first.title['#text']).toBe(clean)
    expect(first.summary['#text']).toBe(clean)
    expect(first.author.name).toBe(clean)
    expect(first.category.map((c: { '@term': string }) => c['@term'])).toEqual(['a&b', '<t>'])
    expect(first.published).toBe('2025-01-01T00:00:00.000Z')
    // A blank author is the catalogue's; an unreadable publication time is left out; an id of its own is kept.
    expect(second.author.name).toBe('MCP Catalogue')
    expect(second.published).toBeUndefined()
    expect(second.id).toBe('https://c.test/servers/2#v2')
    const parsed = parseFeed(xml)
    expect(parsed.items.map((i) => i.title)).toEqual([clean, 'Two'])
  })
})

describe('renderRss', () => {
  it('writes a well-formed feed whose titles read back as written and descriptions as escaped HTML', () => {
    const xml = renderRss(feed)
    expect(XMLValidator.validate(xml)).toBe(true)
    const channel = parser.parse(xml).rss.channel
    expect(channel.title).toBe(`Feed ${clean}`)
    expect(channel.lastBuildDate).toBe('Sat, 01 Mar 2025 00:00:00 GMT')
    const [first, second] = channel.item
    expect(first.title).toBe(clean)
    expect(first.description).toBe(xmlText(clean))
    expect(first['dc:creator']).toBe(clean)
    expect(first.guid).toEqual({ '#text': 'https://c.test/servers/1', '@isPermaLink': 'true' })
    expect(first.pubDate).toBe('Sat, 01 Feb 2025 00:00:00 GMT')
    expect(second.guid).toEqual({ '#text': 'https://c.test/servers/2#v2', '@isPermaLink': 'false' })
    expect(second['dc:creator']).toBeUndefined()
    expect(parseFeed(xml).items.map((i) => i.title)).toEqual([clean, 'Two'])
  })
})

describe('feedUpdated', () => {
  it('is the newest entry, else the time given for an empty feed, else the epoch', () => {
    expect(feedUpdated(feed)).toBe('2025-03-01T00:00:00.000Z')
    expect(feedUpdated({ ...feed, items: [], emptyUpdated: '2024-01-01T00:00:00Z' })).toBe('2024-01-01T00:00:00.000Z')
    expect(feedUpdated({ ...feed, items: [] })).toBe('1970-01-01T00:00:00.000Z')
  })
})

describe('feedPath', () => {
  it('names each feed', () => {
    expect(feedPath({ kind: 'new' }, 'atom')).toBe('/feeds/servers/new.atom')
    expect(feedPath({ kind: 'updated' }, 'rss')).toBe('/feeds/servers/updated.rss')
    expect(feedPath({ kind: 'tag', tag: 'c++ & go' }, 'atom')).toBe('/feeds/tags/c%2B%2B%20%26%20go.atom')
    expect(feedPath({ kind: 'author', login: 'Acme' }, 'rss')).toBe('/feeds/authors/acme.rss')
    expect(feedPath({ kind: 'package', id: 'abc' }, 'atom')).toBe('/feeds/packages/abc.atom')
  })
})

const hrefs = (pathname: string, search = '', facts = {}) => feedLinksFor(pathname, search, facts).map((l) => l.href)
const SITE = ['/feeds/servers/new.atom', '/feeds/servers/new.rss', '/feeds/servers/updated.atom', '/feeds/servers/updated.rss']

describe('feedLinksFor', () => {
  it('offers the new and updated servers on the landing page and the list', () => {
    expect(hrefs('/')).toEqual(SITE)
    expect(hrefs('/servers', '?q=postgres&page=2')).toEqual(SITE)
    expect(feedLinksFor('/', '')[0]).toEqual({
      rel: 'alternate',
      type: 'application/atom+xml',
      title: 'New MCP servers (Atom)',
      href: '/feeds/servers/new.atom',
    })
    expect(feedLinksFor('/', '')[1].type).toBe('application/rss+xml')
  })

  it("adds each selected tag's feed to a filtered list", () => {
    expect(hrefs('/servers', '?tags=Database,%20c%2B%2B,database,')).toEqual([
      ...SITE,
      '/feeds/tags/database.atom',
      '/feeds/tags/database.rss',
      '/feeds/tags/c%2B%2B.atom',
      '/feeds/tags/c%2B%2B.rss',
    ])
    expect(selectedTags(`?tags=${'x'.repeat(31)},ok`)).toEqual(['ok'])
  })

  it("offers a server page its author's feed and a public package page its own, only when told so", () => {
    expect(hrefs('/servers/abc', '', { author: 'Acme' })).toEqual(['/feeds/authors/acme.atom', '/feeds/authors/acme.rss'])
    expect(hrefs('/servers/abc')).toEqual([])
    expect(hrefs('/packages/p1', '', { publicPackage: true })).toEqual(['/feeds/packages/p1.atom', '/feeds/packages/p1.rss'])
    expect(hrefs('/packages/p1')).toEqual([])
    expect(hrefs('/packages/p1', '', { publicPackage: false })).toEqual([])
    expect(hrefs('/packages/%E0%A4', '', { publicPackage: true })).toEqual([])
  })

  it('offers nothing elsewhere', () => {
    for (const path of ['/packages', '/dashboard', '/servers/abc/edit', '/admin/sync', '/nope']) {
      expect(hrefs(path, '', { author: 'a', publicPackage: true })).toEqual([])
    }
  })
})

describe('feedLinkTags', () => {
  it('writes link tags with every attribute escaped', () => {
    expect(feedLinkTags(feedLinksFor('/servers', '?tags=%22%3E%3Cscript%3E'))).toContain(
      '<link rel="alternate" type="application/atom+xml" title="MCP servers tagged &quot;&gt;&lt;script&gt; (Atom)" href="/feeds/tags/%22%3E%3Cscript%3E.atom">',
    )
    expect(feedLinkTags([])).toBe('')
  })
})
