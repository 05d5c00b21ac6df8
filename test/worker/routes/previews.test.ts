import { beforeAll, describe, expect, it } from 'vitest'
import type { GithubPreview, NpmPreview } from '@shared/types'
import { type Client, signIn } from '../auth-helpers'
import { fixtureHits, json } from '../helpers'

// Owners and package names unique to this file: the fixture's hit counters are shared with
// every other test file running at the same time.
let alice: Client

beforeAll(async () => {
  alice = await signIn('preview-alice')
})

const githubPreview = (url: string, client: Client | null = alice) =>
  json(`/api/github/preview?url=${encodeURIComponent(url)}`, client?.read())
const npmPreview = (name: string, client: Client | null = alice) =>
  json(`/api/npm/preview?package=${encodeURIComponent(name)}`, client?.read())

describe('GET /api/github/preview', () => {
  it('answers name, description, owner login, topics and README text', async () => {
    const { status, body, res } = await githubPreview('https://github.com/previewco/widget')
    expect(status).toBe(200)
    expect(body).toEqual<GithubPreview>({
      name: 'widget',
      description: 'The widget repository',
      ownerLogin: 'previewco',
      topics: ['mcp', 'database', 'testing'],
      readmeText: expect.stringMatching(/^# Widget MCP\n\nA widget server for tests\./),
    })
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('serves the second request from KV without calling GitHub again', async () => {
    const url = 'https://github.com/previewcache/widget.git'
    expect((await githubPreview(url)).status).toBe(200)
    const repoHits = await fixtureHits('/github-api/repos/previewcache/widget')
    const readmeHits = await fixtureHits('/github-api/repos/previewcache/widget/readme')
    expect([repoHits, readmeHits]).toEqual([1, 1])
    // Another spelling of the same repository shares the entry.
    const again = await githubPreview('https://github.com/PreviewCache/widget/')
    expect(again.status).toBe(200)
    expect(again.body.name).toBe('widget')
    expect(await fixtureHits('/github-api/repos/previewcache/widget')).toBe(repoHits)
    expect(await fixtureHits('/github-api/repos/previewcache/widget/readme')).toBe(readmeHits)
  })

  it('answers readmeText null for a repository without a README', async () => {
    const { status, body } = await githubPreview('https://github.com/previewco/no-readme')
    expect(status).toBe(200)
    expect(body).toMatchObject({ name: 'no-readme', readmeText: null })
  })

  it('answers without the README when it fails, and does not cache that answer', async () => {
    const url = 'https://github.com/previewbroken/readme-broken'
    const first = await githubPreview(url)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ name: 'readme-broken', readmeText: null })
    const hits = await fixtureHits('/github-api/repos/previewbroken/readme-broken')
    await githubPreview(url)
    expect(await fixtureHits('/github-api/repos/previewbroken/readme-broken')).toBe(hits + 1)
  })

  it.each([
    ['https://gitlab.com/acme/widget', 'Invalid GitHub URL format'],
    ['https://github.com/acme', 'Invalid GitHub URL format'],
    ['javascript:alert(1)//github.com/acme/widget', 'Invalid GitHub URL format'],
    ['   ', 'No GitHub URL provided'],
  ])('refuses %j with 400 %j', async (url, message) => {
    const { status, body } = await githubPreview(url)
    expect(status).toBe(400)
    expect(body.error).toBe(message)
    expect(body.code).toBe('invalid_input')
  })

  it('refuses a request without url', async () => {
    const { status, body } = await json('/api/github/preview', alice.read())
    expect(status).toBe(400)
    expect(body.error).toBe('No GitHub URL provided')
    expect(body.code).toBe('invalid_input')
  })

  it('answers 404 Repository not found for a missing repository', async () => {
    const { status, body } = await githubPreview('https://github.com/previewco/missing')
    expect(status).toBe(404)
    expect(body).toEqual({ error: 'Repository not found', code: 'repository_not_found' })
    // The README is not asked for when the repository is missing.
    expect(await fixtureHits('/github-api/repos/previewco/missing/readme')).toBe(0)
  })

  it("answers 429 when GitHub's rate limit (403) is hit", async () => {
    const { status, body } = await githubPreview('https://github.com/previewco/rate-limited')
    expect(status).toBe(429)
    expect(body).toEqual({ error: 'Rate limited by GitHub API', code: 'upstream_rate_limited' })
  })

  it('answers 504 Request timed out when GitHub is too slow', async () => {
    const { status, body } = await githubPreview('https://github.com/previewco/slow')
    expect(status).toBe(504)
    expect(body).toEqual({ error: 'Request timed out', code: 'upstream_timeout' })
  })

  it('answers 502 when GitHub fails', async () => {
    const { status, body } = await githubPreview('https://github.com/previewco/broken')
    expect(status).toBe(502)
    expect(body.error).toMatch(/^Failed to fetch repository info: /)
    expect(body.code).toBe('upstream_failed')
  })

  it('is for signed-in users only, and a guest causes no outbound call', async () => {
    const { status, body } = await githubPreview('https://github.com/previewguest/widget', null)
    expect(status).toBe(401)
    expect(body).toEqual({ error: 'Authentication required', code: 'auth_required' })
    expect(await fixtureHits('/github-api/repos/previewguest/widget')).toBe(0)
  })
})

describe('GET /api/npm/preview', () => {
  it('answers package name, description, latest version and maintainer names only', async () => {
    const { status, body } = await npmPreview('preview-widget-kit')
    expect(status).toBe(200)
    expect(body).toEqual<NpmPreview>({
      packageName: 'preview-widget-kit',
      description: 'The preview-widget-kit package',
      latestVersion: '2.3.4',
      maintainers: [{ name: 'alice' }],
    })
  })

  it('asks the registry for a scoped package as @scope%2Fname', async () => {
    const { status, body } = await npmPreview('@preview-scope/widget')
    expect(status).toBe(200)
    expect(body.packageName).toBe('@preview-scope/widget')
    expect(await fixtureHits('/npm/@preview-scope%2Fwidget')).toBe(1)
  })

  it('serves the second request from KV without calling the registry again', async () => {
    expect((await npmPreview('preview-cached')).status).toBe(200)
    expect(await fixtureHits('/npm/preview-cached')).toBe(1)
    expect((await npmPreview('preview-cached')).body.latestVersion).toBe('2.3.4')
    expect(await fixtureHits('/npm/preview-cached')).toBe(1)
  })

  it('answers 404 with a clear message for an unknown package', async () => {
    const { status, body } = await npmPreview('preview-missing-pkg')
    expect(status).toBe(404)
    expect(body).toEqual({ error: 'Package not found: preview-missing-pkg', code: 'npm_package_not_found' })
  })

  it('answers 429 when the registry rate-limits', async () => {
    const { status, body } = await npmPreview('preview-rate-limited')
    expect(status).toBe(429)
    expect(body).toEqual({ error: 'Rate limited by the npm registry', code: 'upstream_rate_limited' })
  })

  it('answers 504 Request timed out when the registry is too slow', async () => {
    const { status, body } = await npmPreview('preview-slow')
    expect(status).toBe(504)
    expect(body).toEqual({ error: 'Request timed out', code: 'upstream_timeout' })
  })

  it.each(['Bad Name!', '../../etc/passwd', '@scope/a/b', 'a?b=c', '.hidden', 'x'.repeat(215)])(
    'refuses the name %j before any outbound call',
    async (name) => {
      const { status, body } = await npmPreview(name)
      expect(status).toBe(400)
      expect(body.error).toBe('Invalid npm package name')
      expect(body.code).toBe('invalid_input')
    },
  )

  it('refuses an empty name', async () => {
    const { status, body } = await npmPreview('')
    expect(status).toBe(400)
    expect(body.error).toBe('Package name is required')
    expect(body.code).toBe('invalid_input')
  })

  it('refuses a request without package', async () => {
    expect(await json('/api/npm/preview', alice.read())).toMatchObject({
      status: 400,
      body: { error: 'Package name is required', code: 'invalid_input' },
    })
  })

  it('is for signed-in users only', async () => {
    const { status, body } = await npmPreview('preview-guest', null)
    expect(status).toBe(401)
    expect(body).toEqual({ error: 'Authentication required', code: 'auth_required' })
    expect(await fixtureHits('/npm/preview-guest')).toBe(0)
  })
})
