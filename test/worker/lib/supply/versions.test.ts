/** Release order as each registry orders versions (semver for npm, PEP 440 for PyPI), times only as a tie-breaker. */
import { describe, expect, it } from 'vitest'
import { comparePep440, compareSemver, inReleaseOrder } from '../../../../worker/lib/supply/versions'

describe('release order', () => {
  it('orders npm versions by semver 2.0: pre-releases before their release, numeric identifiers below others', () => {
    const sorted = ['1.10.0', '1.2.0', '1.2.0-rc.1', '1.2.0-beta.10', '1.2.0-beta.2', '1.2.0-beta', '0.9.0', '2.0.0+build.5'].sort(
      (a, b) => compareSemver(a, b)!,
    )
    expect(sorted).toEqual(['0.9.0', '1.2.0-beta', '1.2.0-beta.2', '1.2.0-beta.10', '1.2.0-rc.1', '1.2.0', '1.10.0', '2.0.0+build.5'])
    expect(compareSemver('1.0', '1.0.0')).toBeNull()
  })

  it('orders PyPI versions by PEP 440: dev, pre-releases, the release, post-releases, epochs first', () => {
    const sorted = ['1.0.post1', '1.0', '1.0rc1', '1.0b2', '1.0a1', '1.0.dev1', '1.0a1.dev1', '0.9', '1!0.1', '1.0.0.post2', '1.1'].sort(
      (a, b) => comparePep440(a, b)!,
    )
    expect(sorted).toEqual(['0.9', '1.0.dev1', '1.0a1.dev1', '1.0a1', '1.0b2', '1.0rc1', '1.0', '1.0.post1', '1.0.0.post2', '1.1', '1!0.1'])
    expect(comparePep440('1.0', '1.0.0')).toBe(0)
    expect(comparePep440('not a version', '1.0')).toBeNull()
  })

  it('places versions by their registry order whatever their times say, and by time where the scheme cannot read them', () => {
    const at = (v: { at: number }) => v.at
    const skewed = [
      { version: '1.0.0', at: 1 },
      { version: '1.2.0', at: 2 },
      { version: '1.1.0', at: 3 },
    ]
    expect(inReleaseOrder('npm', skewed, at).map((v) => v.version)).toEqual(['1.0.0', '1.1.0', '1.2.0'])
    const odd = [
      { version: 'nightly-b', at: 5 },
      { version: 'nightly-a', at: 9 },
    ]
    expect(inReleaseOrder('npm', odd, at).map((v) => v.version)).toEqual(['nightly-b', 'nightly-a'])
  })
})
