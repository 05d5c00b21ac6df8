import { Hono } from 'hono'
import type { ScanStats } from '@shared/scan'
import type { SupplyStats } from '@shared/supply'
import { supplyStats } from '../db/supply'
import type { AppEnv } from '../env'
import { guestCache, publicCache } from '../middleware/cache'
import { scanStats } from '../services/scanning/reads'

/**
 * The advisory page's live figures: the tool scanner's (surfaces scanned, open findings by class
 * and severity, listings by risk) and the supply-chain watch's (packages watched, versions checked
 * in 30 days by band, the latest High versions, its last run).
 */
export const securityRoutes = new Hono<AppEnv>()
  .get('/scan-stats', guestCache(), async (c) => {
    publicCache(c, 300)
    return c.json<ScanStats>(await scanStats(c.var.db))
  })
  .get('/supply-stats', guestCache(), async (c) => {
    publicCache(c, 300)
    return c.json<SupplyStats>(await supplyStats(c.var.db))
  })
