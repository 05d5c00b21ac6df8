/**
 * Authorization: the one place that decides who may do what. Routes never compare ids or roles
 * themselves; they call these helpers, so a rule changes here or nowhere.
 *
 * Per server:
 * - admin: login in `ADMIN_LOGINS`: edit, delete, restore, featured.
 * - owner: created the server, or the login equals the server's repository owner: edit, delete.
 * - restricted: an owner whose account an admin marked restricted: edit `githubUrl` only.
 * - anyone else: nothing.
 * Engagement (like, a recorded view, adding to a category) is any signed-in user's, on a server
 * that is listed: a deleted server takes no new likes or views, whoever can see it.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { ServerPermissions } from '@shared/types'
import type { CommentRow } from '../db/comments'
import { findPackage, type PackageRow } from '../db/packages'
import type { ServerRow } from '../db/schema'
import { findServerRow } from '../db/servers'
import type { AppEnv, SignedInUser } from '../env'
import { ApiError } from '../errors'

/** The specification's 401 message, for every route that needs a signed-in user. */
export const AUTH_REQUIRED = 'Authentication required'
/** The specification's 404 message for a server that does not exist (or is deleted, for non-admins). */
export const SERVER_NOT_FOUND = 'Server not found'

/**
 * The signed-in user, or 401 'Authentication required'.
 * @example const user = requireUser(c)
 */
export function requireUser(c: Context<AppEnv>): SignedInUser {
  const user = c.var.user
  if (!user) throw new ApiError('auth_required', AUTH_REQUIRED)
  return user
}

/**
 * Guards a route for signed-in users before any validation, so a guest gets 401 whatever the
 * input (the route-wide security test relies on it). Handlers then take the user from
 * `requireUser(c)`, which cannot fail there but gives the non-null type.
 * @example
 * .post('/:id/like', signedIn, validate('param', serverIdParam), async (c) => {
 *   const user = requireUser(c)
 * })
 */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c)
  await next()
}

/**
 * Guards catalogue-wide admin routes (the registry sync): 401 for a guest, 403 'Access denied'
 * for anyone but an admin, before any validation.
 * @example new Hono<AppEnv>().use('*', adminOnly).get('/runs', ...)
 */
export const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!requireUser(c).isAdmin) throw new ApiError('forbidden', 'Access denied')
  await next()
}

/** The server columns the rules read. */
export type ServerOwnership = Pick<ServerRow, 'createdBy' | 'repoOwner'>

/**
 * A user's permissions on one server; a guest (null) has none.
 * @example serverPermissions(c.var.user, server).canDelete
 */
export function serverPermissions(user: SignedInUser | null, server: ServerOwnership): ServerPermissions {
  if (!user) return { canEdit: false, canDelete: false, userRole: null, isAdmin: false }
  if (user.isAdmin) return { canEdit: true, canDelete: true, userRole: 'admin', isAdmin: true }
  const owner = server.createdBy === user.id || (!!server.repoOwner && server.repoOwner.toLowerCase() === user.login)
  if (!owner) return { canEdit: false, canDelete: false, userRole: null, isAdmin: false }
  if (user.role === 'restricted') return { canEdit: true, canDelete: false, userRole: 'restricted', isAdmin: false }
  return { canEdit: true, canDelete: true, userRole: 'owner', isAdmin: false }
}

/**
 * The server as `user` may see it: a soft-deleted server exists only for admins, so for everyone
 * else it is 404 'Server not found', exactly like a missing one.
 */
export function visibleServer<T extends { status: string }>(server: T | null | undefined, user: SignedInUser | null): T {
  if (!server || (server.status === 'deleted' && !user?.isAdmin)) throw new ApiError('server_not_found', SERVER_NOT_FOUND)
  return server
}

/** The caller's server by id, as they may see it (`visibleServer`). */
export async function loadServer(c: Context<AppEnv>, serverId: string): Promise<ServerRow> {
  return visibleServer(await findServerRow(c.var.db, serverId), c.var.user)
}

/**
 * What a write on a server does: edit and delete follow the permissions; restore and feature are
 * admin-only; engage (like, record a view, add to a category) is anyone's; stats are for owners
 * (restricted ones too: the numbers are theirs) and admins.
 */
export type ServerAction = 'edit' | 'delete' | 'restore' | 'feature' | 'engage' | 'stats'

interface ActionRule {
  allowed: (p: ServerPermissions) => boolean
  refusal: string
  /** Only on a listed server: an admin sees a deleted one, but it takes no new engagement. */
  listedOnly?: boolean
}

const ACTION_RULES: Record<ServerAction, ActionRule> = {
  edit: { allowed: (p) => p.canEdit, refusal: "You don't have permission to edit this MCP server." },
  delete: { allowed: (p) => p.canDelete, refusal: "You don't have permission to delete this MCP server." },
  restore: { allowed: (p) => p.isAdmin, refusal: 'Access denied' },
  feature: { allowed: (p) => p.isAdmin, refusal: 'Access denied' },
  engage: { allowed: () => true, refusal: 'Access denied', listedOnly: true },
  stats: { allowed: (p) => p.userRole !== null, refusal: 'Access denied' },
}

/**
 * Every signed-in action on a server starts here: 401 for a guest, 404 'Server not found' for a
 * missing server (or a deleted one, unless admin; for engagement, for everyone), 403 when the
 * action is not allowed. Returns what the route
 * needs next, so nothing is loaded twice.
 * @example
 * .put('/:id', signedIn, validate('param', serverIdParam), validate('json', serverUpdateSchema), async (c) => {
 *   const { server, permissions } = await authorizeServer(c, c.req.valid('param').id, 'edit')
 *   assertMayChange(permissions, changedFields(server, c.req.valid('json')))
 *   ...
 * })
 */
export async function authorizeServer(
  c: Context<AppEnv>,
  serverId: string,
  action: ServerAction,
): Promise<{ user: SignedInUser; server: ServerRow; permissions: ServerPermissions }> {
  const user = requireUser(c)
  const server = await loadServer(c, serverId)
  const rule = ACTION_RULES[action]
  if (rule.listedOnly && server.status === 'deleted') throw new ApiError('server_not_found', SERVER_NOT_FOUND)
  const permissions = serverPermissions(user, server)
  if (!rule.allowed(permissions)) throw new ApiError('forbidden', rule.refusal)
  return { user, server, permissions }
}

/** The only field a restricted owner may change. */
export const RESTRICTED_EDITABLE_FIELDS: ReadonlySet<string> = new Set(['githubUrl'])

/**
 * For an edit already allowed by `authorizeServer`: a restricted owner changing anything but
 * `githubUrl` is refused with 403 naming the fields.
 * @example assertMayChange(permissions, ['githubUrl', 'description']) // 403 when restricted
 */
export function assertMayChange(permissions: ServerPermissions, changedFields: readonly string[]): void {
  if (permissions.userRole !== 'restricted') return
  const refused = changedFields.filter((f) => !RESTRICTED_EDITABLE_FIELDS.has(f))
  if (refused.length > 0) {
    throw new ApiError(
      'forbidden',
      'Your account may change only the GitHub repository URL',
      refused.map((field) => ({ field, message: 'Not editable with restricted access' })),
    )
  }
}

// Packages (categories) and their comments: a private package exists only for its owner (for
// everyone else, admins included, it is 404 exactly like a missing one, so its existence never
// leaks); only the owner changes it; a comment may be deleted by its author, the package owner or
// an admin.

export const PACKAGE_NOT_FOUND = 'Package not found'

/** 'view': read it (anyone, for a public package); 'manage': change it (its owner only). */
export type PackageAction = 'view' | 'manage'

/**
 * Every package route starts here: for 'manage' 401 for a guest; 404 'Package not found' for a
 * missing package or someone else's private one; for 'manage' 403 on someone else's public one.
 * @example
 * .put('/:id/message', signedIn, idParam, validate('json', recommendationMessageSchema), async (c) => {
 *   const pkg = await authorizePackage(c, c.req.valid('param').id, 'manage')
 * })
 */
export async function authorizePackage(c: Context<AppEnv>, packageId: string, action: PackageAction): Promise<PackageRow> {
  const user = action === 'manage' ? requireUser(c) : c.var.user
  const pkg = await findPackage(c.var.db, packageId)
  const owner = !!user && pkg?.userId === user.id
  if (!pkg || (!pkg.isPublic && !owner)) throw new ApiError('package_not_found', PACKAGE_NOT_FOUND)
  if (action === 'manage' && !owner) throw new ApiError('forbidden', "You don't have permission to change this package.")
  return pkg
}

/**
 * Whether a user may delete a comment: its author, the owner of its package, or an admin; never
 * a guest (guest comments are deleted by the package owner or an admin).
 * @example mayDeleteComment(c.var.user, comment, pkg)
 */
export function mayDeleteComment(user: SignedInUser | null, comment: Pick<CommentRow, 'userId'>, pkg: Pick<PackageRow, 'userId'>): boolean {
  if (!user) return false
  return user.isAdmin || comment.userId === user.id || pkg.userId === user.id
}
