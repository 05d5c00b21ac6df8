import { type api, app } from './app'
import { backfillCategories } from './db/categories'
import { createDb } from './db/client'
import { fillKeptInstalls } from './db/kept-installs'
import { COMPACTION_CRON, compactSearchIndexes } from './db/search-compaction'
import { runSyncInvocation, syncOptions } from './jobs/registry-sync'
import { forgetContentVersion } from './middleware/cache'

/** The route tree the SPA's typed client (`hc<AppType>`) is built from. */
export type AppType = typeof api

/**
 * The Cron Trigger: one bounded invocation of the registry sync. It fires more often than a run
 * is started (see wrangler.toml), so a long first sync continues every few minutes while a new
 * run starts only hourly. It also classifies a batch of servers that have no categories yet
 * (rows from before the categories migration), so a deployed catalogue fills them in by itself,
 * and generates the install output (card commands, registry install options) of rows that are new
 * or changed (kept-installs.ts).
 * Once a day, at a quiet hour, a second schedule merges the search indexes (search-compaction.ts).
 */
const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env, ctx) => {
  const db = createDb(env.DB)
  if (controller.cron === COMPACTION_CRON) {
    ctx.waitUntil(compactSearchIndexes(db))
    return
  }
  // The sync writes through this isolate: its guests see the changes at once, not a second later.
  ctx.waitUntil(
    runSyncInvocation(db, syncOptions(env))
      .finally(() => backfillCategories(db, 500))
      .finally(() => fillKeptInstalls(db, 2000))
      .finally(forgetContentVersion),
  )
}

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Env>
