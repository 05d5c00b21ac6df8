import { type api, app } from './app'
import { createDb } from './db/client'
import { runSyncInvocation, syncOptions } from './jobs/registry-sync'

/** The route tree the SPA's typed client (`hc<AppType>`) is built from. */
export type AppType = typeof api

/**
 * The Cron Trigger: one bounded invocation of the registry sync. It fires more often than a run
 * is started (see wrangler.toml), so a long first sync continues every few minutes while a new
 * run starts only hourly.
 */
const scheduled: ExportedHandlerScheduledHandler<Env> = async (_controller, env, ctx) => {
  ctx.waitUntil(runSyncInvocation(createDb(env.DB), syncOptions(env)))
}

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Env>
