/**
 * The lease-and-allowance steps every queue consumer and the sync share, in Node without D1: the
 * claim, the work and the give-back are plain functions here, recorded as they are called.
 */
import { describe, expect, it } from 'vitest'
import {
  consumeClaimed,
  handOutClaimed,
  type QueuedMessage,
  queueClaimed,
  underLease,
  withinAllowance,
} from '../../worker/services/work-queue'

/** A fetch that answers at once, capped at `share` requests as lib/outbound/fetch.ts's is. */
function counted(share: number) {
  let made = 0
  return {
    fetch: async () => {
      if (made >= share) throw new Error(`at most ${share}`)
      made++
      return new Response('ok')
    },
    made: () => made,
  }
}

describe('queueClaimed', () => {
  it('sends one body per claimed key and gives nothing back', async () => {
    const sent: unknown[] = []
    const givenBack: string[][] = []
    const n = await queueClaimed(
      ['a', 'b'],
      (id) => ({ id }),
      async (bodies) => sent.push(...bodies),
      async (ids) => givenBack.push([...ids]),
    )
    expect(n).toBe(2)
    expect(sent).toEqual([{ id: 'a' }, { id: 'b' }])
    expect(givenBack).toEqual([])
  })

  it('gives every lease back and throws when the send fails', async () => {
    const givenBack: string[][] = []
    const send = async () => {
      throw new Error('queue down')
    }
    await expect(
      queueClaimed(
        ['a', 'b'],
        (id) => id,
        send,
        async (ids) => givenBack.push([...ids]),
      ),
    ).rejects.toThrow('queue down')
    expect(givenBack).toEqual([['a', 'b']])
  })

  it('sends nothing for no keys', async () => {
    let sends = 0
    expect(
      await queueClaimed(
        [],
        (id) => id,
        async () => sends++,
        async () => undefined,
      ),
    ).toBe(0)
    expect(sends).toBe(0)
  })
})

describe('handOutClaimed', () => {
  it('hands out the work of each claimed piece, in the claim’s order, and gives back at once those without work', async () => {
    const givenBack: string[][] = []
    const handed = await handOutClaimed(
      async () => ['a', 'skip-b', 'c', 'skip-d'],
      (id) => (id.startsWith('skip') ? null : { job: id }),
      async (rest) => givenBack.push(rest),
    )
    expect(handed).toEqual([{ job: 'a' }, { job: 'c' }])
    expect(givenBack).toEqual([['skip-b', 'skip-d']])
  })

  it('gives nothing back when every piece has work, or nothing was claimed', async () => {
    let giveBacks = 0
    const giveBack = async () => giveBacks++
    expect(
      await handOutClaimed(
        async () => [1, 2],
        (n) => n * 10,
        giveBack,
      ),
    ).toEqual([10, 20])
    expect(
      await handOutClaimed(
        async () => [],
        (n: number) => n,
        giveBack,
      ),
    ).toEqual([])
    expect(giveBacks).toBe(0)
  })

  it('fails with the give-back, handing out nothing', async () => {
    await expect(
      handOutClaimed(
        async () => ['a', 'b'],
        (id) => (id === 'a' ? id : null),
        async () => {
          throw new Error('database down')
        },
      ),
    ).rejects.toThrow('database down')
  })
})

describe('withinAllowance', () => {
  it('starts a piece only while the budget covers its whole share, and counts what was made', async () => {
    // Each piece makes 2 requests of a share of 5: a budget of 12 starts two (5 + 5 reserved, then 2 + 2 spent
    // leaves 8, which covers a third share).
    const run = await withinAllowance(['a', 'b', 'c', 'd', 'e'], { budget: 12, perPiece: 5, concurrency: 1 }, counted, async (key, f) => {
      await f()
      await f()
      return key.toUpperCase()
    })
    expect([...run.results]).toEqual([
      ['a', 'A'],
      ['b', 'B'],
      ['c', 'C'],
      ['d', 'D'],
    ])
    expect(run.subrequests).toBe(8)
    expect(run.notStarted).toEqual(['e'])
  })

  it('reserves the share of every piece under way when running several at once', async () => {
    let open = 0
    let most = 0
    const run = await withinAllowance(['a', 'b', 'c'], { budget: 10, perPiece: 5, concurrency: 3 }, counted, async (key) => {
      open++
      most = Math.max(most, open)
      await Promise.resolve()
      open--
      return key
    })
    // Two shares fit at once; the third starts only after one finished having spent nothing.
    expect(most).toBe(2)
    expect(run.results.size).toBe(3)
    expect(run.notStarted).toEqual([])
  })

  it('gives a piece the whole budget when its share is larger, one at a time', async () => {
    const run = await withinAllowance(['a', 'b'], { budget: 3, perPiece: 10, concurrency: 4 }, counted, async (_key, f) => {
      await f()
      await f()
      await f()
      await expect(f()).rejects.toThrow('at most 3')
      return 'done'
    })
    expect(run.results.size).toBe(1)
    expect(run.notStarted).toEqual(['b'])
  })

  it('keeps a piece that threw apart from the rest', async () => {
    const run = await withinAllowance(['a', 'b'], { budget: 100, perPiece: 1, concurrency: 1 }, counted, async (key) => {
      if (key === 'a') throw new Error('database down')
      return key
    })
    expect((run.failed.get('a') as Error).message).toBe('database down')
    expect([...run.results.keys()]).toEqual(['b'])
  })
})

/** A queue message that records whether it was acknowledged or retried. */
function message<B>(body: B) {
  const m = { body, acked: false, retried: null as null | number }
  const queued: QueuedMessage<B> = {
    body,
    ack: () => {
      m.acked = true
    },
    retry: (options) => {
      m.retried = options?.delaySeconds ?? 0
    },
  }
  return { m, queued }
}

describe('consumeClaimed', () => {
  const keyOf = (body: { id?: unknown } | undefined) => (typeof body?.id === 'string' ? body.id : null)

  it('works each key once, gives back what did not start, retries only what failed', async () => {
    const batch = [message({ id: 'a' }), message({ id: 'a' }), message({ id: 'b' }), message({ id: 'c' }), message({ id: 7 })]
    const worked: string[][] = []
    const givenBack: string[][] = []
    const run = await consumeClaimed(
      batch.map((b) => b.queued),
      keyOf,
      async (keys) => {
        worked.push(keys)
        return { results: new Map([['a', 1]]), failed: new Map([['b', new Error('x')]]), notStarted: ['c'], subrequests: 3 }
      },
      async (keys) => givenBack.push([...keys]),
    )
    expect(worked).toEqual([['a', 'b', 'c']])
    expect(givenBack).toEqual([['c']])
    expect(batch.map((b) => [b.m.acked, b.m.retried])).toEqual([
      [true, null],
      [true, null],
      [false, 60],
      [true, null],
      [true, null],
    ])
    expect(run?.subrequests).toBe(3)
  })

  it('with the work off, gives every key back and acknowledges every message', async () => {
    const batch = [message({ id: 'a' }), message({ id: 'b' })]
    const givenBack: string[][] = []
    const run = await consumeClaimed(
      batch.map((b) => b.queued),
      keyOf,
      null,
      async (keys) => givenBack.push([...keys]),
    )
    expect(run).toBeNull()
    expect(givenBack).toEqual([['a', 'b']])
    expect(batch.every((b) => b.m.acked)).toBe(true)
  })
})

describe('underLease', () => {
  it('works what it claimed and gives it back as the work left it', async () => {
    const calls: string[] = []
    const held = await underLease({
      claim: async () => ({ id: 1, pages: 0 }),
      work: async (run) => ({ ...run, pages: 2 }),
      giveBack: async (run) => calls.push(`back ${run.pages}`),
      fail: async () => calls.push('fail'),
    })
    expect(held).toEqual({ id: 1, pages: 2 })
    expect(calls).toEqual(['back 2'])
  })

  it('records the error on the piece instead of giving it back when the work throws', async () => {
    const calls: string[] = []
    await underLease({
      claim: async () => ({ id: 1 }),
      work: async () => {
        throw new Error('registry down')
      },
      giveBack: async () => calls.push('back'),
      fail: async (run, error) => calls.push(`fail ${run.id} ${(error as Error).message}`),
    })
    expect(calls).toEqual(['fail 1 registry down'])
  })

  it('does nothing when nothing was due', async () => {
    let worked = false
    const held = await underLease({
      claim: async () => null,
      work: async (run) => {
        worked = true
        return run
      },
      giveBack: async () => undefined,
      fail: async () => undefined,
    })
    expect(held).toBeNull()
    expect(worked).toBe(false)
  })
})
