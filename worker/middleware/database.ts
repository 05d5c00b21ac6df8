import type { MiddlewareHandler } from 'hono'
import { createDb } from '../db/client'
import type { AppEnv } from '../env'

/** Puts the Drizzle client on the context (`c.var.db`) for everything after it. */
export const database: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('db', createDb(c.env.DB))
  await next()
}
