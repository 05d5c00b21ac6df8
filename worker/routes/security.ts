import { Hono } from 'hono'
import type { ScanStats } from '@shared/scan'
import { scanStats } from '../db/scans'
import type { AppEnv } from '../env'
import { guestCache, publicCache } from '../middleware/cache'

/** The advisory page's live figures: surfaces scanned, open findings by class and severity, listings by risk. */
export const securityRoutes = new Hono<AppEnv>().get('/scan-stats', guestCache(), async (c) => {
  publicCache(c, 300)
  return c.json<ScanStats>(await scanStats(c.var.db))
})
