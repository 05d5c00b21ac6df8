import { beforeAll, describe, expect, it } from 'vitest'
import { packageServers, packages } from '../../../worker/db/schema'
import { FEED_ITEMS } from '../../../worker/lib/render/feeds/render'
import { signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { readFeed } from '../feed-reader'
import { call, db, json } from '../helpers'

const ORIGIN = 'https://catalogue.test'
const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 12, minute)).toISOString()
const serverUrl = (id: string) => `${ORIGIN}/servers/${id}`

/**
 * Control characters XML cannot carry and a non-character. (D1 stores a lone surrogate as
 * replacement characters, which XML can carry; the lib test covers it.)
 */
const INVALID_XML = '\u0000\u0001\u0008\u000b\u001f\ufffe'
const HOSTILE = {
  displayName: `</title><script>alert(1)</script> & "Tom's" ${INVALID_XML}<![CDATA[x]]>`,
  description: `<img src=x onerror="alert(2)"> & ]]> done${INVALID_XML}`,
  author: `Eve <eve@example.com> & co${INVALID_XML}`,
}
const stripped = (s: string) => [...s].filter((ch) => !INVALID_XML.includes(ch)).join('')

const ids = {
  old: '',
  mid: '',
  recent: '',
  deleted: '',
  pending: '',
  hostile: '',
  noRepo: '',
  otherOwner: '',
  publicPackage: crypto.randomUUID(),
  privatePackage: crypto.randomUUID(),
  emptyPackage: crypto.randomUUID(),
}

// The catalogue: listed at minutes 1..7, updated in another order; one deleted and one pending
// server that no feed may show; a hostile name; and three packages (public, private, empty).
beforeAll(async () => {
  const owner = { githubUrl: 'https://github.com/Acme/widget', repoOwner: 'acme' }
  ids.old = (await insertServer({ ...owner, displayName: 'Old', createdAt: at(1), updatedAt: at(30), tags: ['database', 'c++'] })).id
  ids.mid = (await insertServer({ ...owner, displayName: 'Mid', createdAt: at(2), updatedAt: at(10), tags: ['database'] })).id
  ids.recent = (await insertServer({ displayName: 'Recent', author: 'Zed', createdAt: at(3), updatedAt: at(20), tags: ['search'] })).id
  ids.deleted = (
    await insertServer({ ...owner, displayName: 'Gone', status: 'deleted', createdAt: at(4), updatedAt: at(40), tags: ['database'] })
  ).id
  ids.pending = (
    await insertServer({ ...owner, displayName: 'Waiting', status: 'pending', createdAt: at(5), updatedAt: at(41), tags: ['database'] })
  ).id
  ids.hostile = (await insertServer({ ...HOSTILE, createdAt: at(6), updatedAt: at(5), tags: ['hostile & <tag>'] })).id
  // Without a repository the author field names the author; with one, the repository's owner does.
  ids.noRepo = (await insertServer({ displayName: 'No repo', author: 'ACME', createdAt: at(7), updatedAt: at(6) })).id
  ids.otherOwner = (
    await insertServer({
      displayName: 'Other',
      author: 'acme',
      githubUrl: 'https://github.com/other/x',
      repoOwner: 'other',
      createdAt: at(8),
      updatedAt: at(7),
    })
  ).id

  const user = (await signIn('feeds-owner')).user!
  await db()
    .insert(packages)
    .values([
      { id: ids.publicPackage, userId: user.id, name: 'Data & <tools>', description: 'Databases I use', isPublic: true },
      { id: ids.privatePackage, userId: user.id, name: 'Secret list', isPublic: false },
      { id: ids.emptyPackage, userId: user.id, name: 'Empty', isPublic: true, updatedAt: at(50) },
    ])
  await db()
    .insert(packageServers)
    .values([
      { packageId: ids.publicPackage, serverId: ids.mid, addedAt: at(11) },
      { packageId: ids.publicPackage, serverId: ids.recent, addedAt: at(12) },
      { packageId: ids.publicPackage, serverId: ids.deleted, addedAt: at(13) },
      { packageId: ids.privatePackage, serverId: ids.old, addedAt: at(14) },
    ])
})

describe('GET /feeds/servers/new.atom and .rss', () => {
  it('lists active servers, newest first, with absolute links, dates, authors and tags', async () => {
    const feed = await readFeed('/feeds/servers/new.atom')
    expect(feed.entries.map((e) => e.id)).toEqual([ids.otherOwner, ids.noRepo, ids.hostile, ids.recent, ids.mid, ids.old].map(serverUrl))
    const old = feed.entries.at(-1)!
    expect(old).toMatchObject({ title: 'Old', link: serverUrl(ids.old), updated: at(30), author: 'acme', categories: ['database', 'c++'] })
    expect(old.summary).toMatch(/^Test server number/)
    expect(feed.selfUrl).toBe(`${ORIGIN}/feeds/servers/new.atom`)
    expect(feed.pageUrl).toBe(`${ORIGIN}/servers?sortBy=created`)
    // The feed changed when its newest entry did.
    expect(feed.updated).toBe(at(30))
    expect(feed.parsed.items.at(-1)).toMatchObject({ title: 'Old', url: serverUrl(ids.old) })
    expect(feed.parsed.items.at(-1)!.authors.map((a) => a.name)).toEqual(['acme'])
  })

  it('holds the same entries as RSS', async () => {
    const atom = await readFeed('/feeds/servers/new.atom')
    const rss = await readFeed('/feeds/servers/new.rss')
    expect(rss.entries.map((e) => e.link)).toEqual(atom.entries.map((e) => e.link))
    expect(rss.entries.map((e) => e.id)).toEqual(atom.entries.map((e) => e.id))
    expect(rss.raw).toContain('<guid isPermaLink="true">')
    expect(rss.entries.at(-1)).toMatchObject({ title: 'Old', author: 'acme', updated: at(30), categories: ['database', 'c++'] })
    expect(rss.parsed.items.at(-1)!.authors.map((a) => a.name)).toEqual(['acme'])
    expect(rss.updated).toBe(at(30))
  })

  it('never shows deleted or pending servers', async () => {
    for (const path of ['/feeds/servers/new.atom', '/feeds/servers/updated.rss']) {
      const { raw } = await readFeed(path)
      for (const hidden of ['Gone', 'Waiting', ids.deleted, ids.pending]) expect(raw).not.toContain(hidden)
    }
  })

  it(`holds at most ${FEED_ITEMS} entries`, async () => {
    for (let i = 0; i < FEED_ITEMS; i++)
      await insertServer({ displayName: `Bulk ${i}`, author: 'bulk', createdAt: at(100 + i), updatedAt: at(1) })
    const feed = await readFeed('/feeds/servers/new.rss')
    expect(feed.entries).toHaveLength(FEED_ITEMS)
    expect(feed.entries[0].title).toBe(`Bulk ${FEED_ITEMS - 1}`)
  })

  it('may be kept by shared caches for five minutes, for everyone alike, and answers a repeat poll with 304', async () => {
    const { res: guest, updated } = await readFeed('/feeds/servers/new.atom')
    expect(guest.headers.get('Cache-Control')).toBe('public, max-age=300')
    const etag = guest.headers.get('ETag')
    expect(etag).toBeTruthy()
    expect(guest.headers.get('Last-Modified')).toBe(new Date(updated).toUTCString())
    const again = await call('/feeds/servers/new.atom', { headers: { 'If-None-Match': etag! } })
    expect(again.status).toBe(304)
    // The session is not read: a signed-in reader gets the same public answer.
    const signedIn = await call('/feeds/servers/new.atom', (await signIn('feeds-reader')).read())
    expect(signedIn.headers.get('Cache-Control')).toBe('public, max-age=300')
    expect(signedIn.headers.get('ETag')).toBe(etag)
  })
})

describe('GET /feeds/servers/updated.atom and .rss', () => {
  it('lists servers by their last change, each change an entry of its own', async () => {
    const feed = await readFeed('/feeds/servers/updated.atom')
    const first = feed.entries.slice(0, 3)
    expect(first.map((e) => e.link)).toEqual([ids.old, ids.recent, ids.mid].map(serverUrl))
    expect(first.map((e) => e.id)).toEqual([
      `${serverUrl(ids.old)}#updated-${at(30)}`,
      `${serverUrl(ids.recent)}#updated-${at(20)}`,
      `${serverUrl(ids.mid)}#updated-${at(10)}`,
    ])
    const rss = await readFeed('/feeds/servers/updated.rss')
    expect(rss.raw).toContain(`<guid isPermaLink="false">${serverUrl(ids.old)}#updated-${at(30)}</guid>`)
    expect(rss.pageUrl).toBe(`${ORIGIN}/servers?sortBy=updated`)
  })
})

describe('GET /feeds/tags/:file', () => {
  it("lists a tag's active servers, most recently updated first, in both formats", async () => {
    for (const format of ['atom', 'rss']) {
      const feed = await readFeed(`/feeds/tags/database.${format}`)
      expect(feed.entries.map((e) => e.link)).toEqual([ids.old, ids.mid].map(serverUrl))
      expect(feed.title).toBe('MCP servers tagged database')
      expect(feed.pageUrl).toBe(`${ORIGIN}/servers?tags=database`)
    }
  })

  it('reads the tag as stored: encoded characters and any case', async () => {
    expect((await readFeed(`/feeds/tags/${encodeURIComponent('c++')}.atom`)).entries.map((e) => e.link)).toEqual([serverUrl(ids.old)])
    expect((await readFeed('/feeds/tags/DataBase.atom')).entries).toHaveLength(2)
    const hostile = await readFeed(`/feeds/tags/${encodeURIComponent('hostile & <tag>')}.rss`)
    expect(hostile.title).toBe('MCP servers tagged hostile & <tag>')
    expect(hostile.selfUrl).toBe(`${ORIGIN}/feeds/tags/hostile%20%26%20%3Ctag%3E.rss`)
  })

  it('answers 404 for a tag no listed server has, and 400 for a name that is no feed', async () => {
    for (const tag of ['nothing-here', 'search-deleted']) {
      const { status, body } = await json(`/feeds/tags/${tag}.atom`)
      expect({ status, body }).toEqual({ status: 404, body: { error: 'Feed not found', code: 'not_found' } })
    }
    await insertServer({ tags: ['only-deleted'], status: 'deleted' })
    expect((await call('/feeds/tags/only-deleted.atom')).status).toBe(404)
    for (const file of ['database.json', 'database', '.atom', `${'x'.repeat(31)}.atom`]) {
      const { status, body } = await json(`/feeds/tags/${file}`)
      expect({ file, status, code: body.code }).toEqual({ file, status: 400, code: 'invalid_input' })
    }
  })
})

describe('GET /feeds/authors/:file', () => {
  it('lists the servers of a repository owner and, without a repository, of the author field, any case', async () => {
    for (const login of ['acme', 'Acme', 'ACME']) {
      const feed = await readFeed(`/feeds/authors/${login}.atom`)
      expect(feed.entries.map((e) => e.link)).toEqual([ids.old, ids.mid, ids.noRepo].map(serverUrl))
      // Named as the newest server's repository writes the login.
      expect(feed.title).toBe('MCP servers by Acme')
      expect(feed.selfUrl).toBe(`${ORIGIN}/feeds/authors/acme.atom`)
    }
    // A listing whose repository someone else owns is theirs, whatever its author field says.
    expect((await readFeed('/feeds/authors/other.rss')).entries.map((e) => e.link)).toEqual([serverUrl(ids.otherOwner)])
  })

  it('answers 404 for an author without listed servers, and 400 for a name that is no login', async () => {
    expect((await json('/feeds/authors/nobody.atom')).status).toBe(404)
    expect((await json('/feeds/authors/bad_login.atom')).body.code).toBe('invalid_input')
    expect((await json('/feeds/authors/-x.rss')).status).toBe(400)
  })
})

describe('GET /feeds/packages/:file', () => {
  it("lists a public package's active servers, last added first, titled by the package", async () => {
    for (const format of ['atom', 'rss']) {
      const feed = await readFeed(`/feeds/packages/${ids.publicPackage}.${format}`)
      expect(feed.entries.map((e) => e.link)).toEqual([ids.recent, ids.mid].map(serverUrl))
      expect(feed.entries.map((e) => e.updated)).toEqual([at(12), at(11)])
      expect(feed.title).toBe('Data & <tools>: MCP servers in this package')
      expect(feed.pageUrl).toBe(`${ORIGIN}/packages/${ids.publicPackage}`)
      expect(feed.raw).not.toContain('Gone')
    }
  })

  it('is a valid empty feed for a public package without servers, dated by the package', async () => {
    const feed = await readFeed(`/feeds/packages/${ids.emptyPackage}.atom`)
    expect(feed.entries).toEqual([])
    expect(feed.updated).toBe(at(50))
    expect((await readFeed(`/feeds/packages/${ids.emptyPackage}.rss`)).entries).toEqual([])
  })

  it('answers 404 for a private package, even to its owner, as for an unknown one', async () => {
    const owner = await signIn('feeds-owner')
    for (const [id, init] of [
      [ids.privatePackage, {}],
      [ids.privatePackage, owner.read()],
      [crypto.randomUUID(), {}],
    ] as const) {
      const res = await call(`/feeds/packages/${id}.atom`, init)
      const text = await res.text()
      expect(res.status).toBe(404)
      expect(JSON.parse(text)).toEqual({ error: 'Package not found', code: 'package_not_found' })
      expect(text).not.toContain('Secret')
      expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    }
    expect((await json('/feeds/packages/not-a-uuid.atom')).status).toBe(400)
  })
})

// Read from the updated feeds: the new ones are full of the bulk servers by now.
describe('hostile names', () => {
  it('reach readers as the same plain text, minus what XML cannot carry, and never as markup', async () => {
    for (const path of ['/feeds/servers/updated.atom', '/feeds/servers/updated.rss']) {
      const feed = await readFeed(path)
      const entry = feed.entries.find((e) => e.link === serverUrl(ids.hostile))!
      expect(entry.title).toBe(stripped(HOSTILE.displayName))
      expect(entry.author).toBe(stripped(HOSTILE.author))
      expect(entry.categories).toEqual(['hostile & <tag>'])
      const item = feed.parsed.items.find((i) => i.url === serverUrl(ids.hostile))!
      expect(item.title).toBe(stripped(HOSTILE.displayName))
      expect(feed.raw).not.toMatch(/<script|<img|<!\[CDATA/)
      for (const ch of INVALID_XML) expect(feed.raw).not.toContain(ch)
    }
  })

  it('keep Atom summaries plain text, and escape RSS descriptions once more as readers take them as HTML', async () => {
    const atom = await readFeed('/feeds/servers/updated.atom')
    expect(atom.entries.find((e) => e.link === serverUrl(ids.hostile))!.summary).toBe(stripped(HOSTILE.description))
    const rss = await readFeed('/feeds/servers/updated.rss')
    const description = rss.entries.find((e) => e.link === serverUrl(ids.hostile))!.summary
    expect(description).toBe('&lt;img src=x onerror=&quot;alert(2)&quot;&gt; &amp; ]]&gt; done')
    // As HTML, the description is the text itself: no element at all.
    expect(description).not.toMatch(/[<>]/)
  })
})
