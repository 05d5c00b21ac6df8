import { drizzle } from 'drizzle-orm/d1'

/**
 * The Drizzle client over the D1 binding, made once per binding and isolate: it holds no state of
 * a request, and building one is not free. No schema is passed because nothing uses Drizzle's
 * relational queries (`db.query.*`), and extracting their configuration from the schema took a
 * tenth of a cold list request's CPU when it ran per request.
 */
const clients = new WeakMap<D1Database, ReturnType<typeof drizzle>>()

export function createDb(d1: D1Database) {
  let db = clients.get(d1)
  if (!db) {
    db = drizzle(d1)
    clients.set(d1, db)
  }
  return db
}

export type DB = ReturnType<typeof createDb>
