/**
 * `npm start`'s Cron Triggers: the local runtime (workerd under `vite preview`) serves the
 * Worker's scheduled handler at `/cdn-cgi/handler/scheduled` but never calls it by itself
 * (Miniflare does not fire Cron Triggers), so a local catalogue would never sync, enrol, probe or
 * watch anything. This calls that endpoint for each cron of wrangler.toml at the minutes it
 * matches, as Cloudflare does on a deploy: the platform's own handler runs the jobs that
 * worker/jobs/schedule.ts names for that cron; nothing here decides what work is done
 * (docs/decisions/0044-local-cron-fires-the-platform-handler.md).
 *
 * The crons are read from wrangler.toml (never a second list), matched in UTC (as Cloudflare
 * does) by croner, a kept cron-expression library, not by a parser of our own.
 */
import { readFileSync } from 'node:fs'
import { Cron } from 'croner'
import { parse } from 'smol-toml'

/** The runtime's path that runs the Worker's scheduled() handler (Miniflare's, kept by the Vite plugin). */
export const SCHEDULED_PATH = '/cdn-cgi/handler/scheduled'

const MINUTE = 60_000

/**
 * The Cron Triggers of a wrangler.toml: its `[triggers] crons`, in order.
 * @param {string} [file]
 * @returns {string[]}
 */
export function wranglerCrons(file = 'wrangler.toml') {
  const config = parse(readFileSync(file, 'utf8'))
  const crons = config.triggers?.crons
  return Array.isArray(crons) ? crons.map(String) : []
}

/**
 * Whether the local firing is off: `npm start -- --no-cron`, or LOCAL_CRON=off (also 0, false, no).
 * @param {string[]} argv
 * @param {NodeJS.ProcessEnv} env
 */
export function localCronOff(argv, env) {
  return argv.includes('--no-cron') || /^(off|0|false|no)$/i.test(env.LOCAL_CRON ?? '')
}

/**
 * The start of the minute `ms` falls in.
 * @param {number} ms
 */
const minuteOf = (ms) => Math.floor(ms / MINUTE) * MINUTE

/**
 * Which crons are due in the minutes after `fromMs` up to and including the minute of `toMs`:
 * each cron at most once, at the latest minute it matches (a machine that slept through an hour
 * gets one invocation of the every-minute cron, not sixty, as a missed trigger is not replayed
 * on Cloudflare either).
 * @param {Array<{ cron: string, matcher: Cron }>} schedules
 * @param {number} fromMs the last minute already handled
 * @param {number} toMs now
 * @returns {Array<{ cron: string, at: number }>}
 */
export function dueBetween(schedules, fromMs, toMs) {
  const due = []
  const last = minuteOf(toMs)
  for (const { cron, matcher } of schedules) {
    // croner's previous runs are those before a time, to the second: the last second of `last`'s minute counts that minute.
    const previous = matcher.previousRuns(1, new Date(last + MINUTE - 1))[0]
    if (previous && previous.getTime() > fromMs && previous.getTime() <= last) due.push({ cron, at: previous.getTime() })
  }
  return due
}

/**
 * Fires wrangler.toml's crons against the app at `base`, each at the minutes it matches.
 * `tick()` fires what came due since the last tick (the first tick only sets the starting
 * minute); `start()` ticks at every minute's start until `stop()`. A cron whose last call has not
 * answered yet is not called again meanwhile (a long sync is not stacked on itself).
 * @param {{
 *   base: string,
 *   crons: string[],
 *   now?: () => number,
 *   fetch?: typeof fetch,
 *   log?: (line: string) => void,
 *   setTimer?: (fn: () => void, ms: number) => unknown,
 *   clearTimer?: (timer: unknown) => void,
 * }} opts
 */
export function cronFirer(opts) {
  const now = opts.now ?? Date.now
  const doFetch = opts.fetch ?? fetch
  const log = opts.log ?? ((line) => console.log(line))
  const setTimer = opts.setTimer ?? setTimeout
  const clearTimer = opts.clearTimer ?? clearTimeout
  // Cloudflare reads Cron Triggers in UTC. `paused`: croner only matches here, never runs anything.
  const schedules = opts.crons.map((cron) => ({ cron, matcher: new Cron(cron, { timezone: 'UTC', paused: true }) }))
  /** @type {Set<string>} */
  const inFlight = new Set()
  /** @type {number | null} */
  let handled = null
  /** @type {unknown} */
  let timer = null
  let stopped = false

  /**
   * @param {string} cron
   * @param {number} at
   */
  async function fire(cron, at) {
    if (inFlight.has(cron)) {
      log(`[cron] ${cron}: the previous invocation is still running; this minute's is skipped`)
      return
    }
    inFlight.add(cron)
    const url = `${opts.base}${SCHEDULED_PATH}?cron=${encodeURIComponent(cron)}&time=${at}`
    try {
      const res = await doFetch(url)
      const body = (await res.text()).trim().slice(0, 200)
      if (!res.ok) log(`[cron] ${cron}: the scheduled handler failed (${res.status} ${body}); see the server's log above`)
    } catch (err) {
      log(`[cron] ${cron}: could not reach ${opts.base} (${err instanceof Error ? err.message : String(err)})`)
    } finally {
      inFlight.delete(cron)
    }
  }

  /** Fires what came due since the last tick; resolves when those calls have answered. */
  async function tick() {
    const at = now()
    if (handled === null) {
      handled = minuteOf(at)
      return []
    }
    const due = dueBetween(schedules, handled, at)
    handled = Math.max(handled, minuteOf(at))
    await Promise.all(due.map((d) => fire(d.cron, d.at)))
    return due
  }

  function schedule() {
    if (stopped) return
    // A second past the minute's start, so the minute has surely begun on this clock.
    const wait = minuteOf(now()) + MINUTE + 1000 - now()
    timer = setTimer(() => {
      void tick()
      schedule()
    }, wait)
  }

  return {
    tick,
    /** Sets the starting minute and ticks at every minute's start. */
    start() {
      void tick()
      schedule()
    },
    stop() {
      stopped = true
      if (timer !== null) clearTimer(timer)
    },
  }
}

/**
 * The .dev.vars line `npm start` adds when the file does not say yet whether the cron syncs from
 * the registry: off (the official registry is not this catalogue's to copy by default, and
 * often not reachable from a development machine); `REGISTRY_SYNC_ENABLED=true` turns it on.
 * @param {string} devVars the file's text
 * @returns {string | null}
 */
export function registrySyncDefault(devVars) {
  return /^REGISTRY_SYNC_ENABLED=/m.test(devVars) ? null : 'REGISTRY_SYNC_ENABLED=false\n'
}

/**
 * `npm start`'s firing of the Cron Triggers against the app on `port`, unless turned off
 * (`--no-cron`, LOCAL_CRON=off); returns the firer, or null when off.
 * @param {{ port: string, argv: string[], env: NodeJS.ProcessEnv }} opts
 */
export function startLocalCron({ port, argv, env }) {
  const crons = wranglerCrons()
  if (localCronOff(argv, env) || crons.length === 0) {
    console.log('Cron Triggers: off (npm start -- --no-cron or LOCAL_CRON=off); nothing runs on a schedule.')
    return null
  }
  console.log(`Cron Triggers: ${crons.map((c) => `'${c}'`).join(' and ')} (UTC) fired as a deploy fires them; --no-cron turns them off.`)
  const firer = cronFirer({ base: `http://127.0.0.1:${port}`, crons })
  firer.start()
  return firer
}
