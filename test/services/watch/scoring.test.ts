/**
 * A check's versions scored in time order against the versions before them, with the ages of new
 * dependencies looked up through the check's own reads (a recorded stand-in here).
 */
import { describe, expect, it } from 'vitest'
import { bandOf } from '@shared/supply'
import { type CheckContext, scoreCheck } from '../../../worker/services/watch/scoring'
import { facts, known } from './versions'

const context: CheckContext = {
  registry: 'npm',
  name: 'acme-tool',
  listingRepositories: ['acme/tool'],
  earlierListedNames: new Set(),
  popularNames: new Set(['react']),
}
const seenAt = '2025-02-01T00:00:00.000Z'
const history = [known(1, '1.0.0', 1), known(2, '1.0.1', 8)]
const rulesOf = (v: { signals: Array<{ rule: string }> }) => v.signals.map((s) => s.rule)

/** A stand-in for the dependency look-ups: records what was asked, answers `created`. */
function lookups(created: Record<string, string> = {}) {
  const asked: string[][] = []
  const ages = async (names: readonly string[]) => {
    asked.push([...names])
    return created
  }
  return { asked, ages }
}

describe('scoreCheck', () => {
  it('scores a new version against the one before it, with the ages of its new dependencies', async () => {
    const { asked, ages } = lookups({ 'fresh-dep': '2025-01-30T00:00:00.000Z' })
    const read = {
      version: '1.0.2',
      facts: facts({
        publisher: 'mallory',
        installScripts: { postinstall: 'node x.js' },
        dependencies: { react: '^18', 'fresh-dep': '1' },
      }),
      removed: false,
      missing: false,
      history: false,
    }
    const { added, updated } = await scoreCheck(history, { read: [read], verified: [] }, context, seenAt, ages)
    expect(asked).toEqual([['fresh-dep']])
    expect(updated).toEqual([])
    expect(added).toHaveLength(1)
    const [v] = added
    expect(v).toMatchObject({ version: '1.0.2', publishedAt: null, removed: false, missing: false, history: false })
    expect(rulesOf(v)).toEqual(expect.arrayContaining(['install-script.added', 'publisher.new', 'dependency.young']))
    expect(v.score).toBe(v.signals.reduce((sum, s) => sum + s.weight, 0))
    expect(v.band).toBe(bandOf(v.score))
    expect(v.band).toBe('high')
  })

  it('places a new version in release order: one older than every known version has no history', async () => {
    const read = { version: '0.9.0', facts: facts({ publishedAt: '2024-12-01T00:00:00.000Z', installScripts: { postinstall: 'x' } }) }
    const { added } = await scoreCheck(
      history,
      { read: [{ ...read, removed: false, missing: false, history: true }], verified: [] },
      context,
      seenAt,
      lookups().ages,
    )
    expect(rulesOf(added[0])).toContain('install-script.present')
    expect(rulesOf(added[0])).not.toContain('install-script.added')
    expect(added[0].history).toBe(true)
  })

  it('compares with the versions still published: a removed one is no history', async () => {
    const withRemoved = [known(1, '1.0.0', 1), known(2, '1.0.1', 8, { installScripts: { postinstall: 'node x.js' } }, true)]
    const read = {
      version: '1.0.2',
      facts: facts({ installScripts: { postinstall: 'node x.js' } }),
      removed: false,
      missing: false,
      history: false,
    }
    const { added } = await scoreCheck(withRemoved, { read: [read], verified: [] }, context, seenAt, lookups().ages)
    expect(rulesOf(added[0])).toContain('install-script.added')
  })

  it('looks nothing up on PyPI', async () => {
    const { asked, ages } = lookups()
    const read = { version: '1.0.2', facts: facts({ dependencies: { requests: '>=2' } }), removed: false, missing: false, history: false }
    await scoreCheck(history, { read: [read], verified: [] }, { ...context, registry: 'pypi' }, seenAt, ages)
    expect(asked).toEqual([[]])
  })

  it('scores a known version read again with what it says now, under its stored id', async () => {
    const deprecated = { known: history[1], facts: { ...history[1].facts, deprecated: 'use 1.0.2' }, removed: false, missing: false }
    const gone = { known: history[0], facts: history[0].facts, removed: true, missing: false }
    const { added, updated } = await scoreCheck(history, { read: [], verified: [gone, deprecated] }, context, seenAt, lookups().ages)
    expect(added).toEqual([])
    expect(updated.map((u) => [u.id, u.version, u.removed, u.history])).toEqual([
      [1, '1.0.0', true, false],
      [2, '1.0.1', false, false],
    ])
    expect(rulesOf(updated[0])).toContain('version.removed')
    expect(rulesOf(updated[1])).toContain('version.deprecated')
    expect(updated[1].facts.deprecated).toBe('use 1.0.2')
    expect(updated[1].publishedAt).toBe(history[1].publishedAt)
  })
})
