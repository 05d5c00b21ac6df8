/**
 * Which version a listing's install uses: a pinned version always; the latest unless it scored
 * High, then the newest earlier version that did not, with the High one named as held back; an
 * admin's dismissal takes a version's band off the listing.
 */
import { describe, expect, it } from 'vitest'
import { type ChoiceVersion, installChoice } from '../../../../worker/lib/supply/install'

const v = (version: string, score = 0, more: Partial<ChoiceVersion> = {}): ChoiceVersion => ({
  version,
  score,
  removed: false,
  dismissed: false,
  ...more,
})

describe('installChoice', () => {
  it('installs the latest when it is not High', () => {
    expect(installChoice(null, '1.1.0', [v('1.0.0'), v('1.1.0', 6)])).toEqual({ installVersion: '1.1.0', band: 'medium', heldBack: null })
  })

  it('holds a High latest back and installs the newest earlier version that is not High', () => {
    const versions = [v('1.0.0'), v('1.0.1', 3), v('1.0.2', 12), v('1.0.3', 11)]
    expect(installChoice(null, '1.0.3', versions)).toEqual({
      installVersion: '1.0.1',
      band: 'low',
      heldBack: { version: '1.0.3', score: 11 },
    })
  })

  it('skips removed versions when it falls back', () => {
    expect(installChoice(null, '2.0.0', [v('1.0.0'), v('1.0.1', 0, { removed: true }), v('2.0.0', 10)])).toEqual({
      installVersion: '1.0.0',
      band: 'none',
      heldBack: { version: '2.0.0', score: 10 },
    })
  })

  it('installs a High latest when there is nothing earlier to fall back on, and its band says so', () => {
    expect(installChoice(null, '0.1.0', [v('0.1.0', 10)])).toEqual({ installVersion: '0.1.0', band: 'high', heldBack: null })
  })

  it('does not hold back a version an admin dismissed', () => {
    expect(installChoice(null, '1.0.1', [v('1.0.0'), v('1.0.1', 11, { dismissed: true })])).toEqual({
      installVersion: '1.0.1',
      band: 'none',
      heldBack: null,
    })
  })

  it('keeps a pinned version, and names a newer High one as held back', () => {
    const versions = [v('1.0.0', 2), v('1.0.1', 11), v('1.0.2', 0)]
    expect(installChoice('1.0.0', '1.0.2', versions)).toEqual({
      installVersion: '1.0.0',
      band: 'low',
      heldBack: { version: '1.0.1', score: 11 },
    })
    expect(installChoice('1.0.2', '1.0.2', versions)).toEqual({ installVersion: '1.0.2', band: 'none', heldBack: null })
    // A pinned High version is still the one installed: the maintainer chose it, and the badge says High.
    expect(installChoice('1.0.1', '1.0.2', versions)).toEqual({ installVersion: '1.0.1', band: 'high', heldBack: null })
  })

  it('has nothing to say before the package was read', () => {
    expect(installChoice(null, null, [])).toEqual({ installVersion: null, band: null, heldBack: null })
    expect(installChoice('3.0.0', null, [])).toEqual({ installVersion: '3.0.0', band: null, heldBack: null })
  })
})
