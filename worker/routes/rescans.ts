import { Hono } from 'hono'
import type { RescanRun } from '@shared/scan'
import { readRescanRuns } from '../db/rescan-runs'
import type { AppEnv } from '../env'
import { adminOnly } from '../middleware/authz'
import { toRescanRuns } from '../services/scanning/rescan-runs'

/**
 * The rescans for admins: each run of a new scanner version over the stored surfaces, how far it
 * got, and what its surfaces and listings held before and hold after (findings open by severity
 * and class, risk levels, listings whose risk rose or fell). Read only.
 */
export const rescanRoutes = new Hono<AppEnv>().use('*', adminOnly).get('/', async (c) => {
  return c.json<RescanRun[]>(toRescanRuns(await readRescanRuns(c.var.db)))
})
