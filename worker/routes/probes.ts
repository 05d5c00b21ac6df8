import { Hono } from 'hono'
import { serverIdParam } from '@shared/schemas'
import type { ProbeNowResponse, ProbeOverview } from '@shared/surface'
import { markProbeDue, probeOverview, releaseProbeLeases } from '../db/probes'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { type ProbeMessage, probedRemote, probeSettings } from '../jobs/probe-remotes'
import { adminOnly, loadServer } from '../middleware/authz'
import { validate } from '../middleware/validate'

/**
 * Probing for admins: the overview (latest statuses, what is due, the last errors), and 'probe
 * now', which marks a listing due and puts it on the probe queue; the queue's consumer probes it
 * within a minute or so. Nothing is probed inside the request.
 */
export const probeRoutes = new Hono<AppEnv>()
  .use('*', adminOnly)
  .get('/', async (c) => {
    return c.json<ProbeOverview>(await probeOverview(c.var.db, { enabled: probeSettings(c.env).enabled }))
  })
  .post('/:id', validate('param', serverIdParam), async (c) => {
    const server = await loadServer(c, c.req.valid('param').id)
    if (!probeSettings(c.env).enabled) throw new ApiError('conflict', 'Probing is off on this deployment (PROBE_ENABLED).')
    if (server.status !== 'active') throw new ApiError('conflict', 'Only a listed server is probed.')
    if (!probedRemote(server.remotes)) throw new ApiError('conflict', 'This server has no remote to probe.')
    const { queued, dueAt } = await markProbeDue(c.var.db, server.id)
    // Already on the queue (the cron or another admin took its lease): queued once is enough.
    if (queued) {
      try {
        await (c.env.PROBE_QUEUE as Queue<ProbeMessage>).send({ serverId: server.id }, { contentType: 'json' })
      } catch (error) {
        await releaseProbeLeases(c.var.db, [server.id])
        throw error
      }
    }
    return c.json<ProbeNowResponse>({ serverId: server.id, queued, dueAt }, 202)
  })
