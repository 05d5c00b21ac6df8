/**
 * Answers kept in the isolate's memory: a bounded map from key to a finished response's bytes,
 * least recently used first out, each entry until its own expiry. Reading it costs no I/O at all,
 * which is its point: on a first visit (a miss) it adds nothing to the request.
 */

export interface KeptAnswer {
  readonly status: number
  /** A copy of its own, never handed out: each answer made from it copies it again. */
  readonly headers: Headers
  readonly body: ArrayBuffer
  readonly expiresAt: number
  /** Whether the answer was also handed to a cache other isolates read (set by the caller). */
  shared: boolean
}

export class AnswerMemo {
  readonly #entries = new Map<string, KeptAnswer>()
  #bytes = 0

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  get size() {
    return this.#entries.size
  }

  get bytes() {
    return this.#bytes
  }

  /** The live answer under `key`, now the most recently used; an expired one is dropped. */
  get(key: string, now: number): KeptAnswer | undefined {
    const kept = this.#entries.get(key)
    if (!kept) return undefined
    this.#drop(key, kept)
    if (kept.expiresAt <= now) return undefined
    this.#entries.set(key, kept)
    this.#bytes += kept.body.byteLength
    return kept
  }

  /**
   * Keeps `answer` under `key`, then drops the least recently used entries until both bounds
   * hold. An answer larger than an eighth of the byte bound is not kept: one large answer must
   * not empty the memo of many small ones.
   */
  set(key: string, answer: KeptAnswer): void {
    const old = this.#entries.get(key)
    if (old) this.#drop(key, old)
    if (answer.body.byteLength > this.maxBytes / 8) return
    this.#entries.set(key, answer)
    this.#bytes += answer.body.byteLength
    for (const [k, v] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break
      this.#drop(k, v)
    }
  }

  clear(): void {
    this.#entries.clear()
    this.#bytes = 0
  }

  #drop(key: string, kept: KeptAnswer) {
    this.#entries.delete(key)
    this.#bytes -= kept.body.byteLength
  }
}
