import { Hono } from 'hono'
import { tagCounts } from '../db/servers'
import type { AppEnv } from '../env'
import { cachedJson, cacheKeys, TTL } from '../lib/cache/kv-cache'
import { publicCache } from '../middleware/cache'

/** The most used tags with their active servers (counts kept by triggers), cached for minutes like every facet. */
export const tagRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const tags = await cachedJson(c.env.CACHE, cacheKeys.tags(), TTL.tagsSeconds, () => tagCounts(c.var.db))
  publicCache(c, 300)
  return c.json(tags)
})
