/**
 * The pinning check's answer (worker/services/scanning/pinning.ts), in Node without D1: a match or
 * not, the findings a tool's hash answers with, and the listing's current hash.
 */
import { describe, expect, it } from 'vitest'
import type { StoredFinding } from '@shared/scan'
import type { PinningRead } from '../../../worker/db/scans'
import { pinningAnswer } from '../../../worker/services/scanning/pinning'

const stored = (id: number, kind: StoredFinding['kind'], item: string | null): StoredFinding => ({
  id,
  rule: 'model-directed.secrecy',
  class: 'model-directed',
  severity: 'high',
  kind,
  item,
  field: 'description',
  start: 0,
  end: 4,
  excerpt: 'Do not tell the user',
  reason: 'A reason.',
  review: null,
})

const findings = [stored(1, 'tool', 'add'), stored(2, 'tool', 'history'), stored(3, 'server', null)]
const read: PinningRead = {
  listing: { status: 'active', version: '2.1.0', hash: 'now' },
  surface: { version: '2.1.0', source: 'remote', firstSeenAt: 'a', lastSeenAt: 'b', risk: 'high', findings },
}

describe('pinningAnswer', () => {
  it('answers a whole surface’s hash with all its findings and the listing’s current hash', () => {
    expect(pinningAnswer(read, null)).toEqual({
      status: 'active',
      answer: { match: true, surface: read.surface, current: { version: '2.1.0', hash: 'now' } },
    })
  })

  it('answers a tool’s hash with that tool’s findings and the server’s, not its siblings’', () => {
    const answer = pinningAnswer(read, 'add')?.answer
    expect(answer?.surface?.findings.map((f) => f.id)).toEqual([1, 3])
    expect(answer?.surface).toMatchObject({ version: '2.1.0', source: 'remote', risk: 'high' })
  })

  it('says no match, with the current hash, for a hash never seen', () => {
    expect(pinningAnswer({ ...read, surface: null }, 'add')).toEqual({
      status: 'active',
      answer: { match: false, surface: null, current: { version: '2.1.0', hash: 'now' } },
    })
  })

  it('has no answer for a missing listing', () => {
    expect(pinningAnswer({ listing: null, surface: null }, null)).toBeNull()
  })

  it('keeps the listing’s status, for the caller to decide who may see it', () => {
    expect(pinningAnswer({ ...read, listing: { ...read.listing!, status: 'deleted' } }, null)?.status).toBe('deleted')
  })
})
