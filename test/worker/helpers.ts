import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { expect } from 'vitest'
import { createDb } from '../../worker/db/client'
import { waitFor } from '../clock'

export const db = () => createDb(env.DB)

/** A request to the Worker as a browser would make it. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return (exports as unknown as { default: Fetcher }).default.fetch(new Request(`https://catalogue.test${path}`, init))
}

export async function json<T = any>(path: string, init?: RequestInit): Promise<{ status: number; body: T; res: Response }> {
  const res = await call(path, init)
  const body = (await res.json()) as T
  return { status: res.status, body, res }
}

export async function fixtureHits(path: string): Promise<number> {
  const res = await fetch(`${env.FIXTURE_URL}/__hits?path=${encodeURIComponent(path)}`)
  return ((await res.json()) as { hits: number }).hits
}

/**
 * A validation 400: code `invalid_input`, an issue for `field`, and `error` the first issue's
 * message. `message` pins the wording where the project chose it; zod's own is left unpinned.
 * @example expectInvalidInput(await json('/api/servers?limit=0'), 'limit')
 */
export function expectInvalidInput(res: { status: number; body: any }, field: string, message?: string) {
  expect(res.status).toBe(400)
  expect(res.body).toMatchObject({ code: 'invalid_input', issues: expect.arrayContaining([expect.objectContaining({ field })]) })
  expect(res.body.error).toBe(res.body.issues[0].message)
  if (message !== undefined) expect(res.body.error).toBe(message)
}

/**
 * Waits, when the current fixed rate-limit window is about to end, until the next one starts, so
 * a test that counts requests up to a limit never has its count reset halfway by the clock.
 * @example await roomInWindow(WRITE_RULES.guest.windowSeconds)
 */
export async function roomInWindow(windowSeconds: number, marginSeconds = 5): Promise<void> {
  const left = () => windowSeconds - ((Date.now() / 1000) % windowSeconds)
  await waitFor(() => left() >= marginSeconds, {
    what: `${marginSeconds} s left in a ${windowSeconds} s rate-limit window`,
    timeoutMs: (marginSeconds + 5) * 1000,
    everyMs: 100,
  })
}

/** SQLite's plan for a statement, one line per step: tests hold a hot query to its index. */
export async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql, params } = query.toSQL()
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>()
  return results.map((r) => r.detail)
}
