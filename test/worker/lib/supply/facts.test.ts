/**
 * Registry documents read into version facts: npm's per-version document and packument, PyPI's
 * project and version documents, in the shapes the registries document (samples written inline,
 * trimmed from real answers), and hostile ones (huge strings, wrong types, ten thousand
 * dependencies) read safely: capped, never throwing.
 */

import { describe, expect, it } from 'vitest'
import {
  compareVersions,
  emptyFacts,
  MAX_DEPENDENCIES,
  MAX_MAINTAINERS,
  MAX_SCRIPT,
  npmCreatedAt,
  npmPackumentHistory,
  npmVersionFacts,
  pypiProjectReleases,
  pypiVersionFacts,
} from '../../../../worker/lib/supply'

/** GET https://registry.npmjs.org/@acme%2Fmail-mcp/1.2.0, as the registry answers (fields the facts do not read trimmed). */
function npmVersionDoc(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '@acme/mail-mcp',
    version: '1.2.0',
    description: 'An MCP server for sending mail',
    main: 'dist/index.js',
    bin: { 'acme-mail-mcp': 'dist/index.js' },
    type: 'module',
    scripts: { build: 'tsc', test: 'vitest run', prepare: 'npm run build' },
    repository: { type: 'git', url: 'git+https://github.com/Acme/mail-mcp.git' },
    license: 'MIT',
    dependencies: { '@modelcontextprotocol/sdk': '^1.12.0', zod: '^3.24.1', nodemailer: '^6.9.16' },
    devDependencies: { typescript: '^5.7.0', vitest: '^3.0.0', '@types/nodemailer': '^6.4.17' },
    gitHead: '5d41402abc4b2a76b9719d911017c592',
    _id: '@acme/mail-mcp@1.2.0',
    _nodeVersion: '22.12.0',
    _npmVersion: '10.9.0',
    dist: {
      integrity: 'sha512-Zm9vYmFy',
      shasum: '0beec7b5ea3f0fdbc95d0dd47f3c5bc275da8a33',
      tarball: 'https://registry.npmjs.org/@acme/mail-mcp/-/mail-mcp-1.2.0.tgz',
      fileCount: 14,
      unpackedSize: 48213,
      signatures: [{ keyid: 'SHA256:jl3bwswu80PjjokCgh0o2w5c2U4LhQAE57gj9cz1kzA', sig: 'MEUCIQ' }],
    },
    _npmUser: { name: 'alice', email: 'alice@example.com' },
    maintainers: [
      { name: 'carol', email: 'carol@example.com' },
      { name: 'alice', email: 'alice@example.com' },
    ],
    directories: {},
    _hasShrinkwrap: false,
    ...over,
  }
}

/** The same version published by trusted publishing from GitHub Actions, with provenance. */
const trustedDoc = () =>
  npmVersionDoc({
    _npmUser: {
      name: 'GitHub Actions',
      email: 'npm-oidc-no-reply@github.com',
      trustedPublisher: { id: 'github', oidcConfigId: 'oidc:3f1c5a2e-0b8d-4c8e-9b61-0a1b2c3d4e5f' },
    },
    dist: {
      integrity: 'sha512-Zm9vYmFy',
      tarball: 'https://registry.npmjs.org/@acme/mail-mcp/-/mail-mcp-1.2.0.tgz',
      fileCount: 14,
      unpackedSize: 48213,
      attestations: {
        url: 'https://registry.npmjs.org/-/npm/v1/attestations/@acme%2fmail-mcp@1.2.0',
        provenance: { predicateType: 'https://slsa.dev/provenance/v1' },
      },
    },
  })

describe('npmVersionFacts', () => {
  it('reads a per-version document into facts', () => {
    expect(npmVersionFacts(npmVersionDoc(), '2025-03-04T10:11:12.345Z')).toEqual({
      publishedAt: '2025-03-04T10:11:12.345Z',
      publisher: 'alice',
      trustedPublisher: false,
      maintainers: ['alice', 'carol'],
      installScripts: { prepare: 'npm run build' },
      provenance: false,
      dependencies: { '@modelcontextprotocol/sdk': '^1.12.0', zod: '^3.24.1', nodemailer: '^6.9.16' },
      fileCount: 14,
      unpackedSize: 48213,
      deprecated: null,
      repository: 'acme/mail-mcp',
    })
  })

  it('knows trusted publishing and provenance attestations', () => {
    const facts = npmVersionFacts(trustedDoc(), null)
    expect(facts).toMatchObject({ publisher: 'GitHub Actions', trustedPublisher: true, provenance: true, publishedAt: null })
  })

  it('keeps only the scripts that run around install, and the one node-gyp adds for a binding', () => {
    const scripts = {
      preinstall: 'node check.js',
      install: 'node-gyp rebuild',
      postinstall: 'node setup.js',
      prepare: 'tsc',
      test: 'jest',
      build: 'x',
    }
    expect(npmVersionFacts(npmVersionDoc({ scripts }), null).installScripts).toEqual({
      preinstall: 'node check.js',
      install: 'node-gyp rebuild',
      postinstall: 'node setup.js',
      prepare: 'tsc',
    })
    expect(npmVersionFacts(npmVersionDoc({ scripts: {}, gypfile: true }), null).installScripts).toEqual({ install: 'node-gyp rebuild' })
  })

  it('reads deprecation, the string form of a repository and of a person, and leaves out peer and dev dependencies', () => {
    const facts = npmVersionFacts(
      npmVersionDoc({
        deprecated: 'This version has a bug in send_mail; use 1.2.1',
        repository: 'github:acme/mail-mcp',
        maintainers: ['Bob Smith <bob@example.com> (https://bob.example)', { name: 'alice' }],
        peerDependencies: { react: '>=18' },
        optionalDependencies: { fsevents: '^2.3.0' },
      }),
      null,
    )
    expect(facts.deprecated).toBe('This version has a bug in send_mail; use 1.2.1')
    expect(facts.repository).toBe('acme/mail-mcp')
    expect(facts.maintainers).toEqual(['Bob Smith', 'alice'])
    expect(Object.keys(facts.dependencies)).toEqual(['@modelcontextprotocol/sdk', 'zod', 'nodemailer'])
    expect(npmVersionFacts(npmVersionDoc({ deprecated: '' }), null).deprecated).toBeNull()
  })

  it('reads hostile documents safely: wrong types, huge strings, ten thousand dependencies', () => {
    for (const doc of [null, undefined, 42, 'x', [], [npmVersionDoc()], true]) expect(npmVersionFacts(doc, null)).toEqual(emptyFacts())

    const wrong = npmVersionFacts(
      {
        _npmUser: ['alice'],
        maintainers: 'alice',
        scripts: ['postinstall'],
        dist: { fileCount: '14', unpackedSize: -5, attestations: null },
        dependencies: ['zod'],
        deprecated: { message: 'x' },
        repository: 12,
      },
      'not a time',
    )
    expect(wrong).toEqual({ ...emptyFacts(), provenance: false })

    const huge = 'A'.repeat(1_000_000)
    const deps = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`dep-${i}`, `^${i}.0.0`]))
    const people = Array.from({ length: 5_000 }, (_, i) => ({ name: `person-${String(i).padStart(5, '0')}` }))
    const facts = npmVersionFacts(
      {
        _npmUser: { name: huge, trustedPublisher: false },
        maintainers: people,
        scripts: { postinstall: `node ${huge}`, install: 7 },
        dependencies: { ...deps, [huge]: '1.0.0', 'weird-range': { range: '1' } },
        dist: { fileCount: 1e300, unpackedSize: Number.NaN },
        deprecated: huge,
        repository: { url: `https://example.com/${huge}` },
      },
      null,
    )
    expect(facts.publisher!.length).toBeLessThanOrEqual(100)
    expect(facts.trustedPublisher).toBe(false)
    expect(facts.maintainers).toHaveLength(MAX_MAINTAINERS)
    expect(facts.maintainers[0]).toBe('person-00000')
    expect(facts.installScripts).toEqual({ postinstall: expect.any(String) })
    expect(facts.installScripts.postinstall).toHaveLength(MAX_SCRIPT)
    expect(Object.keys(facts.dependencies)).toHaveLength(MAX_DEPENDENCIES)
    expect(facts.fileCount).toBe(1e300)
    expect(facts.unpackedSize).toBeNull()
    expect(facts.deprecated!.length).toBeLessThanOrEqual(300)
    expect(facts.repository!.length).toBeLessThanOrEqual(300)
    expect(JSON.stringify(facts).length).toBeLessThan(20_000)
  })

  it('keeps a dependency named like an object’s own machinery as a plain name', () => {
    const facts = npmVersionFacts(JSON.parse('{"dependencies":{"__proto__":"1.0.0","constructor":"2.0.0","toString":"3"}}'), null)
    expect(Object.keys(facts.dependencies).sort()).toEqual(['__proto__', 'constructor', 'toString'])
    expect(Object.getPrototypeOf(facts.dependencies)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).constructor).toBe(Object)
  })
})

/** A packument (GET https://registry.npmjs.org/acme-tool): every version, and `time` for each. */
function packument(): Record<string, unknown> {
  const versions: Record<string, unknown> = {}
  const time: Record<string, string> = { created: '2024-05-01T08:00:00.000Z', modified: '2025-02-01T09:00:00.000Z' }
  const list = ['0.1.0', '0.2.0', '1.0.0-beta.1', '1.0.0', '1.0.1', '1.1.0', '0.2.1', '1.1.1']
  list.forEach((version, i) => {
    versions[version] = {
      ...npmVersionDoc({ name: 'acme-tool', version, dist: { fileCount: 10 + i, unpackedSize: 1000 * (i + 1) } }),
      _npmUser: { name: i < 4 ? 'alice' : 'bob', email: 'x@example.com' },
    }
    time[version] = new Date(Date.parse('2024-05-01T08:00:00.000Z') + i * 86_400_000 * 10).toISOString()
  })
  // 0.2.1 is a backport published after 1.1.0; a time for a version that was unpublished; a version without a time.
  time['9.9.9'] = '2025-01-01T00:00:00.000Z'
  versions['0.0.1'] = npmVersionDoc({ version: '0.0.1' })
  return {
    _id: 'acme-tool',
    name: 'acme-tool',
    'dist-tags': { latest: '1.1.1', next: '1.2.0-rc.0' },
    versions,
    time,
    maintainers: [{ name: 'alice', email: 'alice@example.com' }],
    readme: '# acme-tool',
  }
}

describe('npmPackumentHistory', () => {
  it('keeps the newest versions by publish time, oldest first, each with its facts and publish time', () => {
    const { latest, created, versions } = npmPackumentHistory(packument(), 4)
    expect(latest).toBe('1.1.1')
    expect(created).toBe('2024-05-01T08:00:00.000Z')
    // 0.2.1 was published after 1.1.0 (a backport); 9.9.9 has a time but no document.
    expect(versions.map((v) => v.version)).toEqual(['1.0.1', '1.1.0', '0.2.1', '1.1.1'])
    expect(versions[2].facts).toMatchObject({ publisher: 'bob', fileCount: 16, publishedAt: '2024-06-30T08:00:00.000Z' })
  })

  it('places versions without a time by version order, and keeps at most what it is asked', () => {
    const all = npmPackumentHistory(packument(), 50).versions.map((v) => v.version)
    expect(all).toHaveLength(9)
    expect(all[0]).toBe('0.0.1')
    expect(npmPackumentHistory(packument(), 0).versions).toEqual([])
    const untimed = { versions: { '1.10.0': {}, '1.2.0': {}, '1.2.0-rc.1': {}, '0.9.0': {} } }
    expect(npmPackumentHistory(untimed, 10).versions.map((v) => v.version)).toEqual(['0.9.0', '1.2.0-rc.1', '1.2.0', '1.10.0'])
  })

  it('reads hostile packuments safely', () => {
    for (const doc of [null, 'x', [], { versions: 'x', time: 5, 'dist-tags': [] }, { versions: { '1.0.0': 'not an object' } }])
      expect(npmPackumentHistory(doc, 5)).toEqual({ latest: null, created: null, versions: [] })
    const many = {
      versions: Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`1.0.${i}`, {}])),
      'dist-tags': { latest: 'x'.repeat(500) },
    }
    const read = npmPackumentHistory(many, 1e9)
    expect(read.latest).toBeNull()
    expect(read.versions.length).toBeLessThanOrEqual(100)
    expect(npmPackumentHistory(packument(), Number.NaN).versions).toEqual([])
  })

  it('gives a packument’s creation time', () => {
    expect(npmCreatedAt(packument())).toBe('2024-05-01T08:00:00.000Z')
    expect(npmCreatedAt({ time: { created: 'yesterday' } })).toBeNull()
    expect(npmCreatedAt({})).toBeNull()
  })
})

/** A PyPI file entry, as `urls` and `releases[v]` list them. */
function pypiFile(filename: string, packagetype: 'sdist' | 'bdist_wheel', at: string, size: number, yanked = false) {
  return {
    comment_text: '',
    digests: { md5: 'd41d8cd98f00b204e9800998ecf8427e', sha256: 'e3b0c44298fc1c149afbf4c8996fb924' },
    downloads: -1,
    filename,
    has_sig: false,
    md5_digest: 'd41d8cd98f00b204e9800998ecf8427e',
    packagetype,
    python_version: packagetype === 'sdist' ? 'source' : 'py3',
    requires_python: '>=3.10',
    size,
    upload_time: at.replace(/\.\d+Z$/, '').replace(/Z$/, ''),
    upload_time_iso_8601: at,
    url: `https://files.pythonhosted.org/packages/ab/cd/${filename}`,
    yanked,
    yanked_reason: null,
  }
}

/** GET https://pypi.org/pypi/acme-mcp/json */
function pypiProject(): Record<string, unknown> {
  return {
    info: { name: 'acme-mcp', version: '0.3.0', summary: 'An MCP server', yanked: false },
    last_serial: 26_012_345,
    releases: {
      '0.1.0': [pypiFile('acme_mcp-0.1.0.tar.gz', 'sdist', '2024-11-02T10:00:05.123456Z', 9000)],
      '0.2.0': [
        pypiFile('acme_mcp-0.2.0-py3-none-any.whl', 'bdist_wheel', '2024-12-01T10:00:09.000000Z', 12000, true),
        pypiFile('acme_mcp-0.2.0.tar.gz', 'sdist', '2024-12-01T10:00:03.000000Z', 10000, true),
      ],
      '0.10.0.dev1': [],
      '0.3.0': [pypiFile('acme_mcp-0.3.0-py3-none-any.whl', 'bdist_wheel', '2025-01-15T08:30:00.000000Z', 13000)],
      '0.2.1': [pypiFile('acme_mcp-0.2.1-py3-none-any.whl', 'bdist_wheel', '2024-12-03T10:00:00.000000Z', 12100)],
    },
    urls: [],
    vulnerabilities: [],
  }
}

/** GET https://pypi.org/pypi/acme-mcp/0.3.0/json */
function pypiVersion(over: Record<string, unknown> = {}, files?: unknown[]): Record<string, unknown> {
  return {
    info: {
      author: 'Jane Doe, John Roe <john@example.com>',
      author_email: 'jane@example.com',
      maintainer: 'jane@example.com',
      maintainer_email: null,
      home_page: null,
      license: 'MIT',
      name: 'acme-mcp',
      project_urls: {
        Documentation: 'https://acme.example/docs',
        Homepage: 'https://acme.example',
        Source: 'https://github.com/Acme/acme-mcp',
      },
      requires_dist: [
        'httpx>=0.27',
        'mcp[cli]>=1.6.0',
        'Pydantic (<3.0.0,>=2.7.2)',
        'typing_extensions; python_version < "3.11"',
        'pytest>=8; extra == "dev"',
        "ruff ; extra=='dev'",
      ],
      requires_python: '>=3.10',
      summary: 'An MCP server',
      version: '0.3.0',
      yanked: false,
      yanked_reason: null,
      ...over,
    },
    last_serial: 26_012_345,
    urls: files ?? [
      pypiFile('acme_mcp-0.3.0-py3-none-any.whl', 'bdist_wheel', '2025-01-15T08:30:00.000000Z', 13000),
      pypiFile('acme_mcp-0.3.0.tar.gz', 'sdist', '2025-01-15T08:29:41.000000Z', 11000),
    ],
    vulnerabilities: [],
  }
}

describe('pypiProjectReleases', () => {
  it('lists releases with files oldest first by their earliest upload, the latest version and which are yanked', () => {
    expect(pypiProjectReleases(pypiProject())).toEqual({
      latest: '0.3.0',
      versions: [
        { version: '0.1.0', publishedAt: '2024-11-02T10:00:05.123Z', yanked: false },
        { version: '0.2.0', publishedAt: '2024-12-01T10:00:03.000Z', yanked: true },
        { version: '0.2.1', publishedAt: '2024-12-03T10:00:00.000Z', yanked: false },
        { version: '0.3.0', publishedAt: '2025-01-15T08:30:00.000Z', yanked: false },
      ],
    })
  })

  it('reads the older upload_time, which has no zone, as UTC', () => {
    const file = { packagetype: 'sdist', upload_time: '2019-06-01T12:00:00' }
    expect(pypiProjectReleases({ releases: { '1.0': [file] } }).versions).toEqual([
      { version: '1.0', publishedAt: '2019-06-01T12:00:00.000Z', yanked: false },
    ])
  })

  it('reads hostile project documents safely', () => {
    for (const doc of [null, 7, { releases: [] }, { info: 'x', releases: { '1.0': 'files' } }])
      expect(pypiProjectReleases(doc)).toEqual({ latest: null, versions: [] })
    const many = { releases: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`0.${i}`, [{ upload_time_iso_8601: 42 }]])) }
    const read = pypiProjectReleases(many)
    expect(read.versions).toHaveLength(5000)
    expect(read.versions[0]).toEqual({ version: '0.0', publishedAt: null, yanked: false })
    expect(read.versions[4999].version).toBe('0.4999')
  })
})

describe('pypiVersionFacts', () => {
  it('reads a version document into facts', () => {
    expect(pypiVersionFacts(pypiVersion())).toEqual({
      publishedAt: '2025-01-15T08:29:41.000Z',
      publisher: null,
      trustedPublisher: false,
      maintainers: ['Jane Doe', 'John Roe'],
      installScripts: {},
      provenance: null,
      dependencies: { httpx: '>=0.27', mcp: '>=1.6.0', pydantic: '<3.0.0,>=2.7.2', 'typing-extensions': '; python_version < "3.11"' },
      fileCount: 2,
      unpackedSize: 24000,
      deprecated: null,
      repository: 'acme/acme-mcp',
    })
  })

  it('reads the names pyproject.toml puts in author_email when author is empty, never the addresses', () => {
    const facts = pypiVersionFacts(
      pypiVersion({
        author: null,
        maintainer: '',
        author_email: 'Jane Doe <jane@example.com>, "Li Wei" <li@example.com>, ops@example.com',
        maintainer_email: 'Kofi Mensah <kofi@example.com>',
      }),
    )
    expect(facts.maintainers).toEqual(['Jane Doe', 'Kofi Mensah', 'Li Wei'])
    expect(JSON.stringify(facts)).not.toContain('@example.com')
  })

  it('marks a version with only a source distribution, whose build runs at install', () => {
    const facts = pypiVersionFacts(pypiVersion({}, [pypiFile('acme_mcp-0.3.0.tar.gz', 'sdist', '2025-01-15T08:29:41Z', 11000)]))
    expect(facts.installScripts).toEqual({ 'sdist-only': 'no wheel published: the source build runs at install' })
    expect(facts.fileCount).toBe(1)
  })

  it('reads a yanked version as deprecated, with its reason or "yanked"', () => {
    expect(pypiVersionFacts(pypiVersion({ yanked: true, yanked_reason: 'Broken import on 3.10' })).deprecated).toBe('Broken import on 3.10')
    expect(pypiVersionFacts(pypiVersion({ yanked: true, yanked_reason: null })).deprecated).toBe('yanked')
  })

  it('finds the repository among the project links, preferring github.com, else the home page', () => {
    const repo = (project_urls: unknown, home_page: unknown = null) => pypiVersionFacts(pypiVersion({ project_urls, home_page })).repository
    expect(repo({ Homepage: 'https://github.com/acme/site', 'Source Code': 'https://github.com/acme/code' })).toBe('acme/code')
    expect(repo({ Repository: 'https://gitlab.com/acme/tool', Homepage: 'https://github.com/acme/tool' })).toBe('acme/tool')
    expect(repo({ Repository: 'https://gitlab.com/acme/tool' })).toBe('https://gitlab.com/acme/tool')
    expect(repo({ Homepage: 'https://acme.example' })).toBeNull()
    expect(repo(null, 'https://github.com/acme/old-home')).toBe('acme/old-home')
    expect(repo(null, 'https://acme.example')).toBeNull()
  })

  it('reads hostile version documents safely', () => {
    for (const doc of [null, 'x', [], { info: [], urls: 'x' }])
      expect(pypiVersionFacts(doc)).toMatchObject({ publisher: null, dependencies: {} })
    const huge = 'B'.repeat(1_000_000)
    const facts = pypiVersionFacts({
      info: {
        author: `${huge}, ${'c,'.repeat(10_000)}`,
        maintainer: 42,
        requires_dist: [...Array.from({ length: 10_000 }, (_, i) => `dep-${i}>=1`), huge, 7, null],
        project_urls: { Source: huge },
        yanked: 'yes',
      },
      urls: Array.from({ length: 5000 }, () => ({ packagetype: 'bdist_wheel', size: 'big', upload_time_iso_8601: huge })),
    })
    expect(facts.maintainers.length).toBeLessThanOrEqual(MAX_MAINTAINERS)
    for (const name of facts.maintainers) expect(name.length).toBeLessThanOrEqual(100)
    expect(Object.keys(facts.dependencies)).toHaveLength(MAX_DEPENDENCIES)
    expect(facts.fileCount).toBe(5000)
    expect(facts.unpackedSize).toBeNull()
    expect(facts.publishedAt).toBeNull()
    expect(facts.deprecated).toBeNull()
    expect(facts.repository!.length).toBeLessThanOrEqual(300)
    expect(JSON.stringify(facts).length).toBeLessThan(20_000)
  })
})

describe('compareVersions', () => {
  it('orders versions semver-ish', () => {
    const sorted = ['1.10.0', '1.2.0', '1.2.0-rc.1', '1.2.0-beta.2', '1.2.0-beta.10', '0.9', '2.0.0', '1.0rc1', '1.0'].sort(compareVersions)
    expect(sorted).toEqual(['0.9', '1.0rc1', '1.0', '1.2.0-beta.2', '1.2.0-beta.10', '1.2.0-rc.1', '1.2.0', '1.10.0', '2.0.0'])
  })
})
