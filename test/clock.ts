/**
 * The tests' one clock. Time in a test is either the code's time, which the test moves by hand
 * (`testClock`: give its `now` to code that takes one, or `install` it for code that reads
 * `Date` itself), or the wait for something real to happen (`waitFor`: a process starting, a
 * background write landing), which polls a condition instead of sleeping a guessed time. No test
 * sleeps to let something happen, and no test asserts how long something took: a busy machine's
 * milliseconds say nothing of the code. Plain TypeScript and vitest only: it runs in workerd, in
 * Node and beside Chromium alike.
 */
import { vi } from 'vitest'

export interface TestClock {
  /** The clock's time, as the Worker's `now?: () => Date` settings take it. */
  now: () => Date
  /** The clock's time in milliseconds since the epoch. */
  ms: () => number
  /** Moves the clock on by `ms` (and `Date` with it, when installed); returns the new time. */
  advance: (ms: number) => Date
  /**
   * Makes `Date.now()` and `new Date()` read this clock too, for code that reads the global clock
   * itself (the guest cache's version memo, for one); timers stay real, so awaits and I/O go on.
   * Undo it with `uninstall`, in a `finally` or an `afterEach`.
   */
  install: () => void
  uninstall: () => void
}

/**
 * A clock that stands still until moved, starting at `start` (now, by default).
 * @example
 * const clock = testClock('2026-11-26T12:00:00Z')
 * await enqueueDueWatches(db(), queue, watchSettings(env, { now: clock.now }))
 * clock.advance(2 * HOUR)
 */
export function testClock(start: Date | string | number = Date.now()): TestClock {
  let at = new Date(start).getTime()
  if (Number.isNaN(at)) throw new Error(`testClock: not a time: ${String(start)}`)
  let installed = false
  return {
    now: () => new Date(at),
    ms: () => at,
    advance(ms) {
      at += ms
      if (installed) vi.setSystemTime(at)
      return new Date(at)
    },
    install() {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(at)
      installed = true
    },
    uninstall() {
      if (installed) vi.useRealTimers()
      installed = false
    },
  }
}

export interface WaitOptions {
  /** What is waited for, for the error when it never comes. */
  what?: string
  /** How long to keep asking before failing: a bound on a hang, generous, never the thing tested. */
  timeoutMs?: number
  /** How often to ask. */
  everyMs?: number
}

/**
 * Asks `condition` until it answers something truthy, and returns that answer; throws, naming
 * `what`, when it has not after `timeoutMs`. For something real that happens in its own time (a
 * server starting, the Worker's background work landing), never for the code's own clock.
 * @example await waitFor(async () => (await fixtureHits(path)) > before, { what: 'the refresh in the background' })
 */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  { what = 'the condition', timeoutMs = 10_000, everyMs = 25 }: WaitOptions = {},
): Promise<NonNullable<T>> {
  // performance.now, not Date.now: an installed test clock stands still while this waits.
  const end = performance.now() + timeoutMs
  for (;;) {
    const answer = await condition()
    if (answer) return answer as NonNullable<T>
    if (performance.now() >= end) throw new Error(`Waited ${timeoutMs} ms for ${what}, in vain`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

/**
 * Waits until a server this test started answers `url` with an OK status; fails at once, naming
 * it, if its process exits first.
 * @example await answering(`${base}/api/tags`, worker, { what: 'wrangler dev', timeoutMs: 90_000 })
 */
export function answering(url: string, process: { exitCode: number | null }, { what = 'the server', ...options }: WaitOptions = {}) {
  return waitFor(
    async () => {
      if (process.exitCode !== null) throw new Error(`${what} exited (${process.exitCode}) before answering ${url}`)
      return fetch(url).then(
        (res) => res.ok,
        () => false, // not listening yet
      )
    },
    { what: `${what} to answer ${url}`, everyMs: 250, ...options },
  )
}
