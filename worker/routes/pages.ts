import { Hono } from 'hono'
import { every } from 'hono/combine'
import { LIMITS } from '@shared/limits'
import { PAGE_PATHS } from '@shared/page-paths'
import { serverListing } from '@shared/server-list'
import { findPackage, getPackageDetail, listPackages } from '../db/packages'
import { getServerDetail } from '../db/servers'
import type { AppEnv } from '../env'
import { serverImageVersion } from '../lib/render/og/version'
import {
  advisoryPage,
  appPage,
  homePage,
  notFoundPage,
  packagePage,
  packagesPage,
  serverPage,
  serversPage,
  useFromAiPage,
} from '../lib/render/seo/pages'
import { guestCache } from '../middleware/cache'
import { readOnlyDatabase } from '../middleware/database'
import { renderPage } from '../middleware/pages'
import { sessionMiddleware } from '../middleware/session'
import { listServers } from '../services/search/list-or-search'
import { watchSettings } from '../services/watch/settings'

/** Who is asking matters to pages too: an admin reaches a deleted server, an owner a private package. */
const reader = every(readOnlyDatabase, sessionMiddleware)

const origin = (url: string) => new URL(url).origin

/**
 * The SPA's pages, each with its own head and summary in the first HTML, and real statuses:
 * a server or package nobody may see is the SPA's not-found page with 404. Paths no route here
 * knows fall to the app's not-found handler (the same page, 404).
 */
export const pageRoutes = new Hono<AppEnv>()
  .get(PAGE_PATHS.home, (c) => renderPage(c, homePage(origin(c.req.url))))
  .get(PAGE_PATHS.servers, reader, guestCache(), async (c) => {
    const list = await listServers(c.var.db, { ...serverListing(null, null), page: 1, limit: LIMITS.pageSize, userId: null })
    return renderPage(c, serversPage(origin(c.req.url), list.servers, list.total))
  })
  .get(PAGE_PATHS.newServer, (c) => renderPage(c, appPage(PAGE_PATHS.newServer)))
  .get(PAGE_PATHS.editServer, (c) => renderPage(c, appPage(c.req.path)))
  .get(PAGE_PATHS.featuredEditor, (c) => renderPage(c, appPage(c.req.path)))
  .get(PAGE_PATHS.server, reader, guestCache(), async (c) => {
    const id = c.req.param('id')
    // As the API: a soft-deleted server is not found for everyone but admins, who may restore it.
    const server = await getServerDetail(c.var.db, id, null, {
      includeDeleted: c.var.user?.isAdmin ?? false,
      watching: watchSettings(c.env).enabled,
    })
    if (!server) return renderPage(c, notFoundPage(c.req.path), 404)
    return renderPage(c, serverPage(origin(c.req.url), server, await serverImageVersion(server)))
  })
  .get(PAGE_PATHS.packages, reader, async (c) => {
    const list = await listPackages(c.var.db, { sortBy: 'ranking', page: 1, limit: LIMITS.pageSize, userId: null })
    return renderPage(c, packagesPage(origin(c.req.url), list.packages, list.total))
  })
  .get(PAGE_PATHS.package, reader, async (c) => {
    const pkg = await findPackage(c.var.db, c.req.param('id'))
    // A private package does not exist for anyone but its owner: not its name, not its servers.
    if (!pkg || (!pkg.isPublic && pkg.userId !== c.var.user?.id)) return renderPage(c, notFoundPage(c.req.path), 404)
    return renderPage(c, packagePage(origin(c.req.url), await getPackageDetail(c.var.db, pkg, null)))
  })
  .get(PAGE_PATHS.advisory, (c) => renderPage(c, advisoryPage(origin(c.req.url))))
  .get(PAGE_PATHS.useFromAi, (c) => renderPage(c, useFromAiPage(origin(c.req.url))))
  .get(PAGE_PATHS.dashboard, (c) => renderPage(c, appPage(PAGE_PATHS.dashboard)))
  .get(PAGE_PATHS.syncAdmin, (c) => renderPage(c, appPage(PAGE_PATHS.syncAdmin)))
  .get(PAGE_PATHS.reviewAdmin, (c) => renderPage(c, appPage(PAGE_PATHS.reviewAdmin)))
