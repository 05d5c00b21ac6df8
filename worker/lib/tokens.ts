/**
 * Random tokens and the deployment's signing key. Session ids, anonymous ids, OAuth states and
 * CSRF tokens are all built from these.
 */
import { cacheKeys } from './cache/kv-cache'

const B64URL_TOKEN = /^[A-Za-z0-9_-]{43}$/

function base64url(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** 256 random bits, base64url: unguessable ids for sessions, anonymous clients and OAuth states. */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)))
}

/** Whether a value has the shape `randomToken` produces; anything else is never looked up. */
export function isToken(value: string | undefined | null): value is string {
  return typeof value === 'string' && B64URL_TOKEN.test(value)
}

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a)
  const y = new TextEncoder().encode(b)
  if (x.byteLength !== y.byteLength) return false
  let diff = 0
  for (let i = 0; i < x.byteLength; i++) diff |= x[i] ^ y[i]
  return diff === 0
}

/**
 * The signing secret. Where `SESSION_SECRET` is not set (local use and tests): 256 random bits
 * made on first use and kept in KV, so it is stable across requests and restarts but differs per
 * deployment. Two isolates racing on the very first use may briefly
 * disagree; a CSRF token signed with the losing value is refused once and the SPA refetches it.
 * Production sets `SESSION_SECRET` (wrangler secret put), which takes precedence.
 */
async function signingSecret(env: Env): Promise<string> {
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  const stored = await env.CACHE.get(cacheKeys.signingKey())
  if (stored) return stored
  const created = randomToken()
  await env.CACHE.put(cacheKeys.signingKey(), created)
  return created
}

/**
 * HMAC-SHA-256 of a message under the deployment's secret, base64url. The purpose is part of
 * the message, so a value signed for one use is never valid for another.
 * @example await sign(env, 'csrf', `session:${sessionId}`)
 */
export async function sign(env: Env, purpose: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(await signingSecret(env)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${purpose}\n${message}`))
  return base64url(new Uint8Array(mac))
}
