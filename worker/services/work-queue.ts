/**
 * Leases and allowances, written once. Scheduled work (probes of remotes, package checks, the
 * registry sync's runs, the runner's packages) is claimed under a lease in D1, so two invocations
 * never do the same piece twice; an invocation does pieces only while the platform's allowance of
 * outbound requests covers another; and what it did not start is given back at once, so the next
 * minute claims it again instead of waiting out the lease. The claim and the give-back are each
 * subsystem's SQL (db/); the order of the steps and the arithmetic of the allowance are here.
 */

/** Workers Free's allowance of 50 subrequests an invocation, less a margin: what a deploy gets unless told. */
export const DEFAULT_SUBREQUEST_BUDGET = 45

/**
 * The outbound requests one invocation may make (PROBE_SUBREQUEST_BUDGET, shared by the probes and
 * the watch, which count against the same platform limit), or the default when unset or not a
 * positive number.
 */
export function subrequestBudget(env: Pick<Env, 'PROBE_SUBREQUEST_BUDGET'>): number {
  const budget = Number.parseInt(env.PROBE_SUBREQUEST_BUDGET, 10)
  return Number.isFinite(budget) && budget > 0 ? budget : DEFAULT_SUBREQUEST_BUDGET
}

/**
 * One piece held for the length of an invocation (the registry sync's run, which spans many):
 * claimed, worked, then given back for the next invocation, or, when the work throws, its error
 * recorded on it instead. Null when there was nothing to claim; else the piece as the work left it.
 */
export async function underLease<T>(steps: {
  claim: () => Promise<T | null>
  work: (held: T) => Promise<T>
  giveBack: (held: T) => Promise<unknown>
  fail: (held: T, error: unknown) => Promise<unknown>
}): Promise<T | null> {
  let held = await steps.claim()
  if (held === null) return null
  try {
    held = await steps.work(held)
    await steps.giveBack(held)
  } catch (error) {
    await steps.fail(held, error)
  }
  return held
}

/**
 * Puts claimed keys on a queue, one message each. A failed send gives every lease back (the
 * next cron claims them again) and throws the send's error.
 * @example await queueClaimed(ids, (id) => ({ serverId: id }), (bodies) => queue.sendBatch(...), (ids) => releaseProbeLeases(db, ids))
 */
export async function queueClaimed<K, B>(
  keys: readonly K[],
  bodyOf: (key: K) => B,
  send: (bodies: B[]) => Promise<unknown>,
  giveBack: (keys: readonly K[]) => Promise<unknown>,
): Promise<number> {
  if (keys.length === 0) return 0
  try {
    await send(keys.map(bodyOf))
  } catch (error) {
    await giveBack(keys)
    throw error
  }
  return keys.length
}

/**
 * Claims pieces for someone else to work (the probe runner's packages) and hands out the work
 * each becomes; a claimed piece that turns out to have none (`workOf` null) is given back at once
 * (deferred, its lease cleared), so it is neither handed out nor held until its lease ends.
 * @example const jobs = await handOutClaimed(() => leaseDuePackages(...), runnerJobOf, (rest) => deferPackages(db, ...))
 */
export async function handOutClaimed<C, W>(
  claim: () => Promise<readonly C[]>,
  workOf: (claimed: C) => W | null,
  giveBack: (claimed: C[]) => Promise<unknown>,
): Promise<W[]> {
  const handed: W[] = []
  const without: C[] = []
  for (const claimed of await claim()) {
    const work = workOf(claimed)
    if (work === null) without.push(claimed)
    else handed.push(work)
  }
  if (without.length > 0) await giveBack(without)
  return handed
}

/** A queue's batch send for `queueClaimed`: each body one JSON message. */
export const sendAsJson =
  <B>(queue: Queue<B>) =>
  (bodies: B[]) =>
    queue.sendBatch(bodies.map((body) => ({ body, contentType: 'json' as const })))

/** What one invocation did of its claimed keys. */
export interface AllowanceRun<K, R> {
  /** Each key done and what it gave. */
  results: Map<K, R>
  /** Keys whose work threw (the database failing): for the queue to deliver again. */
  failed: Map<K, unknown>
  /** Keys not started: the allowance would not have covered them. */
  notStarted: K[]
  /** Outbound requests made. */
  subrequests: number
}

export interface Allowance {
  /** Outbound requests the whole invocation may make. */
  budget: number
  /** Requests one piece may make at most; under a smaller budget, a piece gets all of it. */
  perPiece: number
  /** Pieces under way at once (1: one after another). */
  concurrency: number
}

/** A fetch that refuses past its share, and counts what it made (lib/outbound/fetch.ts's cappedFetch). */
export interface CountedFetch<F> {
  fetch: F
  made: () => number
}

/**
 * Does each key's work, `concurrency` at a time, starting a piece only while the allowance
 * covers its share on top of what was spent and what the pieces under way may still spend. Each
 * piece is handed a fetch capped at its share (`capped`), so it can never eat another's.
 * @example await withinAllowance(ids, { budget: 45, perPiece: 13, concurrency: 1 }, () => cappedFetch(fetch, 13, 'a check'), check)
 */
export async function withinAllowance<K, R, F>(
  keys: readonly K[],
  allowance: Allowance,
  capped: (share: number) => CountedFetch<F>,
  work: (key: K, fetch: F) => Promise<R>,
): Promise<AllowanceRun<K, R>> {
  const run: AllowanceRun<K, R> = { results: new Map(), failed: new Map(), notStarted: [], subrequests: 0 }
  const share = Math.min(allowance.perPiece, allowance.budget)
  let reserved = 0
  let next = 0
  const lane = async () => {
    while (next < keys.length && run.subrequests + reserved + share <= allowance.budget) {
      const key = keys[next++]
      reserved += share
      const counted = capped(share)
      try {
        run.results.set(key, await work(key, counted.fetch))
      } catch (error) {
        run.failed.set(key, error)
      } finally {
        reserved -= share
        run.subrequests += counted.made()
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, allowance.concurrency) }, lane))
  run.notStarted = keys.slice(next)
  return run
}

/** A queue's message as a consumer sees it (the platform's Message, narrowed to what is used here). */
export interface QueuedMessage<B> {
  readonly body: B
  ack(): void
  retry(options?: { delaySeconds?: number }): void
}

/** How long the queue waits before delivering again a piece whose storing failed. */
export const RETRY_DELAY_SECONDS = 60

/**
 * A queue consumer's whole turn: the batch's keys (each once, however often it was queued), the
 * work when it is switched on, every lease not worked given back, then each message acknowledged
 * unless its work failed, which the queue delivers again after a minute. With the work off
 * (`run` null) every key is given back and every message acknowledged.
 */
export async function consumeClaimed<K, B, R>(
  messages: ReadonlyArray<QueuedMessage<B>>,
  keyOf: (body: B | undefined) => K | null,
  run: ((keys: K[]) => Promise<AllowanceRun<K, R>>) | null,
  giveBack: (keys: readonly K[]) => Promise<unknown>,
): Promise<AllowanceRun<K, R> | null> {
  const keys = [...new Set(messages.map((m) => keyOf(m.body)).filter((key): key is K => key !== null))]
  const done = run ? await run(keys) : null
  await giveBack(done ? done.notStarted : keys)
  for (const message of messages) {
    const key = keyOf(message.body)
    if (done && key !== null && done.failed.has(key)) message.retry({ delaySeconds: RETRY_DELAY_SECONDS })
    else message.ack()
  }
  return done
}
