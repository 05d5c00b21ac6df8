import { Hono } from 'hono'
import { tagCounts } from '../db/servers'
import type { AppEnv } from '../env'
import { cachedJson, cacheKeys, TTL } from '../lib/cache/kv-cache'
import { publicCache } from '../middleware/cache'

/** Tag counts over active servers; a grouped count over every tag, so cached for minutes. */
export const tagRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const tags = await cachedJson(c.env.CACHE, cacheKeys.tags(), TTL.tagsSeconds, () => tagCounts(c.var.db))
  publicCache(c, 300)
  return c.json(tags)
})
