import { type Context, Hono } from 'hono'
import {
  packageIdParam,
  packageListQuery,
  packageServerParam,
  packageServerPinSchema,
  publicStatusSchema,
  recommendationMessageSchema,
  topPackagesQuery,
} from '@shared/schemas'
import type { PackageRegistryLink, PackageServerPin } from '@shared/types'
import { packageServerVersions, rotateRegistryKey, setPackageServerPin } from '../db/package-registry'
import { getPackageDetail, listPackages, type PackageRow, setPackageLike, topPackages, updatePackage } from '../db/packages'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { registryKey, registryPathOf } from '../lib/package-registry'
import { sign } from '../lib/tokens'
import { authorizePackage, requireUser, signedIn } from '../middleware/authz'
import { publicCache } from '../middleware/cache'
import { anonIdFrom } from '../middleware/csrf'
import { sessionInBatch } from '../middleware/session'
import { validate } from '../middleware/validate'

const idParam = validate('param', packageIdParam)

/**
 * Who is viewing, as an opaque key, for counting a view once per visitor a day: the user's id;
 * for a guest an HMAC (no address is stored) of the connecting IP, or of the anonymous cookie
 * where no IP is known. The IP comes first for guests because cookies can be dropped or made up
 * at will, which would let anyone inflate a package's views. Null when nothing identifies the
 * caller: such a view is not counted.
 */
async function visitorKey(c: Context<AppEnv>): Promise<string | null> {
  const ip = c.req.header('CF-Connecting-IP')
  const anon = anonIdFrom(c)
  const source = c.var.user ? `user:${c.var.user.id}` : ip ? `ip:${ip}` : anon ? `anon:${anon}` : null
  return source && sign(c.env, 'package-view', source)
}

/**
 * Views count only on public packages and never the owner's own visits: the numbers are shown
 * while public, and they mean interest from others.
 */
async function countedVisitor(c: Context<AppEnv>, pkg: PackageRow): Promise<string | null> {
  if (!pkg.isPublic || pkg.userId === c.var.user?.id) return null
  return visitorKey(c)
}

/** The list reads its session in its own first batch, as `serverReadsInBatch` (servers.ts) says of its reads. */
export const packageReadsInBatch = new Hono<AppEnv>().use('/', sessionInBatch)

/** Packages: the public list and top, a package page, and the owner's and likers' writes. */
export const packageRoutes = new Hono<AppEnv>()
  .get('/', validate('query', packageListQuery), async (c) => {
    const { sortBy, page, limit } = c.req.valid('query')
    const list = await listPackages(c.var.db, { sortBy, page, limit, userId: c.var.viewer })
    publicCache(c, 30)
    return c.json(list)
  })
  .get('/top', validate('query', topPackagesQuery), async (c) => {
    const list = await topPackages(c.var.db, c.req.valid('query').limit, c.var.user?.id ?? null)
    publicCache(c, 300)
    return c.json(list)
  })
  .get('/:id', idParam, async (c) => {
    const pkg = await authorizePackage(c, c.req.valid('param').id, 'view')
    const userId = c.var.user?.id ?? null
    // The secret link of a private package's registry is its owner's to see.
    const key = !pkg.isPublic && pkg.userId === userId ? await registryKey(c.env, pkg.id, pkg.registryKeyRev) : null
    // Never stored by a shared cache: every visit may count, and a private page is the owner's.
    return c.json(await getPackageDetail(c.var.db, pkg, userId, await countedVisitor(c, pkg), key))
  })
  .put(
    '/:id/servers/:serverId/version',
    signedIn,
    validate('param', packageServerParam),
    validate('json', packageServerPinSchema),
    async (c) => {
      const { id, serverId } = c.req.valid('param')
      const pkg = await authorizePackage(c, id, 'manage')
      const { version } = c.req.valid('json')
      const versions = await packageServerVersions(c.var.db, pkg.id, serverId)
      if (versions === null) throw new ApiError('server_not_found', 'That server is not in this package.')
      if (version !== null && !versions.includes(version))
        throw new ApiError('invalid_input', 'The server has no such version', [
          { field: 'version', message: 'The server has no such version' },
        ])
      await setPackageServerPin(c.var.db, pkg.id, serverId, version)
      return c.json({ serverId, version } satisfies PackageServerPin)
    },
  )
  .post('/:id/registry-key', signedIn, idParam, async (c) => {
    const pkg = await authorizePackage(c, c.req.valid('param').id, 'manage')
    const rev = await rotateRegistryKey(c.var.db, pkg.id)
    const registryPath = registryPathOf(pkg, await registryKey(c.env, pkg.id, rev)) as string
    return c.json({ registryPath } satisfies PackageRegistryLink)
  })
  .put('/:id/public-status', signedIn, idParam, validate('json', publicStatusSchema), async (c) => {
    const pkg = await authorizePackage(c, c.req.valid('param').id, 'manage')
    return c.json(await updatePackage(c.var.db, pkg.id, pkg.userId, { isPublic: c.req.valid('json').isPublic }))
  })
  .put('/:id/message', signedIn, idParam, validate('json', recommendationMessageSchema), async (c) => {
    const pkg = await authorizePackage(c, c.req.valid('param').id, 'manage')
    const message = c.req.valid('json').recommendationMessage ?? null
    return c.json(await updatePackage(c.var.db, pkg.id, pkg.userId, { recommendationMessage: message }))
  })
  .post('/:id/like', signedIn, idParam, async (c) => {
    const pkg = await authorizePackage(c, c.req.valid('param').id, 'view')
    return c.json(await setPackageLike(c.var.db, requireUser(c).id, pkg.id, true))
  })
  .delete('/:id/like', signedIn, idParam, async (c) => {
    const pkg = await authorizePackage(c, c.req.valid('param').id, 'view')
    return c.json(await setPackageLike(c.var.db, requireUser(c).id, pkg.id, false))
  })
