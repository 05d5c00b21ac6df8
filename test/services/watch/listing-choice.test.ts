/** What a listing shows of a package it installs, its own dismissals counted. */
import { describe, expect, it } from 'vitest'
import type { ListingLink } from '../../../worker/db/supply'
import { listingChoice } from '../../../worker/services/watch/listing-choice'

const link: ListingLink = {
  serverId: 's1',
  packageId: 7,
  pinned: null,
  latest: '1.0.16',
  registry: 'npm',
  name: 'postmark-mcp',
  versions: [
    { version: '1.0.15', score: 0, removed: false },
    { version: '1.0.16', score: 11, removed: false },
  ],
  dismissed: [],
}

describe('listingChoice', () => {
  it('holds back a High latest, installing the version before it', () => {
    expect(listingChoice(link)).toEqual({
      serverId: 's1',
      packageId: 7,
      installVersion: '1.0.15',
      band: 'none',
      heldBack: { version: '1.0.16', score: 11 },
    })
  })

  it("takes the band off a version this listing's admin dismissed, by its review key", () => {
    expect(listingChoice({ ...link, dismissed: ['npm:postmark-mcp@1.0.16'] })).toMatchObject({
      installVersion: '1.0.16',
      band: 'none',
      heldBack: null,
    })
  })

  it("ignores a dismissal of another package's version of the same number", () => {
    expect(listingChoice({ ...link, dismissed: ['npm:other@1.0.16', 'pypi:postmark-mcp@1.0.16'] }).heldBack).toEqual({
      version: '1.0.16',
      score: 11,
    })
  })

  it('keeps a pinned version, naming a newer High one', () => {
    expect(listingChoice({ ...link, pinned: '1.0.15' })).toMatchObject({ installVersion: '1.0.15', heldBack: { version: '1.0.16' } })
  })
})
