/**
 * The single-use state of a sign-in (GitHub's OAuth flow and the development sign-in alike): a
 * random value in a short-lived cookie and, hashed, in KV, so a callback URL works only once.
 */
import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { cacheKeys } from '../lib/cache/kv-cache'
import { sha256Hex } from '../lib/hash'
import { randomToken, safeEqual } from '../lib/tokens'
import { tokenCookie } from './cookies'

const OAUTH_STATE_COOKIE = '__Host-oauth-state'
const STATE_TTL_SECONDS = 600
const stateKey = async (state: string) => cacheKeys.oauthState(await sha256Hex(state))

/** Starts a sign-in: returns the state to send with the authorization request. */
export async function beginSignIn(c: Context<AppEnv>): Promise<string> {
  const state = randomToken()
  await c.env.CACHE.put(await stateKey(state), '1', { expirationTtl: STATE_TTL_SECONDS })
  tokenCookie.set(c, OAUTH_STATE_COOKIE, state, STATE_TTL_SECONDS)
  return state
}

/**
 * Ends a sign-in attempt: true only when the query's state equals the cookie's and was issued
 * here and never used. The cookie is cleared and the KV record deleted whatever the outcome, so
 * a callback URL works once: a replay with the same state, even with the old cookie, is refused.
 */
export async function consumeSignInState(c: Context<AppEnv>, state: string | undefined): Promise<boolean> {
  const cookie = tokenCookie.read(c, OAUTH_STATE_COOKIE)
  tokenCookie.clear(c, OAUTH_STATE_COOKIE)
  if (!cookie || !state || !safeEqual(state, cookie)) return false
  const key = await stateKey(state)
  const issued = await c.env.CACHE.get(key)
  if (!issued) return false
  await c.env.CACHE.delete(key)
  return true
}
