import type { DB } from './db/client'
import type { SessionUser } from './shared/types'

/**
 * The Worker's context: bindings and settings are the global `Env` that `wrangler types` writes
 * into worker-configuration.d.ts from wrangler.toml (never by hand; `npm run check` fails when
 * it drifts), plus the secrets of worker/secrets.d.ts.
 */
export interface Variables {
  db: DB
  /** The signed-in user, or null for a guest; set by the session middleware. */
  user: (SessionUser & { login: string; role: string }) | null
}

export type AppEnv = { Bindings: Env; Variables: Variables }

/** The signed-in user as routes see it (`c.var.user`). */
export type SignedInUser = NonNullable<Variables['user']>
