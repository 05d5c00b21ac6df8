import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { LIMITS } from '@shared/limits'
import { ApiError } from '../errors'

/**
 * Past this much, an unread body is cancelled instead of read to its end: the largest body
 * Cloudflare hands a Worker below its Enterprise plan, so on a deploy every body is read whole.
 * Reading costs a little CPU per chunk and no memory (nothing is kept); cancelling earlier (at
 * 1 MB, as before) broke the local server for other requests on the same connection.
 */
const DRAIN_LIMIT_BYTES = 100 * 1024 * 1024

/**
 * Reads what is left of a body (up to the limit, then cancels): the sender then sees its whole
 * request taken, so the connection stays usable.
 */
async function drain(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader()
  let read = 0
  try {
    while (read <= DRAIN_LIMIT_BYTES) {
      const { done, value } = await reader.read()
      if (done) return
      read += value.byteLength
    }
    await reader.cancel()
  } catch {
    // The client went away: nothing is left to settle.
  }
}

/**
 * Every request body is read before the answer leaves. A refusal that answers before reading (a
 * 401, 403 or 413, or the 404 of an unknown path) would otherwise leave the body unread, and the
 * local server (the Vite plugin in front of workerd) then fails the next request on the same
 * connection with a 500 page; cancelling the body is not enough for it, reading it is. One place,
 * first in line, so no refusal can forget it.
 */
export const settleBody: MiddlewareHandler = async (c, next) => {
  const raw = c.req.raw
  try {
    await next()
  } finally {
    if (raw.body && !raw.bodyUsed) await drain(raw.body)
  }
}

/**
 * How deep arrays and objects nest in a JSON text, counted without parsing (strings skipped), so
 * input of any depth costs one linear pass and no recursion.
 * @example jsonDepth('{"a":[1,{"b":2}]}') // 3
 */
export function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c)
        i++ // a backslash escapes the next character
      else if (ch === 0x22) inString = false
    } else if (ch === 0x22) inString = true
    else if (ch === 0x5b || ch === 0x7b) deepest = Math.max(deepest, ++depth)
    else if (ch === 0x5d || ch === 0x7d) depth--
  }
  return deepest
}

const isJson = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase() === 'application/json'

/**
 * Refuses a JSON body nested deeper than `LIMITS.jsonDepth` with 400 `invalid_json`, for every
 * route, before any handler (or validator) walks it. Runs after the size limit, so the text read
 * here is already bounded; handlers then read the same text from Hono's body cache.
 */
export const jsonDepthLimit: MiddlewareHandler = async (c, next) => {
  if (c.req.raw.body && isJson(c.req.header('Content-Type'))) {
    if (jsonDepth(await c.req.text()) > LIMITS.jsonDepth) {
      throw new ApiError('invalid_json', `Request body is nested too deeply (at most ${LIMITS.jsonDepth} levels)`)
    }
  }
  await next()
}

/**
 * Refuses a body past `maxSize` bytes with 413 payload_too_large, declared or streamed: the
 * browsers' writes under /api (MAX_BODY_BYTES) and the probe runner's results (a whole surface).
 * @example app.use('/api/*', limitBody(MAX_BODY_BYTES))
 */
export const limitBody = (maxSize: number): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError('payload_too_large', 'Request body too large')
    },
  })
