import type { MiddlewareHandler } from 'hono'

/**
 * The policy every response carries. No inline script anywhere; styles may be inline because
 * the UI primitives position popovers with style attributes. Mirrored for static assets in
 * web/public/_headers, which the asset layer serves without running the Worker.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
}

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next()
  // Responses passed through from the asset binding have immutable headers: copy them once.
  let res = c.res
  try {
    res.headers.set('X-Content-Type-Options', 'nosniff')
  } catch {
    res = new Response(res.body, res)
  }
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!res.headers.has(name)) res.headers.set(name, value)
  }
  c.res = res
}
