import { type api, app } from './app'
import { createDb } from './db/client'
import { countedEnv, countingCost, emptyCost, serverTiming } from './db/cost'
import { QUEUES, runSchedule } from './jobs/schedule'
import { forgetContentVersion } from './middleware/cache'

/** The route tree the SPA's typed client (`hc<AppType>`) is built from. */
export type AppType = typeof api

/**
 * A request, in a cost record of its own (worker/db/cost.ts): every D1 call and KV read it makes
 * is counted there, and with COST_HEADER on the answer says so in a Server-Timing header.
 */
const fetch: ExportedHandlerFetchHandler<Env> = async (request, env, ctx) => {
  const cost = emptyCost()
  const res = await countingCost(cost, async () => app.fetch(request, countedEnv(env), ctx))
  if (env.COST_HEADER !== 'true') return res
  const answer = new Response(res.body, res)
  answer.headers.append('Server-Timing', serverTiming(cost))
  return answer
}

/** A Cron Trigger: the jobs jobs/schedule.ts lists for its schedule. */
const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env, ctx) => {
  // The jobs write through this isolate: its guests see the changes at once, not a second later.
  ctx.waitUntil(runSchedule(controller.cron, { db: createDb(env.DB), env }).finally(forgetContentVersion))
}

/** A Queue's batch: the consumer jobs/schedule.ts names for it. */
const queue: ExportedHandlerQueueHandler<Env> = async (batch, env) => {
  const consumer = QUEUES[batch.queue]
  if (!consumer) throw new Error(`No consumer for the queue '${batch.queue}' (see worker/jobs/schedule.ts)`)
  // As for the cron: the probes' writes reach this isolate's guests at once.
  await consumer(batch, { db: createDb(env.DB), env }).finally(forgetContentVersion)
}

export default { fetch, scheduled, queue } satisfies ExportedHandler<Env>
