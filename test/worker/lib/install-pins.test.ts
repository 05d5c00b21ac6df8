/**
 * The supply-chain watch's pins in install configurations (worker/shared/install/pins.ts): an
 * unpinned package whose newer version is held back runs the version the watch chose, in every
 * client's configuration; a listing's own pin and the latest when nothing is held back stay.
 */
import { describe, expect, it } from 'vitest'
import { clientConfig, type InstallListing, installPlan } from '@shared/install'
import { type WatchedPin, watchPin, withWatchPins } from '@shared/install/pins'

const npmMail = { registryType: 'npm', identifier: '@acme/mail', transport: { type: 'stdio' } }
const legacyPypi = { registry_name: 'pypi', name: 'Acme_Archive', version: 'latest' }

const listing: InstallListing = {
  name: 'io.github.acme/mail',
  version: '2.0.0',
  packages: [npmMail, legacyPypi, 'plain-string-package'],
  remotes: [],
  versions: [{ version: '1.0.0', packages: [{ ...npmMail, version: '1.0.9' }], remotes: [] }],
}

const held: WatchedPin = { registry: 'npm', name: '@acme/mail', pinned: null, installVersion: '1.0.15', latest: '1.0.16' }

/** The npx arguments Claude Code's command is given for the plan's first package option. */
function npxArgs(l: InstallListing, version?: string) {
  const plan = installPlan(l, { version })
  const option = plan.options.find((o) => o.runtime === 'npx')!
  return { detail: option.detail, notes: option.notes, command: clientConfig(plan, option, 'claude-code')!.command! }
}

describe('watchPin', () => {
  it('pins the install version only for an unpinned package whose latest is held back', () => {
    expect(watchPin(held)).toBe('1.0.15')
    expect(watchPin({ ...held, installVersion: '1.0.16' })).toBeNull()
    expect(watchPin({ ...held, pinned: '1.0.10', installVersion: '1.0.10' })).toBeNull()
    expect(watchPin({ ...held, installVersion: null })).toBeNull()
  })
})

describe('withWatchPins', () => {
  it('writes the chosen version into the unpinned entry, so every configuration runs it', () => {
    const before = npxArgs(listing)
    expect(before.command).toContain('@acme/mail')
    expect(before.command).not.toContain('@acme/mail@')
    expect(before.notes).toContain('The listing pins no version, so the newest release runs.')

    const after = npxArgs(withWatchPins(listing, [held]))
    expect(after.detail).toBe('@acme/mail 1.0.15')
    expect(after.command).toContain('@acme/mail@1.0.15')
    expect(after.notes).not.toContain('The listing pins no version, so the newest release runs.')
  })

  it("leaves a listing's own pin, other packages, plain strings and the caller's listing as they are", () => {
    const pinned = withWatchPins(listing, [
      held,
      { registry: 'pypi', name: 'acme-archive', pinned: null, installVersion: '0.3.1', latest: '0.4.0' },
    ])
    // The older listing version pinned 1.0.9 itself.
    expect(npxArgs(pinned, '1.0.0').detail).toBe('@acme/mail 1.0.9')
    // A legacy entry is pinned under the field its shape uses, its name compared as PyPI does.
    expect(pinned.packages[1]).toEqual({ ...legacyPypi, version: '0.3.1' })
    expect(pinned.packages[2]).toBe('plain-string-package')
    expect(listing.packages[0]).toBe(npmMail)
    expect(withWatchPins(listing, [{ ...held, installVersion: '1.0.16' }])).toBe(listing)
    expect(withWatchPins(listing, [])).toBe(listing)
  })

  it('pins the same package in other listing versions that leave it unpinned', () => {
    const older = { version: '1.5.0', packages: [npmMail], remotes: [] }
    const pinned = withWatchPins({ ...listing, versions: [older] }, [held])
    expect(npxArgs(pinned, '1.5.0').detail).toBe('@acme/mail 1.0.15')
  })
})
