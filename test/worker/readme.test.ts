import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { servers } from '../../worker/db/schema'
import { cacheKeys } from '../../worker/lib/kv-cache'
import type { RepoInfo } from '../../worker/shared/types'
import { insertServer } from './factories'
import { db, fixtureHits, json } from './helpers'

const API = '/github-api/repos'

async function until(check: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return false
}

describe('GET /api/servers/{id}/readme', () => {
  it('renders stored README text, sanitised, and serves the next call from the cache', async () => {
    const s = await insertServer({ githubUrl: 'https://github.com/acme/stored', readmeText: '# Hello\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) **bold**' })
    const first = await json(`/api/servers/${s.id}/readme`)
    expect(first.status).toBe(200)
    expect(first.body.source).toBe('stored')
    expect(first.body.html).toContain('<strong>bold</strong>')
    expect(first.body.html).not.toMatch(/<script|href="javascript:/i)
    // A hit returns what the cache holds without rendering again: plant a marker and see it come back.
    const entry = JSON.parse((await env.CACHE.get(cacheKeys.readme(s.id)))!)
    await env.CACHE.put(cacheKeys.readme(s.id), JSON.stringify({ ...entry, html: '<p>from cache</p>' }))
    expect((await json(`/api/servers/${s.id}/readme`)).body.html).toBe('<p>from cache</p>')
    // An edit of the stored text is a new content version: rendered afresh.
    await db().update(servers).set({ readmeText: '# Changed' }).where(eq(servers.id, s.id))
    expect((await json(`/api/servers/${s.id}/readme`)).body.html).toContain('Changed')
  })

  it('fetches from the repository once, resolves relative links and images, and prefixes ids', async () => {
    const s = await insertServer({ githubUrl: 'https://github.com/acme/widget' })
    const before = await fixtureHits(`${API}/acme/widget/readme`)
    const { status, body } = await json(`/api/servers/${s.id}/readme`)
    expect(status).toBe(200)
    expect(body.source).toBe('repository')
    expect(body.html).toContain('href="https://github.com/acme/widget/blob/HEAD/docs/guide.md"')
    expect(body.html).toContain(`src="${env.FIXTURE_URL}/github-raw/acme/widget/HEAD/img/logo.png"`)
    expect(body.html).toContain('href="#user-content-usage"')
    expect(body.html).toContain('id="user-content-usage"')
    expect(body.html).toMatch(/<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer">/)
    expect(body.html).not.toMatch(/<script|onerror|href="javascript:/i)
    expect(body.html).toContain('<a>bad</a>')
    // Images keep their alt text, and those without one are marked decorative.
    expect(body.html).toContain('alt="logo"')
    expect(body.html).not.toMatch(/<img(?![^>]*\balt=)[^>]*>/)
    expect(await fixtureHits(`${API}/acme/widget/readme`)).toBe(before + 1)
    await json(`/api/servers/${s.id}/readme`)
    expect(await fixtureHits(`${API}/acme/widget/readme`)).toBe(before + 1)
  })

  it('serves a stale copy at once and refreshes it in the background after five minutes', async () => {
    const s = await insertServer({ githubUrl: 'https://github.com/acme/widget' })
    await json(`/api/servers/${s.id}/readme`)
    const entry = JSON.parse((await env.CACHE.get(cacheKeys.readme(s.id)))!)
    await env.CACHE.put(cacheKeys.readme(s.id), JSON.stringify({ ...entry, html: '<p>stale</p>', fetchedAt: Date.now() - 6 * 60 * 1000 }))
    const before = await fixtureHits(`${API}/acme/widget/readme`)
    expect((await json(`/api/servers/${s.id}/readme`)).body.html).toBe('<p>stale</p>')
    expect(await until(async () => (await fixtureHits(`${API}/acme/widget/readme`)) > before)).toBe(true)
    expect(await until(async () => !(await env.CACHE.get(cacheKeys.readme(s.id)))!.includes('stale'))).toBe(true)
  })

  it('falls back to raw README.md when the API has none', async () => {
    const s = await insertServer({ githubUrl: 'https://github.com/acme/fallback' })
    const { body } = await json(`/api/servers/${s.id}/readme`)
    expect(body.html).toContain('From raw.')
  })

  it.each([
    ['no README anywhere', 'https://github.com/acme/no-readme', 404, 'README not found'],
    ['GitHub failing', 'https://github.com/acme/broken', 502, 'Failed to fetch README'],
    ['GitHub timing out', 'https://github.com/acme/slow', 502, 'Failed to fetch README'],
    ['no repository link', null, 404, 'No GitHub URL provided'],
    ['a link of another shape', 'https://gitlab.com/acme/widget', 400, 'Invalid GitHub URL format'],
  ])('answers the specification error for %s', async (_label, githubUrl, status, error) => {
    const s = await insertServer({ githubUrl })
    expect(await json(`/api/servers/${s.id}/readme`)).toMatchObject({ status, body: { error } })
  })

  it('answers 400 and 404 for bad and unknown ids', async () => {
    expect((await json('/api/servers/xyz/readme')).status).toBe(400)
    expect(await json(`/api/servers/${crypto.randomUUID()}/readme`)).toMatchObject({ status: 404, body: { error: 'Server not found', code: 'server_not_found' } })
  })
})

describe('GET /api/servers/{id}/repo', () => {
  it('returns avatar, stars and licence, caches them, and writes them back for sorting', async () => {
    const s = await insertServer({ githubUrl: 'https://github.com/acme/widget' })
    const before = await fixtureHits(`${API}/acme/widget`)
    const { status, body } = await json<RepoInfo>(`/api/servers/${s.id}/repo`)
    expect(status).toBe(200)
    expect(body).toEqual({ ownerAvatarUrl: 'https://avatars.example.com/acme.png', stars: 1234, license: 'MIT License' })
    await json(`/api/servers/${s.id}/repo`)
    expect(await fixtureHits(`${API}/acme/widget`)).toBe(before + 1)
    expect(
      await until(async () => {
        const [row] = await db().select().from(servers).where(eq(servers.id, s.id))
        return row.stars === 1234 && row.license === 'MIT License' && row.ownerAvatarUrl === body.ownerAvatarUrl
      }),
    ).toBe(true)
  })

  it.each([
    ['missing', 404, 'Repository not found'],
    ['rate-limited', 429, 'Rate limited by GitHub API'],
    ['slow', 504, 'Request timed out'],
    ['broken', 502, 'Failed to fetch repository info: Internal Server Error'],
  ])('maps GitHub answering %s to the specification error', async (repo, status, error) => {
    const s = await insertServer({ githubUrl: `https://github.com/acme/${repo}` })
    expect(await json(`/api/servers/${s.id}/repo`)).toMatchObject({ status, body: { error } })
  })

  it('answers No GitHub URL provided without a link', async () => {
    const s = await insertServer({ githubUrl: null })
    expect(await json(`/api/servers/${s.id}/repo`)).toMatchObject({ status: 404, body: { error: 'No GitHub URL provided', code: 'no_repository' } })
  })
})
