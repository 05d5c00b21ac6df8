/**
 * The supply-chain signals against a generated catalogue: a few hundred packages whose histories
 * follow ordinary release habits (patch streams, weekly releases, teams publishing in turn, a
 * maintainer joining then releasing, trusted publishing, steady growth, dependency churn, long
 * silences, old versions deprecated, monorepos, native addons, PyPI projects with and without
 * wheels), written as the registries' own documents and read through the facts parsers, then scored
 * version by version. Fewer than 1 in 50 ordinary versions may score Medium or above. Planted
 * attacks (postmark-mcp's pattern, a token-stealing worm, a look-alike dependency, a swapped
 * repository) must each score Medium or above, postmark's High. A seeded PRNG keeps it
 * deterministic; the band table is logged so the figures can be quoted.
 */

import { describe, expect, it } from 'vitest'
import { BAND_FLOORS, bandOf, SUPPLY_BANDS, type SupplyBand, type WatchedRegistry } from '@shared/supply'
import {
  npmPackumentHistory,
  POPULAR_NPM,
  POPULAR_PYPI,
  pypiProjectReleases,
  pypiVersionFacts,
  repositoryOf,
  type SignalContext,
  scoreHistory,
  type VersionInput,
} from '../../../../worker/lib/supply'

// ---------------------------------------------------------------------------------------------
// Randomness, seeded
// ---------------------------------------------------------------------------------------------

/** mulberry32: a small seeded PRNG, so every run generates the same catalogue. */
function prng(seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  }
}
type Rng = ReturnType<typeof prng>

const DAY = 86_400_000

// ---------------------------------------------------------------------------------------------
// A release as the generator thinks of it, then written as the registry's documents
// ---------------------------------------------------------------------------------------------

interface Release {
  version: string
  at: number
  publisher: string
  trusted: boolean
  provenance: boolean
  maintainers: string[]
  scripts: Record<string, string>
  deps: Record<string, string>
  files: number
  size: number
  /** As the package.json writes it: a string in one of npm's forms, or { type, url, directory }. */
  repository: unknown
  deprecated?: string
  /** PyPI: publishes only a source distribution. */
  sdistOnly?: boolean
}

interface Generated {
  registry: WatchedRegistry
  name: string
  pattern: string
  listingRepositories: string[]
  releases: Release[]
}

/** Established dependencies that are not in the popular lists: real packages of their own, long published. */
const ESTABLISHED_NPM = [
  'p-map',
  'json5',
  'tinyglobby',
  'defu',
  'pathe',
  'consola',
  'mitt',
  'citty',
  'destr',
  'ohash',
  'zod-validation-error',
  'pkce-challenge',
  'content-disposition',
  'raw-body',
  'serve-static',
  'vary',
  'fresh',
  'negotiator',
  'on-finished',
  'statuses',
  'toidentifier',
  'strip-json-comments',
  'env-paths',
  'conf',
  'quick-lru',
  'turndown-plugin-gfm',
  'html-entities',
  'diff',
  'fuse.js',
  'gray-matter',
]
const DEPS_NPM = [...ESTABLISHED_NPM, ...[...POPULAR_NPM].filter((n) => !n.startsWith('@types/'))]
const DEPS_PYPI = [
  ...POPULAR_PYPI,
  'python-multipart',
  'httpx-sse',
  'jsonpatch',
  'cachetools',
  'sqlite-utils',
  'markdownify',
  'trafilatura',
]

const SERVICES = [
  'github',
  'gitlab',
  'slack',
  'notion',
  'linear',
  'postgres',
  'sqlite',
  'redis',
  'stripe',
  'twilio',
  'sendgrid',
  'mailgun',
  'postmark',
  'discord',
  'telegram',
  'whatsapp',
  'obsidian',
  'todoist',
  'asana',
  'trello',
  'airtable',
  'hubspot',
  'salesforce',
  'zendesk',
  'intercom',
  'shopify',
  'figma',
  'vercel',
  'netlify',
  'cloudflare',
  'kubernetes',
  'docker',
  'terraform',
  'prometheus',
  'grafana',
  'sentry',
  'datadog',
  'pagerduty',
  'youtube',
  'spotify',
  'weather',
  'calendar',
  'filesystem',
  'browser',
  'puppeteer',
  'playwright',
  'memory',
  'fetch',
  'search',
  'arxiv',
  'wikipedia',
  'jupyter',
  'excel',
  'pdf-reader',
  'markdown',
  'confluence',
  'bitbucket',
  'snowflake',
  'bigquery',
  'mongodb',
  'elasticsearch',
  'supabase',
  'firebase',
  'dropbox',
  'gdrive',
  'onedrive',
  'zoom',
  'teams',
  'openapi',
  'graphql',
]
const SHAPES_NPM = [
  (s: string) => `${s}-mcp`,
  (s: string) => `mcp-server-${s}`,
  (s: string) => `${s}-mcp-server`,
  (s: string) => `@${s}-labs/mcp`,
]
const SHAPES_PYPI = [(s: string) => `mcp-${s}`, (s: string) => `${s}-mcp`, (s: string) => `mcp-server-${s}`]
const PEOPLE = [
  'alice',
  'bhavin',
  'chen.li',
  'dmitri',
  'eszter',
  'farah',
  'gwen',
  'hiro',
  'ines',
  'jonas',
  'kemal',
  'lena',
  'mateo',
  'noor',
  'oskar',
]

/** Version strings: patches mostly, a minor now and then, a major rarely; some lines run betas first. */
function versionList(rng: Rng, n: number, prereleases: boolean): string[] {
  let [major, minor, patch] = [rng.int(0, 2), rng.int(0, 5), 0]
  const out: string[] = []
  while (out.length < n) {
    if (prereleases && rng.chance(0.15)) {
      const next = `${major}.${minor + 1}.0`
      for (let b = 1; b <= rng.int(1, 3) && out.length < n - 1; b++) out.push(`${next}-beta.${b}`)
      minor++
      patch = 0
      out.push(next)
      continue
    }
    const roll = rng.next()
    if (out.length > 0 && roll < 0.03) [major, minor, patch] = [major + 1, 0, 0]
    else if (out.length > 0 && roll < 0.2) [minor, patch] = [minor + 1, 0]
    else if (out.length > 0) patch++
    out.push(`${major}.${minor}.${patch}`)
  }
  return out
}

interface Habits {
  count: [number, number]
  gap: (rng: Rng) => number
  growth?: [number, number]
  churn?: number
  maintainers?: string[]
  prereleases?: boolean
  repository?: unknown
}

/** A plain stream of releases by one owner; patterns then change what they change. */
function stream(rng: Rng, owner: string, repo: string, habits: Habits): Release[] {
  const n = rng.int(...habits.count)
  const versions = versionList(rng, n, habits.prereleases ?? false)
  const deps: Record<string, string> = {}
  const pool = DEPS_NPM
  for (let i = rng.int(1, 5); i > 0; i--) deps[rng.pick(pool)] = `^${rng.int(1, 9)}.${rng.int(0, 20)}.0`
  let at = Date.UTC(2021, 0, 1) + rng.int(0, 900) * DAY
  let size = rng.int(15_000, 400_000)
  let files = rng.int(5, 60)
  const [low, high] = habits.growth ?? [-0.03, 0.05]
  const out: Release[] = []
  for (const version of versions) {
    if (out.length > 0) {
      at += habits.gap(rng)
      size = Math.max(2000, Math.round(size * (1 + low + rng.next() * (high - low))))
      files = Math.max(1, files + rng.int(-1, 2))
      const churn = habits.churn ?? 0.08
      if (rng.chance(churn)) deps[rng.pick(pool)] = `^${rng.int(1, 9)}.${rng.int(0, 20)}.0`
      if (rng.chance(churn / 2) && Object.keys(deps).length > 1) delete deps[rng.pick(Object.keys(deps))]
      if (rng.chance(0.3)) deps[rng.pick(Object.keys(deps))] = `^${rng.int(1, 9)}.${rng.int(0, 20)}.${rng.int(0, 9)}`
    }
    out.push({
      version,
      at,
      publisher: owner,
      trusted: false,
      provenance: false,
      maintainers: habits.maintainers ?? [owner],
      scripts: { build: 'tsc', test: 'vitest run' },
      deps: { ...deps },
      files,
      size,
      repository: habits.repository ?? { type: 'git', url: `git+https://github.com/${repo}.git` },
    })
  }
  return out
}

const days = (min: number, max: number) => (rng: Rng) => rng.int(min * 24, max * 24) * (DAY / 24)

/** The ordinary patterns: each makes one package's releases from a stream. */
const PATTERNS: Record<string, (rng: Rng, owner: string, repo: string) => Release[]> = {
  'patch stream': (rng, owner, repo) => stream(rng, owner, repo, { count: [10, 40], gap: days(1, 20) }),
  'weekly releases': (rng, owner, repo) => stream(rng, owner, repo, { count: [20, 60], gap: (r) => 7 * DAY + r.int(-20, 20) * 3_600_000 }),
  'team publishing in turn': (rng, owner, repo) => {
    const team = [
      owner,
      ...PEOPLE.filter((p) => p !== owner)
        .slice(rng.int(0, 8), undefined)
        .slice(0, rng.int(2, 4)),
    ].sort()
    return stream(rng, owner, repo, { count: [15, 50], gap: days(2, 15), maintainers: team }).map((r) => ({
      ...r,
      publisher: rng.pick(team),
    }))
  },
  'maintainer joins, then releases': (rng, owner, repo) => {
    const releases = stream(rng, owner, repo, { count: [15, 40], gap: days(3, 20) })
    const joiner = PEOPLE.find((p) => p !== owner && rng.chance(0.3)) ?? 'zoe'
    const joins = rng.int(4, releases.length - 6)
    const leaves = rng.chance(0.3) ? rng.int(joins + 3, releases.length - 1) : Number.POSITIVE_INFINITY
    return releases.map((r, i) => {
      if (i < joins) return r
      const maintainers = i >= leaves ? [joiner] : [owner, joiner].sort()
      // The joiner shows on the list from the owner's next release, then takes turns (and carries on alone if the owner leaves).
      const publisher = i === joins ? owner : i >= leaves ? joiner : rng.pick([owner, joiner])
      return { ...r, maintainers, publisher }
    })
  },
  'trusted publishing throughout': (rng, owner, repo) =>
    stream(rng, owner, repo, { count: [10, 40], gap: days(2, 25) }).map((r) => ({
      ...r,
      publisher: 'GitHub Actions',
      trusted: true,
      provenance: true,
    })),
  'moves to trusted publishing': (rng, owner, repo) => {
    const releases = stream(rng, owner, repo, { count: [12, 40], gap: days(2, 25) })
    const from = rng.int(3, releases.length - 3)
    return releases.map((r, i) => (i < from ? r : { ...r, publisher: 'GitHub Actions', trusted: true, provenance: true }))
  },
  'provenance from CI with a token': (rng, owner, repo) =>
    stream(rng, owner, repo, { count: [10, 35], gap: days(2, 25) }).map((r) => ({ ...r, provenance: true })),
  'gradual growth': (rng, owner, repo) => stream(rng, owner, repo, { count: [15, 45], gap: days(3, 20), growth: [0.02, 0.15] }),
  'dependency churn': (rng, owner, repo) => stream(rng, owner, repo, { count: [15, 45], gap: days(2, 14), churn: 0.4 }),
  'long silence, then one release': (rng, owner, repo) => {
    const releases = stream(rng, owner, repo, { count: [8, 25], gap: days(3, 30) })
    const after = rng.int(3, releases.length - 1)
    const gap = rng.int(200, 700) * DAY
    const extra = rng.chance(0.5) ? 0 : rng.int(1, 2)
    return releases
      .slice(0, after + 1 + extra)
      .map((r, i) => (i < after ? r : { ...r, at: r.at + gap + (i - after) * rng.int(20, 60) * DAY }))
  },
  'a release and a hotfix after a silence': (rng, owner, repo) => {
    const releases = stream(rng, owner, repo, { count: [8, 25], gap: days(5, 30) })
    const after = rng.int(3, releases.length - 3)
    const gap = rng.int(200, 500) * DAY
    // After the silence, a release and its hotfix six hours later; then the usual pace.
    return releases.map((r, i) => (i < after ? r : { ...r, at: i === after + 1 ? releases[after].at + gap + 6 * 3_600_000 : r.at + gap }))
  },
  'a release and two hotfixes after a silence': (rng, owner, repo) => {
    const releases = stream(rng, owner, repo, { count: [8, 25], gap: days(5, 30) })
    const after = rng.int(3, releases.length - 4)
    const gap = rng.int(200, 500) * DAY
    const hotfix = (k: number) => releases[after].at + gap + k * rng.int(4, 30) * 3_600_000
    return releases.map((r, i) => (i < after ? r : { ...r, at: i === after + 1 ? hotfix(1) : i === after + 2 ? hotfix(2) : r.at + gap }))
  },
  'old versions deprecated': (rng, owner, repo) => {
    const releases = stream(rng, owner, repo, { count: [15, 40], gap: days(3, 20) })
    const cut = rng.int(3, Math.floor(releases.length / 2))
    const message = rng.pick([
      'Please upgrade to the latest version',
      'This version is no longer supported',
      'Security fix in 1.x, please update',
    ])
    return releases.map((r, i) => (i < cut ? { ...r, deprecated: message } : r))
  },
  'native addon throughout': (rng, owner, repo) =>
    stream(rng, owner, repo, { count: [10, 30], gap: days(5, 30) }).map((r) => ({
      ...r,
      scripts: { ...r.scripts, install: 'node-gyp rebuild' },
    })),
  'build step in prepare': (rng, owner, repo) => {
    const releases = stream(rng, owner, repo, { count: [10, 30], gap: days(2, 20) })
    const from = rng.int(1, releases.length - 1)
    return releases.map((r, i) => (i < from ? r : { ...r, scripts: { ...r.scripts, prepare: 'npm run build' } }))
  },
  'repository written in changing forms': (rng, owner, repo) => {
    const forms = [
      `git+https://github.com/${repo}.git`,
      `https://github.com/${repo}`,
      `github:${repo}`,
      repo,
      { type: 'git', url: `git@github.com:${repo}.git` },
    ]
    return stream(rng, owner, repo, { count: [10, 30], gap: days(3, 20) }).map((r, i) => ({
      ...r,
      repository: forms[Math.floor(i / 4) % forms.length],
    }))
  },
  'prerelease lines': (rng, owner, repo) => stream(rng, owner, repo, { count: [15, 45], gap: days(1, 10), prereleases: true }),
}

/** Rare but legitimate events, generated in small numbers: they may score, and are counted as ordinary. */
const RARE: Record<string, (rng: Rng, owner: string, repo: string) => Release[]> = {
  'a native addon introduced': (rng, owner, repo) => {
    const releases = stream(rng, owner, repo, { count: [10, 25], gap: days(5, 25) })
    const from = rng.int(5, releases.length - 2)
    return releases.map((r, i) =>
      i < from ? r : { ...r, scripts: { ...r.scripts, install: 'node-gyp rebuild' }, files: r.files + 6, size: r.size + 30_000 },
    )
  },
  'a new maintainer added and publishing in the same release': (rng, owner, repo) => {
    const releases = stream(rng, owner, repo, { count: [10, 25], gap: days(5, 25) })
    const from = rng.int(5, releases.length - 2)
    const joiner = PEOPLE.find((p) => p !== owner) ?? 'zoe'
    return releases.map((r, i) =>
      i < from ? r : { ...r, maintainers: [owner, joiner].sort(), publisher: i === from ? joiner : rng.pick([owner, joiner]) },
    )
  },
  'repository moved to an organisation': (rng, owner, repo) => {
    const releases = stream(rng, owner, repo, { count: [10, 25], gap: days(5, 25) })
    const from = rng.int(5, releases.length - 2)
    const moved = `git+https://github.com/${repo.split('/')[1]}-org/${repo.split('/')[1]}.git`
    return releases.map((r, i) => (i < from ? r : { ...r, repository: moved }))
  },
  'bundled its dependencies': (rng, owner, repo) => {
    const releases = stream(rng, owner, repo, { count: [10, 25], gap: days(5, 25) })
    const from = rng.int(5, releases.length - 2)
    return releases.map((r, i) => (i < from ? r : { ...r, deps: {}, size: r.size * 6 + 700_000, files: r.files + 2 }))
  },
}

/** A monorepo: several packages of one scope, one repository (each naming its directory). */
function monorepo(rng: Rng, org: string, count: number): Generated[] {
  const owner = rng.pick(PEOPLE)
  const repo = `${org}/mcp-servers`
  const out: Generated[] = []
  for (let i = 0; i < count; i++) {
    const pkg = SERVICES[(i * 7 + org.length) % SERVICES.length]
    const releases = stream(rng, owner, repo, {
      count: [8, 30],
      gap: days(3, 25),
      repository: rng.chance(0.5)
        ? { type: 'git', url: `https://github.com/${repo}.git`, directory: `src/${pkg}` }
        : `https://github.com/${repo}/tree/main/src/${pkg}`,
    })
    out.push({ registry: 'npm', name: `@${org}/server-${pkg}`, pattern: 'monorepo packages', listingRepositories: [repo], releases })
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// The registries' documents, and back through the parsers
// ---------------------------------------------------------------------------------------------

const email = (person: string) => `${person.replace(/\W/g, '')}@example.com`

/** A release as npm's per-version document. */
function npmDoc(name: string, r: Release): Record<string, unknown> {
  return {
    name,
    version: r.version,
    description: `${name}: an MCP server`,
    main: 'dist/index.js',
    scripts: r.scripts,
    repository: r.repository,
    license: 'MIT',
    dependencies: r.deps,
    devDependencies: { typescript: '^5.6.0', vitest: '^2.1.0' },
    _id: `${name}@${r.version}`,
    _nodeVersion: '20.18.0',
    _npmVersion: '10.8.2',
    dist: {
      integrity: 'sha512-x',
      tarball: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${r.version}.tgz`,
      fileCount: r.files,
      unpackedSize: r.size,
      ...(r.provenance
        ? {
            attestations: {
              url: `https://registry.npmjs.org/-/npm/v1/attestations/${name}@${r.version}`,
              provenance: { predicateType: 'https://slsa.dev/provenance/v1' },
            },
          }
        : {}),
    },
    _npmUser: r.trusted
      ? { name: 'GitHub Actions', email: 'npm-oidc-no-reply@github.com', trustedPublisher: { id: 'github', oidcConfigId: 'oidc:1' } }
      : { name: r.publisher, email: email(r.publisher) },
    maintainers: r.maintainers.map((m) => ({ name: m, email: email(m) })),
    ...(r.deprecated ? { deprecated: r.deprecated } : {}),
  }
}

/** A whole history as npm's packument, read back through npmPackumentHistory. */
function npmVersions(name: string, releases: Release[]): VersionInput[] {
  const time: Record<string, string> = {
    created: new Date(releases[0].at).toISOString(),
    modified: new Date(releases.at(-1)!.at).toISOString(),
  }
  const versions: Record<string, unknown> = {}
  for (const r of releases) {
    versions[r.version] = npmDoc(name, r)
    time[r.version] = new Date(r.at).toISOString()
  }
  const packument = { _id: name, name, 'dist-tags': { latest: releases.at(-1)!.version }, versions, time }
  const read = npmPackumentHistory(packument, 100)
  expect(read.versions).toHaveLength(releases.length)
  return read.versions.map((v) => ({ version: v.version, facts: v.facts, seenAt: v.facts.publishedAt! }))
}

/** A release as PyPI's files. */
function pypiFiles(name: string, r: Release) {
  const stem = `${name.replace(/-/g, '_')}-${r.version}`
  const at = (offset: number) => new Date(r.at + offset).toISOString().replace('Z', '000Z').replace('.000000Z', '.123456Z')
  const sdist = {
    filename: `${stem}.tar.gz`,
    packagetype: 'sdist',
    size: Math.round(r.size * 0.4),
    upload_time_iso_8601: at(0),
    yanked: !!r.deprecated,
  }
  const wheel = {
    filename: `${stem}-py3-none-any.whl`,
    packagetype: 'bdist_wheel',
    size: Math.round(r.size * 0.5),
    upload_time_iso_8601: at(4000),
    yanked: !!r.deprecated,
  }
  return r.sdistOnly ? [sdist] : [wheel, sdist]
}

/** A history as PyPI's project document and per-version documents, read back through the parsers. */
function pypiVersions(name: string, releases: Release[]): VersionInput[] {
  const project = {
    info: { name, version: releases.at(-1)!.version },
    releases: Object.fromEntries(releases.map((r) => [r.version, pypiFiles(name, r)])),
  }
  const listed = pypiProjectReleases(project)
  expect(listed.versions).toHaveLength(releases.length)
  const byVersion = new Map(releases.map((r) => [r.version, r]))
  return listed.versions.map(({ version, publishedAt }) => {
    const r = byVersion.get(version)!
    const doc = {
      info: {
        name,
        version,
        author: r.maintainers.join(', '),
        author_email: r.maintainers.map(email).join(', '),
        maintainer: null,
        project_urls: { Homepage: `https://${name}.example`, Source: `https://github.com/${(r.repository as string) ?? ''}` },
        requires_dist: [...Object.entries(r.deps).map(([dep, range]) => `${dep}${range}`), 'pytest>=8; extra == "dev"'],
        yanked: !!r.deprecated,
        yanked_reason: r.deprecated ?? null,
      },
      urls: pypiFiles(name, r),
    }
    const facts = pypiVersionFacts(doc)
    expect(facts.publishedAt).toBe(publishedAt)
    return { version, facts, seenAt: publishedAt! }
  })
}

/** A PyPI project's releases: wheels and sdists (or sdists only), author lists, requirements with lower bounds. */
function pypiReleases(rng: Rng, owner: string, repo: string, kind: string, count: [number, number] = [8, 35]): Release[] {
  const releases = stream(rng, owner, repo, { count, gap: days(2, 30) })
  let deps: Record<string, string> = { mcp: '>=1.2.0' }
  for (let i = rng.int(1, 4); i > 0; i--) deps[rng.pick(DEPS_PYPI)] = `>=${rng.int(0, 3)}.${rng.int(0, 20)}`
  return releases.map((r, i) => {
    // Requirements change now and then: one added, or a lower bound raised.
    if (i > 0 && rng.chance(0.1)) deps = { ...deps, [rng.pick(DEPS_PYPI)]: `>=${rng.int(1, 5)}.0` }
    if (i > 0 && rng.chance(0.2)) deps = { ...deps, mcp: `>=1.${rng.int(2, 20)}.0` }
    const out: Release = { ...r, deps, publisher: '', repository: repo }
    if (kind === 'sdist only') out.sdistOnly = true
    if (kind === 'old releases yanked' && i < 2) out.deprecated = 'Broken packaging'
    if (kind === 'authors added' && i >= Math.floor(releases.length / 2)) out.maintainers = [owner, 'Ada Lovelace'].sort()
    return out
  })
}

// ---------------------------------------------------------------------------------------------
// The catalogue
// ---------------------------------------------------------------------------------------------

function generateCatalogue(seed: number): Generated[] {
  const rng = prng(seed)
  const out: Generated[] = []
  const used = new Set<string>()
  const uniqueName = (shapes: Array<(s: string) => string>) => {
    for (;;) {
      const name = rng.pick(shapes)(rng.pick(SERVICES))
      if (!used.has(name)) {
        used.add(name)
        return name
      }
    }
  }
  const patterns = Object.entries(PATTERNS)
  for (let i = 0; i < 260; i++) {
    const [pattern, make] = patterns[i % patterns.length]
    const name = uniqueName(SHAPES_NPM)
    const owner = rng.pick(PEOPLE)
    const repo = `${owner.replace(/\W/g, '')}/${name.replace(/^@/, '').replace('/', '-')}`.toLowerCase()
    out.push({ registry: 'npm', name, pattern, listingRepositories: [repo], releases: make(rng, owner, repo) })
  }
  for (const [pattern, make] of Object.entries(RARE))
    for (let i = 0; i < 3; i++) {
      const name = uniqueName(SHAPES_NPM)
      const owner = rng.pick(PEOPLE)
      const repo = `${owner.replace(/\W/g, '')}/${name.replace(/^@/, '').replace('/', '-')}`.toLowerCase()
      const releases = make(rng, owner, repo)
      // A listing names where the code is now.
      const listed = repositoryOf(releases.at(-1)!.repository) ?? repo
      out.push({ registry: 'npm', name, pattern: `rare: ${pattern}`, listingRepositories: [listed], releases })
    }
  for (const org of ['acme', 'northwind', 'contoso', 'initech']) out.push(...monorepo(rng, org, rng.int(3, 6)))
  const kinds = ['wheels', 'wheels', 'sdist only', 'old releases yanked', 'authors added']
  for (let i = 0; i < 60; i++) {
    const kind = kinds[i % kinds.length]
    const name = uniqueName(SHAPES_PYPI)
    const [owner, login] = rng.pick([
      ['Jane Doe', 'janedoe'],
      ['Kofi Mensah', 'kmensah'],
      ['Li Wei', 'liwei-dev'],
      ['Priya Raman', 'praman'],
      ['Tomás García', 'tgarcia'],
    ])
    const repo = `${login}/${name}`
    out.push({
      registry: 'pypi',
      name,
      pattern: `pypi: ${kind}`,
      listingRepositories: [repo],
      releases: pypiReleases(rng, owner, repo, kind),
    })
  }
  return out
}

/** Created long ago: what the watch finds when it looks up an established dependency. */
const ESTABLISHED_CREATED = Object.fromEntries([...DEPS_NPM, ...DEPS_PYPI].map((n) => [n, '2016-03-01T00:00:00.000Z']))

function baseContext(g: Generated, earlier: string[]): Omit<SignalContext, 'history'> {
  return {
    registry: g.registry,
    name: g.name,
    listingRepositories: g.listingRepositories,
    earlierListedNames: new Set(earlier),
    popularNames: g.registry === 'npm' ? POPULAR_NPM : POPULAR_PYPI,
    dependencyCreated: ESTABLISHED_CREATED,
    removed: false,
  }
}

const readBack = (g: Generated) => (g.registry === 'npm' ? npmVersions(g.name, g.releases) : pypiVersions(g.name, g.releases))

type Counts = Record<SupplyBand, number>
const zero = (): Counts => ({ none: 0, low: 0, medium: 0, high: 0 })

describe('the supply signals over a generated catalogue of ordinary releases', () => {
  it('scores fewer than 1 in 50 ordinary versions Medium or above', () => {
    const catalogue = generateCatalogue(35)
    const total = zero()
    const byPattern = new Map<string, { packages: number; versions: number } & Counts>()
    const flagged: string[] = []
    const earlier: Record<WatchedRegistry, string[]> = { npm: [], pypi: [] }
    const fired = new Map<string, number>()
    for (const g of catalogue) {
      const scored = scoreHistory(readBack(g), baseContext(g, earlier[g.registry]))
      earlier[g.registry].push(g.name)
      const row = byPattern.get(g.pattern) ?? { packages: 0, versions: 0, ...zero() }
      row.packages++
      for (const s of scored) {
        const band = bandOf(s.score)
        total[band]++
        row[band]++
        row.versions++
        for (const signal of s.signals) fired.set(signal.rule, (fired.get(signal.rule) ?? 0) + 1)
        if (s.score >= BAND_FLOORS.medium)
          flagged.push(`${g.name}@${s.version} (${g.pattern}) ${s.score}: ${s.signals.map((x) => x.rule).join(', ')}`)
      }
      byPattern.set(g.pattern, row)
    }
    const versions = SUPPLY_BANDS.reduce((sum, b) => sum + total[b], 0)
    const cells = (r: { packages: number; versions: number } & Counts) =>
      [r.packages, r.versions, ...SUPPLY_BANDS.map((b) => r[b])].map((n) => String(n).padStart(8)).join('')
    console.log(
      [
        'Generated catalogue, versions per band:',
        `${'pattern'.padEnd(62)}${['packages', 'versions', ...SUPPLY_BANDS].map((h) => h.padStart(8)).join('')}`,
        ...[...byPattern.entries()].map(([pattern, r]) => `${pattern.padEnd(62)}${cells(r)}`),
        `${'ALL'.padEnd(62)}${cells({ packages: catalogue.length, versions, ...total })}`,
      ].join('\n'),
    )
    console.log('Signals fired (rule: versions):', Object.fromEntries([...fired.entries()].sort((a, b) => b[1] - a[1])))
    console.log(
      `Medium or above: ${total.medium + total.high} of ${versions} (${(((total.medium + total.high) / versions) * 100).toFixed(2)}%)`,
    )
    for (const line of flagged.slice(0, 30)) console.log(`  ${line}`)

    expect(catalogue.length).toBeGreaterThanOrEqual(300)
    expect(versions).toBeGreaterThanOrEqual(5000)
    expect((total.medium + total.high) / versions).toBeLessThan(1 / 50)
    // The signals are not simply silent: ordinary life gives some Low findings (a maintainer joining, old versions deprecated).
    expect(total.low).toBeGreaterThan(0)
  })

  it('generates the same catalogue from the same seed', () => {
    const a = generateCatalogue(7)
    const b = generateCatalogue(7)
    expect(a.map((g) => [g.name, g.releases.length, g.releases.at(-1)!.size])).toEqual(
      b.map((g) => [g.name, g.releases.length, g.releases.at(-1)!.size]),
    )
  })
})

// ---------------------------------------------------------------------------------------------
// Planted attacks
// ---------------------------------------------------------------------------------------------

/** An attack: an ordinary history (as `setup` shapes it), then the version the attacker publishes. */
function attack(options: {
  seed: number
  name: string
  quiet: number
  setup?: (r: Release) => Release
  mutate: (r: Release) => Release
  context?: (releases: Release[]) => Partial<Omit<SignalContext, 'history'>>
  registry?: WatchedRegistry
}) {
  const { seed, name, quiet, setup = (r) => r, mutate, registry = 'npm' } = options
  const rng = prng(seed)
  const repo = `acme/${name}`
  const ordinary = (
    registry === 'npm'
      ? stream(rng, 'pm-dev', repo, { count: [quiet + 1, quiet + 1], gap: days(3, 20) })
      : pypiReleases(rng, 'pm-dev', repo, 'wheels', [quiet + 1, quiet + 1])
  ).map(setup)
  const releases = [...ordinary.slice(0, quiet), mutate(ordinary[quiet])]
  const g: Generated = { registry, name, pattern: 'attack', listingRepositories: [repo], releases }
  const scored = scoreHistory(readBack(g), { ...baseContext(g, []), ...options.context?.(releases) })
  return { scored, last: scored.at(-1)!, before: scored.slice(0, -1) }
}

const atLeastMedium = (score: number) => SUPPLY_BANDS.indexOf(bandOf(score)) >= SUPPLY_BANDS.indexOf('medium')
const rules = (s: { signals: Array<{ rule: string }> }) => s.signals.map((x) => x.rule)

describe('planted attacks', () => {
  it('postmark-mcp’s pattern: fifteen quiet versions, then a new publisher and a postinstall script: High', () => {
    const { last, before } = attack({
      seed: 101,
      name: 'postmark-mcp',
      quiet: 15,
      mutate: (r) => ({
        ...r,
        publisher: 'phan-tom',
        maintainers: ['phan-tom', 'pm-dev'],
        scripts: { ...r.scripts, postinstall: 'node ./lib/setup.js' },
      }),
    })
    expect(before.every((s) => s.score < BAND_FLOORS.medium)).toBe(true)
    expect(bandOf(last.score)).toBe('high')
    expect(rules(last)).toEqual(expect.arrayContaining(['install-script.added', 'publisher.new']))
  })

  it('a token-stealing worm: new publisher, postinstall, provenance dropped, a large bundle: High', () => {
    const { last, before } = attack({
      seed: 102,
      name: 'mcp-helper-kit',
      quiet: 12,
      setup: (r) => ({ ...r, provenance: true }),
      mutate: (r) => ({
        ...r,
        publisher: 'npm-user-4412',
        scripts: { ...r.scripts, postinstall: 'node bundle.js' },
        provenance: false,
        size: r.size + 3_600_000,
        files: r.files + 1,
      }),
    })
    expect(before.every((s) => s.score < BAND_FLOORS.medium)).toBe(true)
    expect(bandOf(last.score)).toBe('high')
    expect(rules(last)).toEqual(expect.arrayContaining(['publisher.new', 'install-script.added', 'provenance.dropped', 'size.jump']))
  })

  it('a worm publishing with a maintainer’s stolen token where CI published with provenance: High', () => {
    const { last } = attack({
      seed: 103,
      name: 'mcp-trusted-kit',
      quiet: 10,
      setup: (r) => ({ ...r, trusted: true, provenance: true }),
      mutate: (r) => ({
        ...r,
        trusted: false,
        provenance: false,
        publisher: 'pm-dev',
        scripts: { ...r.scripts, postinstall: 'node bundle.js' },
      }),
    })
    expect(rules(last)).toEqual(expect.arrayContaining(['publisher.left-trusted', 'provenance.dropped', 'install-script.added']))
    expect(bandOf(last.score)).toBe('high')
  })

  it('a look-alike dependency added: Medium or above; with the look-up finding it days old, nearly High', () => {
    const lookalike = attack({
      seed: 104,
      name: 'mcp-http-tools',
      quiet: 10,
      mutate: (r) => ({ ...r, deps: { ...r.deps, loadash: '^4.17.21' } }),
    })
    expect(atLeastMedium(lookalike.last.score)).toBe(true)
    expect(rules(lookalike.last)).toContain('dependency.lookalike')

    const young = attack({
      seed: 105,
      name: 'mcp-fetch-tools',
      quiet: 10,
      mutate: (r) => ({ ...r, deps: { ...r.deps, axois: '^1.7.0' } }),
      // The watch looks the new dependency up: first published three days before the version.
      context: (releases) => ({
        dependencyCreated: { ...ESTABLISHED_CREATED, axois: new Date(releases.at(-1)!.at - 3 * DAY).toISOString() },
      }),
    })
    expect(rules(young.last)).toEqual(expect.arrayContaining(['dependency.lookalike', 'dependency.young']))
    expect(young.last.score).toBeGreaterThanOrEqual(9)
  })

  it('a repository swapped for another: Medium or above', () => {
    const { last } = attack({
      seed: 106,
      name: 'mcp-notes',
      quiet: 8,
      mutate: (r) => ({ ...r, repository: 'git+https://github.com/notes-mcp-official/mcp-notes.git' }),
    })
    expect(rules(last)).toEqual(expect.arrayContaining(['repository.changed', 'repository.differs']))
    expect(atLeastMedium(last.score)).toBe(true)
  })

  it('a PyPI release that drops its wheels while a new author appears: Medium or above', () => {
    const { last } = attack({
      seed: 107,
      name: 'mcp-sheets',
      quiet: 9,
      registry: 'pypi',
      mutate: (r) => ({ ...r, sdistOnly: true, maintainers: [...r.maintainers, 'Helper Bot'].sort() }),
    })
    expect(rules(last)).toEqual(expect.arrayContaining(['install-script.added', 'maintainers.changed']))
    expect(atLeastMedium(last.score)).toBe(true)
  })
})
