import { describe, expect, it } from 'vitest'
import { RecentMap } from '../../../../worker/lib/cache/recent-map'

describe('values looked up lately', () => {
  it('gives a value back only while it is younger than the age the reader accepts', () => {
    const recent = new RecentMap<string>(10)
    recent.set('a', 'alpha', 1_000)
    expect(recent.get('a', 1_999, 1_000)).toBe('alpha')
    expect(recent.get('a', 2_000, 1_000)).toBeUndefined()
    // Another reader may accept an older one.
    expect(recent.get('a', 2_000, 5_000)).toBe('alpha')
    expect(recent.get('b', 1_000, 1_000)).toBeUndefined()
  })

  it('keeps at most its bound, dropping the least recently set first', () => {
    const recent = new RecentMap<number>(2)
    recent.set('a', 1, 0)
    recent.set('b', 2, 1)
    // Set again, 'a' is now the newest: 'b' goes when 'c' comes.
    recent.set('a', 10, 2)
    recent.set('c', 3, 3)
    expect(recent.size).toBe(2)
    expect(recent.get('a', 3, 100)).toBe(10)
    expect(recent.get('b', 3, 100)).toBeUndefined()
    expect(recent.get('c', 3, 100)).toBe(3)
  })

  it('forgets a deleted key at once', () => {
    const recent = new RecentMap<string>(10)
    recent.set('a', 'alpha', 0)
    recent.delete('a')
    expect(recent.get('a', 0, 100)).toBeUndefined()
    expect(recent.size).toBe(0)
  })
})
