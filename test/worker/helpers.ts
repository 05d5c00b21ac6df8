import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { createDb } from '../../worker/db/client'

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
