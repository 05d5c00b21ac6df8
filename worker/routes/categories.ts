import { Hono } from 'hono'
import { categoryCounts } from '../db/categories'
import type { AppEnv } from '../env'
import { cachedJson, cacheKeys, TTL } from '../lib/cache/kv-cache'
import { publicCache } from '../middleware/cache'

/**
 * The taxonomy with the number of active servers in each category, in the taxonomy's order: the
 * /servers facet and the landing strip. Counts kept by triggers, cached for minutes like the tag
 * counts; writes that move categories drop the entry.
 */
export const categoryRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const categories = await cachedJson(c.env.CACHE, cacheKeys.categories(), TTL.categoriesSeconds, () => categoryCounts(c.var.db))
  publicCache(c, 300)
  return c.json(categories)
})
