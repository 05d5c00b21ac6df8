/**
 * Every supply-chain rule held to its own examples, both ways: it fires on each `fires` example and
 * stays quiet on each `quiet` one. An example's facts are laid over the plain base version that
 * signals.ts describes (published by alice, maintainers [alice], no scripts, provenance
 * false, no dependencies, 12 files, 40,000 bytes, repository acme/tool; history a week apart from
 * 2025-01-01 and the version a week after the last; 'acme-tool' listed with acme/tool, the
 * registry's popular names). Then the scorer's sum, the edit distance and repositoryOf.
 */

import { describe, expect, it } from 'vitest'
import { bandOf, type VersionFacts } from '@shared/supply'
import {
  editDistance,
  oneEditFrom,
  POPULAR_NPM,
  POPULAR_PYPI,
  repositoryOf,
  type SignalContext,
  SUPPLY_RULES,
  type SupplyExample,
  type SupplyRule,
  scoreHistory,
  scoreVersion,
  type VersionInput,
} from '../../../../worker/lib/supply'

const BASE: VersionFacts = {
  publishedAt: null,
  publisher: 'alice',
  trustedPublisher: false,
  maintainers: ['alice'],
  installScripts: {},
  provenance: false,
  dependencies: {},
  fileCount: 12,
  unpackedSize: 40_000,
  deprecated: null,
  repository: 'acme/tool',
}
const START = Date.parse('2025-01-01T00:00:00.000Z')
const WEEK = 7 * 24 * 60 * 60 * 1000

/** One example version over the base, placed `index` weeks after 2025-01-01 unless it says when. */
function input(entry: SupplyExample['version'], index: number): VersionInput {
  const at = new Date(START + index * WEEK).toISOString()
  const facts: VersionFacts = { ...BASE, publishedAt: at, ...entry.facts }
  return { version: entry.version, facts, seenAt: facts.publishedAt ?? at }
}

/** An example as the scorer reads it: the version, and its context with the history. */
function exampleCase(example: SupplyExample): { version: VersionInput; context: SignalContext } {
  const registry = example.context?.registry ?? 'npm'
  const history = example.history.map(input)
  const { earlierListedNames, popularNames, ...rest } = example.context ?? {}
  return {
    version: input(example.version, history.length),
    context: {
      registry,
      name: 'acme-tool',
      listingRepositories: ['acme/tool'],
      dependencyCreated: {},
      removed: false,
      ...rest,
      history,
      earlierListedNames: new Set(earlierListedNames ?? []),
      popularNames: popularNames ? new Set(popularNames) : registry === 'pypi' ? POPULAR_PYPI : POPULAR_NPM,
    },
  }
}

const run = (rule: SupplyRule, example: SupplyExample) => {
  const { version, context } = exampleCase(example)
  return rule.test(version, context)
}
const show = (example: SupplyExample) =>
  `${example.history.length} before, ${example.version.version} ${JSON.stringify({ ...example.version.facts, ...example.context })}`.slice(
    0,
    140,
  )

describe('every supply rule, both ways', () => {
  for (const rule of SUPPLY_RULES) {
    describe(rule.id, () => {
      it.each(rule.fires.map((e) => [show(e), e] as const))('fires on %s', (_, example) => {
        const evidence = run(rule, example)
        expect(evidence).toEqual(expect.any(String))
        expect(evidence!.length).toBeGreaterThan(5)
      })
      it.each(rule.quiet.map((e) => [show(e), e] as const))('stays quiet on %s', (_, example) => {
        expect(run(rule, example)).toBeNull()
      })
    })
  }
})

describe('the supply rule table', () => {
  it('gives every rule a unique dotted id, a positive weight, one plain sentence and examples both ways', () => {
    expect(new Set(SUPPLY_RULES.map((r) => r.id)).size).toBe(SUPPLY_RULES.length)
    for (const rule of SUPPLY_RULES) {
      expect(rule.id, rule.id).toMatch(/^[a-z-]+\.[a-z-]+$/)
      expect(rule.weight, rule.id).toBeGreaterThan(0)
      expect(rule.weight, rule.id).toBeLessThan(10)
      expect(rule.reason, rule.id).toMatch(/^[A-Z].*\.$/)
      expect(rule.reason.length, rule.id).toBeLessThan(140)
      expect(rule.fires.length, rule.id).toBeGreaterThan(0)
      expect(rule.quiet.length, rule.id).toBeGreaterThan(0)
    }
  })

  it('keeps every single rule under High: only signals together make one', () => {
    for (const rule of SUPPLY_RULES) expect(bandOf(rule.weight), rule.id).not.toBe('high')
  })

  it('says what a rule saw in its evidence', () => {
    const { version, context } = exampleCase({
      history: Array.from({ length: 15 }, (_, i) => ({ version: `1.0.${i}` })),
      version: { version: '1.0.15', facts: { publisher: 'mallory', installScripts: { postinstall: 'node setup.js' } } },
    })
    const { score, signals } = scoreVersion(version, context)
    expect(score).toBe(11)
    expect(bandOf(score)).toBe('high')
    expect(signals.map((s) => s.rule)).toEqual(['install-script.added', 'publisher.new'])
    expect(signals[0].evidence).toBe("postinstall: 'node setup.js' (1.0.14 had none)")
    expect(signals[1].evidence).toContain('published by mallory')
    expect(signals[1].reason).toBe(SUPPLY_RULES.find((r) => r.id === 'publisher.new')!.reason)
  })
})

describe('scoring', () => {
  it('sums the weights of the rules that fire and caps each evidence at 300 characters', () => {
    const { version, context } = exampleCase({
      history: [{ version: '1.0.0', facts: { provenance: true } }],
      version: {
        version: '1.0.1',
        facts: {
          publisher: 'mallory',
          provenance: false,
          installScripts: { postinstall: `node ${'x'.repeat(500)}` },
          deprecated: 'd'.repeat(900),
        },
      },
    })
    const { score, signals } = scoreVersion(version, context)
    expect(score).toBe(signals.reduce((sum, s) => sum + s.weight, 0))
    expect(signals.map((s) => s.rule).sort()).toEqual(['install-script.added', 'provenance.dropped', 'publisher.new', 'version.deprecated'])
    for (const s of signals) expect(s.evidence.length).toBeLessThanOrEqual(300)
  })

  it('scores a history version by version against the ones before it', () => {
    const versions = ['1.0.0', '1.0.1', '1.0.2'].map((version, i) =>
      input({ version, facts: i === 2 ? { installScripts: { postinstall: 'node x.js' } } : {} }, i),
    )
    const scored = scoreHistory(versions, {
      registry: 'npm',
      name: 'acme-tool',
      listingRepositories: ['acme/tool'],
      earlierListedNames: new Set(),
      popularNames: POPULAR_NPM,
      dependencyCreated: {},
      removed: false,
    })
    expect(scored.map((s) => [s.version, s.score])).toEqual([
      ['1.0.0', 0],
      ['1.0.1', 0],
      ['1.0.2', 6],
    ])
  })
})

describe('editDistance', () => {
  it.each([
    ['express', 'express', 0],
    ['expres', 'express', 1],
    ['axois', 'axios', 1],
    ['crossenv', 'cross-env', 1],
    ['lodahs', 'lodash', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['ca', 'abc', 3],
    ['@modelcontextprotocol/sdk', '@modelcontextprotocoi/sdk', 1],
  ])('%s to %s is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d)
    expect(editDistance(b, a)).toBe(d)
  })

  it('stops early above max and says max + 1', () => {
    expect(editDistance('lodash', 'react', 1)).toBe(2)
    expect(editDistance('a'.repeat(50), 'b'.repeat(50), 2)).toBe(3)
    expect(editDistance('abcdef', 'abcdeg', 1)).toBe(1)
    expect(editDistance('short', 'a much longer name', 1)).toBe(2)
  })

  it('finds a name one edit from another, leaving short names, the same scope and PyPI spellings of one name', () => {
    expect(oneEditFrom('npm', 'chalkk', POPULAR_NPM)).toBe('chalk')
    expect(oneEditFrom('npm', 'chalk', ['chalk'])).toBeNull()
    expect(oneEditFrom('npm', 'ws2', ['ws'])).toBeNull()
    expect(oneEditFrom('npm', '@acme/mail', ['@acme/main'])).toBeNull()
    expect(oneEditFrom('npm', '@acne/mail', ['@acme/mail'])).toBe('@acme/mail')
    expect(oneEditFrom('pypi', 'Python_Dotenv', POPULAR_PYPI)).toBeNull()
    expect(oneEditFrom('pypi', 'pydantik', POPULAR_PYPI)).toBe('pydantic')
  })
})

describe('repositoryOf', () => {
  it.each([
    ['git+https://github.com/Acme/Mail.git', 'acme/mail'],
    ['https://github.com/acme/mail', 'acme/mail'],
    ['https://www.github.com/acme/mail/', 'acme/mail'],
    ['http://github.com/acme/mail.js', 'acme/mail.js'],
    ['git://github.com/acme/mail.git', 'acme/mail'],
    ['git+ssh://git@github.com/acme/mail.git', 'acme/mail'],
    ['ssh://git@github.com/acme/mail', 'acme/mail'],
    ['git@github.com:acme/mail.git', 'acme/mail'],
    ['github:acme/mail', 'acme/mail'],
    ['acme/mail', 'acme/mail'],
    ['github.com/acme/mail', 'acme/mail'],
    ['https://github.com/acme/mono/tree/main/packages/x', 'acme/mono'],
    ['https://github.com/acme/mail#readme', 'acme/mail'],
    ['https://gitlab.com/acme/mail', 'https://gitlab.com/acme/mail'],
    ['gitlab:acme/mail', 'gitlab:acme/mail'],
    ['https://github.com/acme', 'https://github.com/acme'],
  ])('%s is %s', (value, expected) => {
    expect(repositoryOf(value)).toBe(expected)
  })

  it('reads npm’s object form and answers null for none or nonsense', () => {
    expect(repositoryOf({ type: 'git', url: 'git+https://github.com/acme/mono.git', directory: 'packages/x' })).toBe('acme/mono')
    expect(repositoryOf({ type: 'git' })).toBeNull()
    expect(repositoryOf('')).toBeNull()
    expect(repositoryOf('   ')).toBeNull()
    expect(repositoryOf(null)).toBeNull()
    expect(repositoryOf(42)).toBeNull()
    expect(repositoryOf(['acme/mail'])).toBeNull()
    expect(repositoryOf(`https://example.com/${'x'.repeat(5000)}`)).toHaveLength(300)
    expect(repositoryOf('https://deploy:s3cret@github.com/acme/mail.git')).toBe('acme/mail')
    expect(repositoryOf('https://deploy:s3cret@gitlab.com/acme/mail.git')).toBe('https://gitlab.com/acme/mail.git')
    expect(repositoryOf('git+ssh://git@gitlab.com/acme/mail.git')).toBe('git+ssh://git@gitlab.com/acme/mail.git')
  })
})
