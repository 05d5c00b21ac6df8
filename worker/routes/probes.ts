import { Hono } from 'hono'
import { serverIdParam } from '@shared/schemas'
import type { ProbeNowResponse, ProbeOverview } from '@shared/surface'
import { probeOverview } from '../db/probes'
import type { AppEnv } from '../env'
import { adminOnly, loadServer } from '../middleware/authz'
import { validate } from '../middleware/validate'
import { probeNow } from '../services/probing/probe-now'
import type { ProbeMessage } from '../services/probing/remote-probes'
import { probeSettings } from '../services/probing/settings'

/**
 * Probing for admins: the overview (latest statuses, what is due, the last errors), and 'probe
 * now', which marks a listing due and puts it on the probe queue (services/probing/probe-now.ts);
 * the queue's consumer probes it within a minute or so. Nothing is probed inside the request.
 */
export const probeRoutes = new Hono<AppEnv>()
  .use('*', adminOnly)
  .get('/', async (c) => {
    return c.json<ProbeOverview>(await probeOverview(c.var.db, { enabled: probeSettings(c.env).enabled }))
  })
  .post('/:id', validate('param', serverIdParam), async (c) => {
    const server = await loadServer(c, c.req.valid('param').id)
    const queue = c.env.PROBE_QUEUE as Queue<ProbeMessage>
    const answer = await probeNow(c.var.db, server, probeSettings(c.env), (message) => queue.send(message, { contentType: 'json' }))
    return c.json<ProbeNowResponse>(answer, 202)
  })
