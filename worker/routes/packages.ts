import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { topPackages } from '../db/packages'
import type { AppEnv } from '../env'
import { validationHook } from '../errors'
import { publicCache } from '../lib/http'

export const packageRoutes = new Hono<AppEnv>().get(
  '/top',
  zValidator('query', z.object({ limit: z.coerce.number().int().min(1).max(20).default(5) }), validationHook),
  async (c) => {
    const { limit } = c.req.valid('query')
    const list = await topPackages(c.var.db, limit, c.var.user?.id ?? null)
    publicCache(c, 300)
    return c.json(list)
  },
)
