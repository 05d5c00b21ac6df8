import { drizzle } from 'drizzle-orm/d1'
import * as schema from './schema'

/** The Drizzle client over the D1 binding; one per request, put on the context by app.ts. */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema })
}

export type DB = ReturnType<typeof createDb>
