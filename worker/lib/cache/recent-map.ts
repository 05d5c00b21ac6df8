/**
 * Values this isolate looked up lately, each with when it was set: a read takes one only while it
 * is younger than the age the reader accepts. At most `maxEntries` are kept, the least recently
 * set dropped first, so the memory stays bounded however many keys pass through.
 */
export class RecentMap<V> {
  readonly #entries = new Map<string, { value: V; setAt: number }>()

  constructor(readonly maxEntries: number) {}

  get size() {
    return this.#entries.size
  }

  /** The value set under `key` less than `maxAgeMs` before `now`. */
  get(key: string, now: number, maxAgeMs: number): V | undefined {
    const entry = this.#entries.get(key)
    return entry && now - entry.setAt < maxAgeMs ? entry.value : undefined
  }

  /** Sets `value` as of `now`, then drops the least recently set entries beyond the bound. */
  set(key: string, value: V, now: number): void {
    // Re-inserted, so the map's order is the order of setting: the oldest go first.
    this.#entries.delete(key)
    this.#entries.set(key, { value, setAt: now })
    for (const k of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries) break
      this.#entries.delete(k)
    }
  }

  delete(key: string): void {
    this.#entries.delete(key)
  }
}
