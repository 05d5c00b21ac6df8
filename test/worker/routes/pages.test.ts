/**
 * The SPA's pages as the Worker serves them: each with its own head and summary, read with a
 * real HTML parser, and real statuses for what does not exist or may not be seen.
 */
import { eq } from 'drizzle-orm'
import { parseHTML } from 'linkedom'
import { beforeAll, describe, expect, it } from 'vitest'
import { servers } from '../../../worker/db/schema'
import { ADMIN_LOGIN, type Client, signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { call, db } from '../helpers'
import { category } from '../package-helpers'

const ORIGIN = 'https://catalogue.test'

async function page(path: string, init?: RequestInit) {
  const res = await call(path, init)
  const text = await res.text()
  const { document } = parseHTML(text)
  const meta = (attr: 'name' | 'property', key: string) => document.querySelector(`meta[${attr}="${key}"]`)?.getAttribute('content') ?? null
  const ld = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? ''))
  return {
    res,
    text,
    document,
    title: document.querySelector('title')?.textContent ?? null,
    description: meta('name', 'description'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    robots: meta('name', 'robots'),
    og: (key: string) => meta('property', `og:${key}`),
    twitter: (key: string) => meta('name', `twitter:${key}`),
    ld,
    root: document.getElementById('root'),
    feeds: [...document.querySelectorAll('link[rel="alternate"]')].map((l) => ({
      type: l.getAttribute('type'),
      href: l.getAttribute('href'),
    })),
  }
}

/** The SPA shell is there: its script and the root it mounts into. */
function expectShell(p: Awaited<ReturnType<typeof page>>) {
  expect(p.res.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
  expect(p.document.querySelector('script[type="module"][src^="/assets/"]')).not.toBeNull()
  expect(p.root).not.toBeNull()
}

const HOSTILE = `</title><script>alert("x")</script>"quoted' & <b>bold</b>`

let alice: Client
let bob: Client
let server: Awaited<ReturnType<typeof insertServer>>
let hostile: Awaited<ReturnType<typeof insertServer>>
let deleted: Awaited<ReturnType<typeof insertServer>>

beforeAll(async () => {
  alice = await signIn('pages-alice')
  bob = await signIn('pages-bob')
  server = await insertServer({
    name: 'io.github.acme/weather',
    displayName: 'Weather Server',
    description: 'Forecasts and alerts for any city.',
    author: 'acme',
    version: '1.4.2',
    githubUrl: 'https://github.com/acme/weather',
    license: 'MIT',
    likeCount: 7,
    tags: ['weather', 'api'],
    packages: [{ registryType: 'npm', identifier: '@acme/weather-mcp', version: '1.4.2', transport: { type: 'stdio' } }],
  })
  hostile = await insertServer({
    displayName: HOSTILE,
    description: `Breaks </script><script>alert(1)</script> out ${HOSTILE}`,
    author: HOSTILE,
  })
  deleted = await insertServer({ displayName: 'Secret Deleted Thing', description: 'Gone for good.', status: 'deleted' })
})

describe('GET /servers/:id', () => {
  it('has the server in its title, description, canonical URL, previews and JSON-LD', async () => {
    const p = await page(`/servers/${server.id}`)
    expect(p.res.status).toBe(200)
    expectShell(p)
    expect(p.title).toBe('Weather Server · MCP Catalogue')
    expect(p.description).toBe('Forecasts and alerts for any city.')
    expect(p.document.querySelectorAll('meta[name="description"]')).toHaveLength(1)
    expect(p.canonical).toBe(`${ORIGIN}/servers/${server.id}`)
    expect(p.robots).toBeNull()
    expect(p.og('title')).toBe('Weather Server · MCP Catalogue')
    expect(p.og('description')).toBe('Forecasts and alerts for any city.')
    expect(p.og('url')).toBe(p.canonical)
    expect(p.og('image')).toMatch(new RegExp(`^${ORIGIN}/og/servers/${server.id}\\.png\\?v=[0-9a-f]{16}$`))
    expect([p.og('image:width'), p.og('image:height')]).toEqual(['1200', '630'])
    expect(p.twitter('card')).toBe('summary_large_image')
    expect(p.twitter('image')).toBe(p.og('image'))
    expect(p.ld).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        name: 'Weather Server',
        alternateName: 'io.github.acme/weather',
        url: p.canonical,
        softwareVersion: '1.4.2',
        author: { '@type': 'Person', name: 'acme' },
        license: 'MIT',
        codeRepository: 'https://github.com/acme/weather',
        interactionStatistic: expect.objectContaining({ userInteractionCount: 7 }),
      }),
    ])
  })

  it("names the catalogue's and the author's feeds in its head, and each answers", async () => {
    const p = await page(`/servers/${server.id}`)
    expect(p.feeds.map((f) => f.href)).toEqual(expect.arrayContaining(['/feeds/authors/acme.atom', '/feeds/authors/acme.rss']))
    for (const feed of p.feeds) expect((await call(feed.href!)).status).toBe(200)
    const home = await page('/')
    expect(home.feeds.map((f) => f.href)).toEqual(expect.arrayContaining(['/feeds/servers/new.atom', '/feeds/servers/updated.atom']))
  })

  it('puts a summary with the name, description, author, install command and links in the first HTML', async () => {
    const p = await page(`/servers/${server.id}`)
    const root = p.root!
    expect(root.querySelector('h1')?.textContent).toBe('Weather Server')
    expect(root.textContent).toContain('Forecasts and alerts for any city.')
    expect(root.textContent).toContain('by acme')
    const install = (await (await call(`/api/servers/${server.id}`)).json()) as { installCommand: string }
    expect(install.installCommand).toContain('@acme/weather-mcp')
    expect(root.querySelector('pre code')?.textContent).toBe(install.installCommand)
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(
      expect.arrayContaining(['/servers', 'https://github.com/acme/weather']),
    )
  })

  it('writes a hostile name and description as text: in the title, the tags, the JSON-LD and the summary', async () => {
    const p = await page(`/servers/${hostile.id}`)
    expect(p.res.status).toBe(200)
    expect(p.title).toBe(`${HOSTILE} · MCP Catalogue`)
    expect(p.og('title')).toBe(`${HOSTILE} · MCP Catalogue`)
    expect(p.description).toBe(`Breaks </script><script>alert(1)</script> out ${HOSTILE}`)
    expect(p.ld[0]).toMatchObject({ name: HOSTILE, author: { name: HOSTILE } })
    expect(p.root!.querySelector('h1')?.textContent).toBe(HOSTILE)
    // The only scripts are the SPA's own and the JSON-LD: nothing the name carried.
    const scripts = [...p.document.querySelectorAll('script')].map((s) => s.getAttribute('type'))
    expect(scripts.sort()).toEqual(['application/ld+json', 'module'])
    expect(p.document.querySelectorAll('b')).toHaveLength(0)
    expect(p.text).not.toContain('<script>alert')
  })

  it('is the not-found page with 404 for a deleted server, without a trace of it', async () => {
    const p = await page(`/servers/${deleted.id}`)
    expect(p.res.status).toBe(404)
    expectShell(p)
    expect(p.title).toBe('Page Not Found · MCP Catalogue')
    expect(p.robots).toBe('noindex')
    expect(p.text).not.toContain('Secret Deleted Thing')
    expect(p.text).not.toContain('Gone for good')
    // Signed in is no different, unless an admin (who may restore it): theirs is not indexed.
    expect((await page(`/servers/${deleted.id}`, alice.read())).res.status).toBe(404)
    const admin = await page(`/servers/${deleted.id}`, (await signIn(ADMIN_LOGIN)).read())
    expect(admin.res.status).toBe(200)
    expect(admin.robots).toBe('noindex')
    expect(admin.res.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('is 404 for an unknown or malformed id', async () => {
    for (const id of [crypto.randomUUID(), 'not-an-id', '%3Cscript%3E']) {
      const p = await page(`/servers/${id}`)
      expect(p.res.status).toBe(404)
      expectShell(p)
      expect(p.root!.querySelector('h1')?.textContent).toBe('404 Page Not Found')
    }
  })

  it('is 404 once the server is deleted, even right after a guest saw it', async () => {
    const s = await insertServer({ displayName: 'Soon Gone' })
    expect((await call(`/servers/${s.id}`)).status).toBe(200)
    await db().update(servers).set({ status: 'deleted' }).where(eq(servers.id, s.id))
    expect((await call(`/servers/${s.id}`)).status).toBe(404)
  })
})

describe('GET /packages/:id', () => {
  let publicId: string
  let privateId: string

  beforeAll(async () => {
    // A server deleted after it was added stays in the package's rows but not on its page.
    const later = await insertServer({ displayName: 'Later Deleted Thing' })
    publicId = await category(alice, 'Weather kit', { public: true, servers: [server.id, later.id] })
    await db().update(servers).set({ status: 'deleted' }).where(eq(servers.id, later.id))
    privateId = await category(alice, 'Private Hoard Of Secrets', { servers: [server.id] })
  })

  it('is a CollectionPage whose ItemList holds the servers visitors may see', async () => {
    const p = await page(`/packages/${publicId}`)
    expect(p.res.status).toBe(200)
    expect(p.title).toBe('Weather kit · MCP Catalogue')
    expect(p.canonical).toBe(`${ORIGIN}/packages/${publicId}`)
    expect(p.ld[0]).toMatchObject({
      '@type': 'CollectionPage',
      name: 'Weather kit',
      author: { name: 'pages-alice' },
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: 1,
        itemListElement: [{ '@type': 'ListItem', position: 1, url: `${ORIGIN}/servers/${server.id}`, name: 'Weather Server' }],
      },
    })
    expect(p.root!.textContent).toContain('Weather Server')
    expect(p.text).not.toContain('Later Deleted Thing')
  })

  it('is 404 for a private package, without its name, for guests and other users', async () => {
    for (const init of [undefined, bob.read()]) {
      const p = await page(`/packages/${privateId}`, init)
      expect(p.res.status).toBe(404)
      expect(p.text).not.toContain('Private Hoard')
      expect(p.text).not.toContain('Weather Server')
    }
  })

  it("is its owner's page, not indexed, for the owner", async () => {
    const p = await page(`/packages/${privateId}`, alice.read())
    expect(p.res.status).toBe(200)
    expect(p.title).toBe('Private Hoard Of Secrets · MCP Catalogue')
    expect(p.robots).toBe('noindex')
    // A private package has no feed, so its page names none.
    expect(p.feeds).toEqual([])
  })

  it("names the public package's feeds in its head, and each answers", async () => {
    const p = await page(`/packages/${publicId}`)
    expect(p.feeds.map((f) => f.href).sort()).toEqual([`/feeds/packages/${publicId}.atom`, `/feeds/packages/${publicId}.rss`])
    for (const feed of p.feeds) expect((await call(feed.href!)).status).toBe(200)
  })

  it('is 404 for an unknown package', async () => {
    expect((await page(`/packages/${crypto.randomUUID()}`)).res.status).toBe(404)
  })
})

describe('list and static pages', () => {
  it('/servers lists the first page of servers, linked, with an ItemList', async () => {
    const p = await page('/servers')
    expect(p.res.status).toBe(200)
    expect(p.title).toBe('MCP Servers · MCP Catalogue')
    expect(p.canonical).toBe(`${ORIGIN}/servers`)
    expect(p.ld[0]).toMatchObject({ '@type': 'CollectionPage', mainEntity: { '@type': 'ItemList' } })
    const links = [...p.root!.querySelectorAll('a')].map((a) => a.getAttribute('href'))
    expect(links).toContain(`/servers/${server.id}`)
    expect(p.text).not.toContain('Secret Deleted Thing')
  })

  it('/servers with a search keeps the list page as its canonical URL', async () => {
    expect((await page('/servers?q=weather&page=2')).canonical).toBe(`${ORIGIN}/servers`)
  })

  it('/packages lists public packages only', async () => {
    await category(bob, 'Bob Public Picks', { public: true })
    await category(bob, 'Bob Hidden Picks')
    const p = await page('/packages')
    expect(p.title).toBe('Recommended Packages · MCP Catalogue')
    expect(p.ld[0]).toMatchObject({ '@type': 'CollectionPage' })
    expect(p.root!.textContent).toContain('Bob Public Picks')
    expect(p.text).not.toContain('Bob Hidden Picks')
  })

  it('/ is the catalogue, as a WebSite with a search action', async () => {
    const p = await page('/')
    expect(p.res.status).toBe(200)
    expect(p.title).toBe('MCP Catalogue')
    expect(p.canonical).toBe(`${ORIGIN}/`)
    expect(p.og('image')).toBe(`${ORIGIN}/og/site.png`)
    expect(p.ld[0]).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction' } })
    expect(p.root!.querySelector('h1')?.textContent).toBe('Find the right MCP server for your AI tools')
  })

  it('the advisory has its own title and an Article', async () => {
    const p = await page('/security/mcp-supply-chain')
    expect(p.res.status).toBe(200)
    expect(p.title).toBe('Security advisory: npm supply-chain scan of MCP servers · MCP Catalogue')
    expect(p.ld[0]).toMatchObject({ '@type': 'Article' })
  })

  it('the page about the catalogue’s MCP server has its own title and names the endpoint of this origin', async () => {
    const p = await page('/use-from-ai')
    expect(p.res.status).toBe(200)
    expect(p.title).toBe('Use the catalogue from your AI client · MCP Catalogue')
    expect(p.canonical).toBe(`${ORIGIN}/use-from-ai`)
    expect(p.root!.textContent).toContain(`${ORIGIN}/mcp`)
  })

  it('signed-in screens are the shell, not indexed', async () => {
    for (const path of ['/dashboard', '/servers/new', `/servers/${server.id}/edit`, '/admin/sync', '/admin/review']) {
      const p = await page(path)
      expect({ path, status: p.res.status, robots: p.robots }).toEqual({ path, status: 200, robots: 'noindex' })
    }
  })
})

describe('unknown paths', () => {
  it("answer 404 with the SPA's not-found page", async () => {
    for (const path of ['/nope', '/servers/a/b/c', '/sitemap-typo.xml', '/packages/x/y']) {
      const p = await page(path)
      expect({ path, status: p.res.status }).toEqual({ path, status: 404 })
      expectShell(p)
      expect(p.robots).toBe('noindex')
    }
  })

  it('under /api stay JSON 404s', async () => {
    const res = await call('/api/nope')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not found', code: 'not_found' })
  })
})
