/** Which versions a check reads, and what that may cost. */
import { describe, expect, it } from 'vitest'
import {
  DEPENDENCY_LOOKUPS,
  dependencyLookups,
  distTagTargets,
  NEW_VERSIONS_PER_CHECK,
  newTargets,
  pinnedTargets,
  pypiTargets,
  VERIFY_PER_DAY,
  verifyTargets,
  WATCH_SUBREQUESTS,
} from '../../../worker/services/watch/targets'
import { facts, known } from './versions'

describe('newTargets', () => {
  it('keeps the order, without known versions, repeats, empties or what is not a version', () => {
    expect(newTargets(['2.0.0', null, '1.0.0', undefined, '', '2.0.0', 'x'.repeat(101), '2.1.0-beta.1'], new Set(['1.0.0']))).toEqual([
      '2.0.0',
      '2.1.0-beta.1',
    ])
  })
})

describe('distTagTargets', () => {
  it('reads latest first, then the other tags not known', () => {
    expect(distTagTargets({ next: '3.0.0-rc.1', latest: '2.0.0', beta: '2.0.0' }, '1.0.0', new Set(['1.0.0']))).toEqual({
      latest: '2.0.0',
      targets: ['2.0.0', '3.0.0-rc.1'],
    })
  })

  it('keeps the latest known before when the tags name none, and ignores what is not a string', () => {
    expect(distTagTargets({ next: 4, beta: '1.1.0' }, '1.0.0', new Set(['1.0.0']))).toEqual({ latest: '1.0.0', targets: ['1.1.0'] })
  })

  it('looks at ten tags at most', () => {
    const doc = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`t${i}`, `0.${i}.0`]))
    expect(distTagTargets(doc, null, new Set()).targets).toHaveLength(10)
  })
})

describe('pinnedTargets', () => {
  it('gives the pinned versions neither known nor already to be read', () => {
    expect(pinnedTargets(['1.0.0', '1.1.0', '2.0.0'], new Set(['1.0.0']), ['2.0.0'])).toEqual(['1.1.0'])
  })
})

describe('pypiTargets', () => {
  const releases = ['0.1.0', '0.2.0', '0.3.0', '0.4.0', '0.5.0', '0.6.0', '0.7.0', '0.8.0']

  it(`reads the newest ${NEW_VERSIONS_PER_CHECK} unknown releases, then one pinned version not read`, () => {
    expect(pypiTargets(releases, new Set(['0.1.0']), ['0.2.0', '0.3.0'])).toEqual(['0.4.0', '0.5.0', '0.6.0', '0.7.0', '0.8.0', '0.2.0'])
  })

  it('reads nothing when every release is known and nothing pinned is missing', () => {
    expect(pypiTargets(['1.0.0'], new Set(['1.0.0']), ['1.0.0'])).toEqual([])
  })

  it('reads a pinned version the project does not list (it may be gone)', () => {
    expect(pypiTargets(['1.0.0'], new Set(['1.0.0']), ['0.9.0'])).toEqual(['0.9.0'])
  })
})

describe('verifyTargets', () => {
  const versions = [known(1, '1.0.0', 1), known(2, '1.1.0', 8), known(3, '1.2.0', 15), known(4, '1.3.0', 22, {}, true)]
  const now = new Date('2025-02-01T00:00:00Z')

  it(`reads again the newest ${VERIFY_PER_DAY} versions listings install that are still published`, () => {
    const basis = { verifiedAt: null, pinned: ['1.0.0', '1.1.0', '1.3.0'], latest: '1.2.0', versions }
    expect(verifyTargets(basis, now).map((v) => v.version)).toEqual(['1.1.0', '1.2.0'])
  })

  it('reads nothing within a day of the last verification, and again after it', () => {
    const basis = { pinned: [], latest: '1.2.0', versions }
    expect(verifyTargets({ ...basis, verifiedAt: new Date(now.getTime() - 23 * 3600_000).toISOString() }, now)).toEqual([])
    expect(verifyTargets({ ...basis, verifiedAt: new Date(now.getTime() - 24 * 3600_000).toISOString() }, now)).toHaveLength(1)
  })
})

describe('dependencyLookups', () => {
  const popular = new Set(['react'])
  const previous = facts({ dependencies: { zod: '^3' } })
  const version = facts({ dependencies: { zod: '^3', react: '^18', 'fresh-dep': '1.0.0' } })

  it('looks up the npm dependencies new in a version, not the well-known ones', () => {
    expect(dependencyLookups('npm', version, previous, popular)).toEqual(['fresh-dep'])
  })

  it("looks up nothing for a package's first version, or on PyPI", () => {
    expect(dependencyLookups('npm', version, undefined, popular)).toEqual([])
    expect(dependencyLookups('pypi', version, previous, popular)).toEqual([])
  })
})

describe('WATCH_SUBREQUESTS', () => {
  it('covers discovery, the new versions, the dependencies and the verification: 13, as docs/supply-chain.md says', () => {
    expect(WATCH_SUBREQUESTS).toBe(2 + NEW_VERSIONS_PER_CHECK + DEPENDENCY_LOOKUPS + VERIFY_PER_DAY)
    expect(WATCH_SUBREQUESTS).toBe(13)
  })
})
