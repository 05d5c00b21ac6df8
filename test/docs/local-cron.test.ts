/**
 * `npm start`'s Cron Triggers (scripts/local-cron.mjs): wrangler.toml's crons fired at the
 * minutes they match, in UTC, against the runtime's scheduled endpoint; here a stand-in server
 * counts the calls while a test clock moves the minutes (no waiting on real time).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cronFirer, localCronOff, registrySyncDefault, SCHEDULED_PATH, wranglerCrons } from '../../scripts/local-cron.mjs'
import { testClock } from '../clock'

const EVERY_MINUTE = '* * * * *'
const DAILY = '17 4 * * *'
const MINUTE = 60_000

/** The stand-in runtime: records every scheduled call; `hold` keeps the answers back until `release`. */
function standIn() {
  const calls: Array<{ path: string; cron: string | null; time: number }> = []
  let held: Array<() => void> | null = null
  let answer = { status: 200, body: 'ok' }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    calls.push({ path: url.pathname, cron: url.searchParams.get('cron'), time: Number(url.searchParams.get('time')) })
    const reply = () => res.writeHead(answer.status).end(answer.body)
    if (held) held.push(reply)
    else reply()
  })
  return {
    calls,
    server,
    hold: () => {
      held = []
    },
    release: () => {
      const waiting = held ?? []
      held = null
      for (const reply of waiting) reply()
    },
    answerWith: (status: number, body: string) => {
      answer = { status, body }
    },
    base: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: (cron: string) => calls.filter((c) => c.cron === cron).length,
  }
}

const runtime = standIn()
beforeAll(() => new Promise<void>((done) => runtime.server.listen(0, '127.0.0.1', done)))
afterAll(() => new Promise<void>((done) => runtime.server.close(() => done())))

describe('cronFirer', () => {
  it("fires each of wrangler.toml's crons at the minutes it matches, in UTC, through the scheduled endpoint", async () => {
    runtime.calls.length = 0
    const clock = testClock('2026-03-09T04:15:30Z')
    const logged: string[] = []
    const firer = cronFirer({ base: runtime.base(), crons: wranglerCrons(), now: clock.ms, log: (l) => logged.push(l) })

    // The first tick only sets the starting minute: nothing is fired for the minute already under way.
    expect(await firer.tick()).toEqual([])
    expect(runtime.calls).toHaveLength(0)

    clock.advance(MINUTE) // 04:16:30
    await firer.tick()
    expect([runtime.count(EVERY_MINUTE), runtime.count(DAILY)]).toEqual([1, 0])

    clock.advance(MINUTE) // 04:17:30: both
    await firer.tick()
    expect([runtime.count(EVERY_MINUTE), runtime.count(DAILY)]).toEqual([2, 1])

    // A second tick in the same minute fires nothing again.
    clock.advance(10_000)
    await firer.tick()
    expect(runtime.calls).toHaveLength(3)

    clock.advance(MINUTE) // 04:18:40: the every-minute cron only
    await firer.tick()
    expect([runtime.count(EVERY_MINUTE), runtime.count(DAILY)]).toEqual([3, 1])

    // Every call went to the runtime's own endpoint, with the cron and the minute it stands for.
    expect(runtime.calls.every((c) => c.path === SCHEDULED_PATH)).toBe(true)
    const daily = runtime.calls.find((c) => c.cron === DAILY)
    expect(new Date(daily?.time ?? 0).toISOString()).toBe('2026-03-09T04:17:00.000Z')
    expect(runtime.calls.map((c) => new Date(c.time).toISOString().slice(11, 16))).toEqual(['04:16', '04:17', '04:17', '04:18'])
    expect(logged).toEqual([])
  })

  it('after a sleep of hours fires each cron once, at the latest minute it matched, and the daily one only once a day', async () => {
    runtime.calls.length = 0
    const clock = testClock('2026-03-09T05:00:10Z')
    const firer = cronFirer({ base: runtime.base(), crons: [EVERY_MINUTE, DAILY], now: clock.ms, log: () => {} })
    await firer.tick()

    clock.advance(20 * 60 * MINUTE) // 01:00 the next day: the daily minute not passed yet
    await firer.tick()
    expect([runtime.count(EVERY_MINUTE), runtime.count(DAILY)]).toEqual([1, 0])
    expect(new Date(runtime.calls[0].time).toISOString()).toBe('2026-03-10T01:00:00.000Z')

    clock.advance(4 * 60 * MINUTE) // 05:00: 04:17 passed in between, fired once
    await firer.tick()
    expect([runtime.count(EVERY_MINUTE), runtime.count(DAILY)]).toEqual([2, 1])
    expect(new Date(runtime.calls.find((c) => c.cron === DAILY)?.time ?? 0).toISOString()).toBe('2026-03-10T04:17:00.000Z')
  })

  it('does not stack a cron on its own invocation still running, and says when the handler fails', async () => {
    runtime.calls.length = 0
    const clock = testClock('2026-03-09T10:00:05Z')
    const logged: string[] = []
    const firer = cronFirer({ base: runtime.base(), crons: [EVERY_MINUTE], now: clock.ms, log: (l) => logged.push(l) })
    await firer.tick()

    runtime.hold()
    clock.advance(MINUTE)
    const first = firer.tick()
    // Wait for the held call to arrive, then the next minute comes while it is still running.
    while (runtime.calls.length === 0) await new Promise((r) => setImmediate(r))
    clock.advance(MINUTE)
    await firer.tick()
    expect(runtime.count(EVERY_MINUTE)).toBe(1)
    expect(logged).toEqual([`[cron] ${EVERY_MINUTE}: the previous invocation is still running; this minute's is skipped`])
    runtime.release()
    await first

    runtime.answerWith(500, 'exception')
    clock.advance(MINUTE)
    await firer.tick()
    runtime.answerWith(200, 'ok')
    expect(runtime.count(EVERY_MINUTE)).toBe(2)
    expect(logged[1]).toBe(`[cron] ${EVERY_MINUTE}: the scheduled handler failed (500 exception); see the server's log above`)
  })

  it('start() waits for the next minute on its timer, and stop() clears it', async () => {
    const clock = testClock('2026-03-09T10:00:20Z')
    const timers: Array<{ fn: () => void; ms: number }> = []
    let cleared = 0
    const firer = cronFirer({
      base: runtime.base(),
      crons: [EVERY_MINUTE],
      now: clock.ms,
      log: () => {},
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => {
        cleared++
      },
    })
    firer.start()
    // 40 s to the minute's start, and a second more.
    expect(timers.map((t) => t.ms)).toEqual([41_000])
    firer.stop()
    expect(cleared).toBe(1)
  })
})

describe('wranglerCrons', () => {
  it('reads the [triggers] crons of a wrangler.toml, in order, and none when it has no triggers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-cron-'))
    try {
      const file = join(dir, 'wrangler.toml')
      writeFileSync(file, 'name = "x"\n[triggers]\ncrons = ["*/5 * * * *", "0 3 * * 1"]\n')
      expect(wranglerCrons(file)).toEqual(['*/5 * * * *', '0 3 * * 1'])
      writeFileSync(file, 'name = "x"\n')
      expect(wranglerCrons(file)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('localCronOff', () => {
  it('is off with --no-cron or LOCAL_CRON=off, on otherwise', () => {
    expect(localCronOff(['--no-cron'], {})).toBe(true)
    expect(localCronOff([], { LOCAL_CRON: 'off' })).toBe(true)
    expect(localCronOff([], { LOCAL_CRON: 'false' })).toBe(true)
    expect(localCronOff([], {})).toBe(false)
    expect(localCronOff(['--no-build'], { LOCAL_CRON: 'on' })).toBe(false)
  })
})

describe('registrySyncDefault', () => {
  it("keeps the registry sync off in a new .dev.vars, and leaves an operator's choice alone", () => {
    expect(registrySyncDefault('DEV_LOGIN=true\nPROBE_ENABLED=true\n')).toBe('REGISTRY_SYNC_ENABLED=false\n')
    expect(registrySyncDefault('DEV_LOGIN=true\nREGISTRY_SYNC_ENABLED=true\n')).toBeNull()
    expect(registrySyncDefault('REGISTRY_SYNC_ENABLED=false\n')).toBeNull()
  })
})
