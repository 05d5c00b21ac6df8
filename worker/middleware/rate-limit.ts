/** Fixed-window rate limits per client and bucket, counted in D1 (worker/db/rate-limits.ts). */
import type { Context, MiddlewareHandler } from 'hono'
import { countRequest } from '../db/rate-limits'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { isWriteMethod } from '../lib/http-methods'
import { sign } from '../lib/tokens'
import { anonIdFrom } from './csrf'

export interface RateRule {
  /** Requests allowed per window. */
  limit: number
  windowSeconds: number
}

/** Writes per client: a signed-in person clicking fast stays well below; guests get less. */
export const WRITE_RULES = {
  user: { limit: 120, windowSeconds: 60 },
  guest: { limit: 30, windowSeconds: 60 },
} satisfies Record<string, RateRule>

/** The 429 message every rate limit answers with. */
export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a moment and try again.'

/**
 * Who is asking: the user's id; for a guest, an HMAC (so no address is stored) of the
 * connecting IP, or of the anonymous cookie where no IP is known. The IP comes first because a
 * guest can drop cookies at will.
 */
async function clientKey(c: Context<AppEnv>): Promise<string> {
  if (c.var.user) return `user:${c.var.user.id}`
  const ip = c.req.header('CF-Connecting-IP')
  const anon = anonIdFrom(c)
  const source = ip ? `ip:${ip}` : anon ? `anon:${anon}` : 'unknown'
  return `guest:${await sign(c.env, 'rate-limit', source)}`
}

/**
 * Counts one request of the caller in `bucket`; past the rule's limit, throws 429 with
 * Retry-After (seconds until the window ends).
 * @example
 * // a guest comment: at most 5 per 10 minutes per client, on top of the general write limit
 * if (!c.var.user) await rateLimit(c, 'guest-comment', { limit: 5, windowSeconds: 600 })
 */
export async function rateLimit(c: Context<AppEnv>, bucket: string, rule: RateRule): Promise<void> {
  const key = `${bucket}:${await clientKey(c)}`
  const now = Math.floor(Date.now() / 1000)
  const windowStart = now - (now % rule.windowSeconds)
  const count = await countRequest(c.var.db, key, windowStart)
  if (count > rule.limit) {
    c.header('Retry-After', String(Math.max(1, windowStart + rule.windowSeconds - now)))
    throw new ApiError('rate_limited', RATE_LIMIT_MESSAGE)
  }
}

/** The general limit on every write under /api, tighter for guests. */
export const writeRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isWriteMethod(c.req.method)) await rateLimit(c, 'write', c.var.user ? WRITE_RULES.user : WRITE_RULES.guest)
  await next()
}
