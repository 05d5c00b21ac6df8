import { describe, expect, it } from 'vitest'
import type { StoredFinding, SurfaceDiff } from '@shared/scan'
import { diffHeading, findingPlace, pinnedHash, shortHash, sortFindings } from '../../../../web/src/components/scan/labels'

const finding = (id: number, severity: StoredFinding['severity'], dismissed = false): StoredFinding => ({
  id,
  rule: `rule.${id}`,
  class: 'model-directed',
  severity,
  kind: 'tool',
  item: 'search',
  field: 'description',
  start: 0,
  end: 1,
  excerpt: 'x',
  reason: 'why',
  review: dismissed ? { status: 'dismissed', reason: 'fine', by: 'admin', at: '2026-11-26T00:00:00Z' } : null,
})

const diff = (items: SurfaceDiff['items'], instructions?: SurfaceDiff['instructions']): SurfaceDiff => ({
  serverVersion: { before: '1', after: '1' },
  listingVersion: { before: '1', after: '1' },
  withoutNewVersion: true,
  items,
  instructions,
  counts: { added: 0, removed: 0, renamed: 0, changed: 0 },
})

describe('sortFindings', () => {
  it('puts open findings first, the most severe first, dismissed ones last, keeping the order among equals', () => {
    const sorted = sortFindings([
      finding(1, 'low'),
      finding(2, 'high', true),
      finding(3, 'medium'),
      finding(4, 'high'),
      finding(5, 'medium'),
    ])
    expect(sorted.map((f) => f.id)).toEqual([4, 3, 5, 1, 2])
  })
})

describe('findingPlace', () => {
  it('names the item with its kind, and the server for its own texts', () => {
    expect(findingPlace({ kind: 'tool', item: 'search', field: 'inputSchema.properties.q.description' })).toEqual({
      item: 'tool search',
      field: 'inputSchema.properties.q.description',
    })
    expect(findingPlace({ kind: 'resourceTemplate', item: 'files', field: 'description' }).item).toBe('resource template files')
    expect(findingPlace({ kind: 'server', item: null, field: 'instructions' }).item).toBe('the server')
  })
})

describe('hashes', () => {
  it('writes a hash as a client pins it, and shortens it to 12 digits', () => {
    const hex = 'ab'.repeat(32)
    expect(pinnedHash(hex)).toBe(`sha256:${hex}`)
    expect(pinnedHash(`sha256:${hex}`)).toBe(`sha256:${hex}`)
    expect(shortHash(`sha256:${hex}`)).toBe('abababababab…')
    expect(shortHash('abc')).toBe('abc')
  })
})

describe('diffHeading', () => {
  it('counts changes per kind of item and change, in words', () => {
    expect(
      diffHeading(
        diff([
          { kind: 'tool', change: 'changed', name: 'a' },
          { kind: 'tool', change: 'changed', name: 'b' },
          { kind: 'prompt', change: 'added', name: 'c' },
          { kind: 'resourceTemplate', change: 'removed', name: 'd' },
        ]),
      ),
    ).toBe('2 tools changed, 1 prompt added, 1 resource template removed')
  })

  it('says when only the instructions or other details changed', () => {
    expect(diffHeading(diff([], [{ op: 'added', text: 'x' }]))).toBe('Instructions changed')
    expect(diffHeading(diff([]))).toBe('Details changed')
  })
})
