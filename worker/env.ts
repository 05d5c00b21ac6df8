import type { SessionUser } from '@shared/types'
import type { DB } from './db/client'
import type { ViewerId } from './db/sessions'

/**
 * The Worker's context: bindings and settings are the global `Env` that `wrangler types` writes
 * into worker-configuration.d.ts from wrangler.toml (never by hand; `npm run check` fails when
 * it drifts), plus the secrets of worker/secrets.d.ts.
 */
export interface Variables {
  db: DB
  /**
   * The signed-in user, or null for a guest; set by the session middleware. On a read whose batch
   * carries the session look-up (`sessionInBatch`) it is unset until that batch has run: such a
   * route reads `settledUser(c)` after its batch, never this before.
   */
  user: (SessionUser & { login: string; role: string }) | null
  /** Who reads, for SQL: the user's id, null for a guest, or the session's user as a subquery. */
  viewer: ViewerId
  /** Marks a read whose own first batch reads the session's user (see `sessionInBatch`). */
  sessionInBatch: boolean
}

export type AppEnv = { Bindings: Env; Variables: Variables }

/** The signed-in user as routes see it (`c.var.user`). */
export type SignedInUser = NonNullable<Variables['user']>
