/** The look-alike rule's earlier names, kept per isolate and read again in parts. */
import { describe, expect, it } from 'vitest'
import type { ListedPackageName } from '../../../worker/db/supply'
import { earlierNamesMemo, NAMES_MEMO_MS } from '../../../worker/services/watch/earlier-names'

/** A stand-in for the statement: the listed packages, and the `afterId` of every read. */
function table(rows: ListedPackageName[]) {
  const reads: number[] = []
  const read = async (afterId: number) => {
    reads.push(afterId)
    return rows.filter((r) => r.id > afterId).map((r) => ({ ...r }))
  }
  return { rows, reads, read }
}

const T = 1_000_000

describe('earlierNamesMemo', () => {
  it("gives the names of the registry's packages that arrived before the one scored", async () => {
    const { read } = table([
      { id: 1, registry: 'npm', name: 'weather' },
      { id: 2, registry: 'pypi', name: 'weather-py' },
      { id: 3, registry: 'npm', name: 'waether' },
      { id: 4, registry: 'npm', name: 'later' },
    ])
    const names = earlierNamesMemo()
    expect(await names(read, 'npm', 3, T)).toEqual(new Set(['weather']))
    expect(await names(read, 'pypi', 4, T)).toEqual(new Set(['weather-py']))
  })

  it('reads whole once, then only the packages watched since, and whole again after ten minutes', async () => {
    const t = table([
      { id: 1, registry: 'npm', name: 'weather' },
      { id: 2, registry: 'npm', name: 'mail' },
    ])
    const names = earlierNamesMemo()
    await names(t.read, 'npm', 2, T)
    expect(t.reads).toEqual([0])
    // Nothing newer than what was read is asked about: no read.
    await names(t.read, 'npm', 3, T + 1)
    expect(t.reads).toEqual([0])
    // A package enrolled a minute later is compared with one enrolled since the last read.
    t.rows.push({ id: 3, registry: 'npm', name: 'waether' })
    expect(await names(t.read, 'npm', 4, T + 60_000)).toEqual(new Set(['weather', 'mail', 'waether']))
    expect(t.reads).toEqual([0, 2])
    await names(t.read, 'npm', 4, T + NAMES_MEMO_MS)
    expect(t.reads).toEqual([0, 2, 0])
  })

  it('keeps one memo per instance', async () => {
    const t = table([{ id: 1, registry: 'npm', name: 'weather' }])
    await earlierNamesMemo()(t.read, 'npm', 2, T)
    await earlierNamesMemo()(t.read, 'npm', 2, T)
    expect(t.reads).toEqual([0, 0])
  })
})
