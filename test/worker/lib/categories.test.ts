import { describe, expect, it } from 'vitest'
import { CATEGORIES, CATEGORY_SLUGS, categoryBySlug, isCategorySlug, MAX_CATEGORIES, OTHER } from '@shared/categories'
import seed from '../../../data/mcp-registry-seed-2025-05-16.json'
import { classify, FIELD_WEIGHTS, README_CAP, scoreCategories, THRESHOLD } from '../../../worker/lib/classify/classifier'
import { mapRegistryEntry } from '../../../worker/lib/registry-entry'

const server = (name: string, description: string, more: { tags?: string[]; readme?: string; displayName?: string } = {}) => ({
  name: `io.github.someone/${name}`,
  description,
  ...more,
})

describe('the taxonomy', () => {
  it('has 25 to 35 categories with unique URL-safe slugs, a name and a one-line description, Other last', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(25)
    expect(CATEGORIES.length).toBeLessThanOrEqual(35)
    expect(new Set(CATEGORY_SLUGS).size).toBe(CATEGORIES.length)
    for (const c of CATEGORIES) {
      expect(c.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      expect(c.name.length).toBeGreaterThan(2)
      expect(c.description).toMatch(/^[A-Z].*\.$/)
      expect(c.description).not.toContain('\n')
    }
    expect(CATEGORIES.at(-1)?.slug).toBe(OTHER)
    expect(categoryBySlug('databases')?.name).toBe('Databases')
    expect(isCategorySlug('databases')).toBe(true)
    expect(isCategorySlug('Databases')).toBe(false)
  })
})

describe('classify', () => {
  it('finds the topic in the name, the description, or a product the description names', () => {
    expect(classify(server('mcp-postgres', 'Read-only access to PostgreSQL databases'))).toEqual(['databases'])
    expect(classify(server('x', 'Control a headless browser with Playwright'))[0]).toBe('browser-automation')
    expect(classify(server('stripe-agent', 'Create invoices and refunds in Stripe'))).toEqual(['finance'])
    expect(classify(server('gcal', 'Manage Google Calendar events'))).toEqual(['calendar'])
  })

  it('gives one to three categories, best first, keeping only those close to the best', () => {
    const cats = classify(server('redis-cloud', 'Manage Redis Cloud databases and subscriptions on AWS'))
    expect(cats.length).toBeGreaterThanOrEqual(1)
    expect(cats.length).toBeLessThanOrEqual(MAX_CATEGORIES)
    expect(cats[0]).toBe('databases')
    // A weak, incidental mention does not earn a second category.
    expect(classify(server('mcp-mysql', 'Query MySQL databases; secure authentication built in'))).toEqual(['databases'])
  })

  it('falls back to Other only when nothing reaches the threshold', () => {
    expect(classify(server('thing', 'Does a thing.'))).toEqual([OTHER])
    // A tag alone (weight 1) is below the threshold of 2.
    expect(classify(server('thing', 'Does a thing.', { tags: ['kubernetes'] }))).toEqual([OTHER])
    expect(classify(server('thing', 'Does a thing.', { tags: ['kubernetes', 'docker-compose', 'helm', 'terraform'] }))).toEqual([
      'cloud-infrastructure',
    ])
  })

  it('ignores the words every listing uses about itself and the packaging tags', () => {
    const plain = server('tool', 'A Model Context Protocol server for Claude Desktop, Cursor and other LLMs', {
      tags: ['npm', 'pypi', 'docker', 'remote'],
    })
    expect(classify(plain)).toEqual([OTHER])
  })

  it('weighs fields: the name most, then the description, topics, tags and, capped, the README', () => {
    const [byName] = scoreCategories(server('slack-bridge', 'Does a thing.'))
    expect(byName).toMatchObject({ slug: 'communication', score: FIELD_WEIGHTS.name })
    const [byDescription] = scoreCategories(server('tool', 'Post to Slack'))
    expect(byDescription).toMatchObject({ slug: 'communication', score: FIELD_WEIGHTS.description })
    expect(byDescription.evidence).toEqual([{ field: 'description', term: 'slack' }])
    const readme = 'Slack Discord Telegram WhatsApp SMS notifications chat messages Zoom meetings '.repeat(50)
    const [byReadme] = scoreCategories(server('tool', 'Does a thing.', { readme }))
    expect(byReadme).toMatchObject({ slug: 'communication', score: README_CAP })
    expect(FIELD_WEIGHTS.description).toBeGreaterThanOrEqual(THRESHOLD)
    expect(classify(server('tool', 'Does a thing.', { readme }))).toEqual(['communication'])
  })

  it('matches whole words, plurals and marked endings, not parts of other words', () => {
    expect(classify(server('t', 'A scraper for any site'))).toEqual(['search-web'])
    expect(classify(server('t', 'Tracks liquidity pools'))).toEqual(['crypto'])
    // 'git' is not found inside 'digital', nor 'map' inside 'mapped' words it is not.
    expect(classify(server('t', 'A digital toolbox'))).toEqual([OTHER])
  })

  it('breaks ties by the taxonomy order', () => {
    const scores = scoreCategories(server('t', 'Slack and Gmail'))
    expect(scores.map((s) => s.score)).toEqual([2, 2])
    expect(scores.map((s) => s.slug)).toEqual(['communication', 'email'])
  })

  it('puts every server of the bundled snapshot in one to three categories, few in Other, none in more than 15 % alone', () => {
    const mapped = seed.flatMap((e) => {
      const r = mapRegistryEntry(e)
      return r.ok ? [r.server] : []
    })
    expect(mapped.length).toBe(464)
    const counts = new Map<string, number>()
    for (const s of mapped) {
      const cats = classify({ name: s.name, displayName: s.displayName, description: s.description, tags: s.tags })
      expect(cats.length).toBeGreaterThanOrEqual(1)
      expect(cats.length).toBeLessThanOrEqual(MAX_CATEGORIES)
      expect(new Set(cats).size).toBe(cats.length)
      if (cats.includes(OTHER)) expect(cats).toEqual([OTHER])
      for (const c of cats) counts.set(c, (counts.get(c) ?? 0) + 1)
    }
    expect(counts.get(OTHER) ?? 0).toBeLessThan(mapped.length * 0.03)
    for (const [slug, n] of counts) if (slug !== OTHER) expect(n, slug).toBeLessThan(mapped.length * 0.15)
    // Spot checks of well-known servers.
    const of = (name: string) => {
      const s = mapped.find((m) => m.name === name)!
      return classify({ name: s.name, displayName: s.displayName, description: s.description, tags: s.tags })
    }
    expect(of('io.github.executeautomation/mcp-playwright')[0]).toBe('browser-automation')
    expect(of('io.github.mongodb-js/mongodb-mcp-server')[0]).toBe('databases')
    expect(of('io.github.grafana/mcp-grafana')).toEqual(['monitoring'])
    expect(of('io.github.stripe/agent-toolkit')[0]).toBe('finance')
    expect(of('io.github.sooperset/mcp-atlassian')).toEqual(['productivity'])
    expect(of('io.github.mendableai/firecrawl-mcp-server')).toEqual(['search-web'])
    expect(of('io.github.voska/hass-mcp')).toEqual(['home-automation'])
    expect(of('io.github.kukapay/uniswap-trader-mcp')[0]).toBe('crypto')
    expect(of('io.github.punkpeye/fastmcp')[0]).toBe('mcp-tooling')
  })
})
