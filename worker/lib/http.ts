import type { Context } from 'hono'
import type { AppEnv } from '../env'

/**
 * Lets shared caches keep a read for guests; a signed-in answer (which carries isLiked) is
 * private. Vary on Cookie keeps the two apart.
 */
export function publicCache(c: Context<AppEnv>, seconds: number) {
  c.header('Vary', 'Cookie')
  c.header('Cache-Control', c.var.user ? 'private, no-store' : `public, max-age=${seconds}`)
}
