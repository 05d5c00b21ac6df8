import { describe, expect, it } from 'vitest'
import { AnswerMemo, type KeptAnswer } from '../../../../worker/lib/cache/answer-memo'

const answer = (text: string, expiresAt = 1_000): KeptAnswer => ({
  status: 200,
  headers: new Headers({ 'content-type': 'text/plain' }),
  body: new TextEncoder().encode(text).buffer as ArrayBuffer,
  expiresAt,
  shared: false,
})

const text = (kept: KeptAnswer | undefined) => (kept ? new TextDecoder().decode(kept.body) : undefined)

describe('answers kept in the isolate', () => {
  it('gives an answer back until its expiry, then forgets it', () => {
    const memo = new AnswerMemo(10, 1024)
    memo.set('a', answer('alpha', 500))
    expect(text(memo.get('a', 499))).toBe('alpha')
    expect(memo.get('a', 500)).toBeUndefined()
    expect(memo.size).toBe(0)
    expect(memo.bytes).toBe(0)
  })

  it('drops the least recently used entry when it holds too many', () => {
    const memo = new AnswerMemo(2, 1024)
    memo.set('a', answer('alpha'))
    memo.set('b', answer('beta'))
    // Reading 'a' makes 'b' the oldest.
    memo.get('a', 0)
    memo.set('c', answer('gamma'))
    expect(text(memo.get('a', 0))).toBe('alpha')
    expect(memo.get('b', 0)).toBeUndefined()
    expect(text(memo.get('c', 0))).toBe('gamma')
  })

  it('keeps its bytes within bounds, and never lets one large answer push out many small ones', () => {
    const memo = new AnswerMemo(100, 80)
    for (const key of ['a', 'b', 'c', 'd']) memo.set(key, answer('x'.repeat(10)))
    expect(memo.bytes).toBe(40)
    // Over an eighth of the bound: not kept, and nothing else is dropped for it.
    memo.set('big', answer('x'.repeat(11)))
    expect(memo.get('big', 0)).toBeUndefined()
    expect(memo.size).toBe(4)
    for (const key of ['e', 'f', 'g', 'h', 'i']) memo.set(key, answer('x'.repeat(10)))
    expect(memo.bytes).toBe(80)
    expect(memo.size).toBe(8)
    expect(memo.get('a', 0)).toBeUndefined()
    expect(text(memo.get('i', 0))).toBe('x'.repeat(10))
  })

  it('replaces an answer kept under the same key, counting its bytes once', () => {
    const memo = new AnswerMemo(10, 1024)
    memo.set('a', answer('first'))
    memo.set('a', answer('second answer'))
    expect(text(memo.get('a', 0))).toBe('second answer')
    expect(memo.size).toBe(1)
    expect(memo.bytes).toBe('second answer'.length)
  })
})
