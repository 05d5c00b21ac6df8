/**
 * One signed-in client per role a caller can have on a server, and one server per kind of
 * ownership, for the tests of the rules (middleware/authz.ts) and of the route that reports
 * them (GET /api/servers/{id}/permissions).
 * @example
 * const { clients, ids } = await seedServerRoles()
 * await json(`/api/servers/${ids.created}/permissions`, clients.loginOwner.read())
 */
import type { ServerPermissions } from '@shared/types'
import { ADMIN_LOGIN, type Client, guest, signIn } from './auth-helpers'
import { insertServer } from './factories'

export type Actor = 'guest' | 'stranger' | 'creator' | 'loginOwner' | 'restricted' | 'admin'
export type RoleServer = 'created' | 'restrictedCreated' | 'restrictedLogin' | 'deleted'

export const NONE: ServerPermissions = { canEdit: false, canDelete: false, userRole: null, isAdmin: false }
export const OWNER: ServerPermissions = { canEdit: true, canDelete: true, userRole: 'owner', isAdmin: false }
export const RESTRICTED: ServerPermissions = { canEdit: true, canDelete: false, userRole: 'restricted', isAdmin: false }
export const ADMIN: ServerPermissions = { canEdit: true, canDelete: true, userRole: 'admin', isAdmin: true }
export const UNAUTHENTICATED = { status: 401, body: { error: 'Authentication required', code: 'auth_required' } }
export const NOT_FOUND = { status: 404, body: { error: 'Server not found', code: 'server_not_found' } }

export async function seedServerRoles(): Promise<{ clients: Record<Actor, Client>; ids: Record<RoleServer, string> }> {
  const clients = {} as Record<Actor, Client>
  const ids = {} as Record<RoleServer, string>
  clients.guest = await guest()
  clients.stranger = await signIn('perm-stranger')
  clients.creator = await signIn('perm-creator')
  clients.loginOwner = await signIn('Perm-Login-Owner')
  clients.restricted = await signIn('perm-restricted', { restricted: true })
  clients.admin = await signIn(ADMIN_LOGIN)
  // Owned by creation (createdBy) and, separately, by repository login.
  ids.created = (
    await insertServer({
      createdBy: clients.creator.user!.id,
      repoOwner: 'perm-login-owner',
      githubUrl: 'https://github.com/perm-login-owner/x',
    })
  ).id
  // Owned by the restricted account, once by creation and once by login.
  ids.restrictedCreated = (await insertServer({ createdBy: clients.restricted.user!.id, repoOwner: 'someone-else' })).id
  ids.restrictedLogin = (await insertServer({ repoOwner: 'perm-restricted' })).id
  ids.deleted = (await insertServer({ createdBy: clients.creator.user!.id, status: 'deleted' })).id
  return { clients, ids }
}
