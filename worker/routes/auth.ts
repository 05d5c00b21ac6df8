import { type Context, Hono } from 'hono'
import type { SessionUser } from '@shared/types'
import { upsertDevUser, upsertGitHubUser } from '../db/users'
import type { AppEnv, SignedInUser } from '../env'
import { ApiError } from '../errors'
import { type AuthErrorKey, githubAuthorizeUrl, githubProfileFromCode, SignInError } from '../lib/outbound/github-oauth'
import { DEV_USERNAME_RE, devLoginPage } from '../lib/render/dev-login-page'
import { issueCsrfToken } from '../middleware/csrf'
import { DEV_ADMIN_ROLE, devLoginEnabled, endSession, startSession } from '../middleware/session'
import { beginSignIn, consumeSignInState } from '../middleware/sign-in-state'

const callbackUrl = (c: Context<AppEnv>) => new URL('/api/auth/callback', c.req.url).toString()

/** Back home with a message key the SPA turns into a visible notice; nothing was created. */
function signInFailed(c: Context<AppEnv>, key: AuthErrorKey) {
  return c.redirect(`/?authError=${key}`)
}

/** Runs a sign-in step; a `SignInError` (or anything unexpected) sends the browser home with a key. */
async function signInStep(c: Context<AppEnv>, step: () => Promise<Response>): Promise<Response> {
  try {
    return await step()
  } catch (err) {
    if (err instanceof SignInError) return signInFailed(c, err.key)
    console.error(err)
    return signInFailed(c, 'sign_in_failed')
  }
}

function toSessionUser(user: SignedInUser): SessionUser {
  return {
    id: user.id,
    firstName: user.firstName,
    email: user.email,
    avatarUrl: user.avatarUrl,
    profileImageUrl: user.profileImageUrl,
    username: user.username,
    isAdmin: user.isAdmin,
  }
}

/**
 * Sign-in, sign-out, the session and the CSRF token. Sign-in and sign-out are browser
 * navigations that end with a redirect; failures come home as `/?authError=<AuthErrorKey>`.
 */
export const authRoutes = new Hono<AppEnv>()
  .get('/login', async (c) => {
    if (devLoginEnabled(c.env)) return c.html(devLoginPage(await beginSignIn(c)))
    if (!c.env.GITHUB_CLIENT_ID || !c.env.GITHUB_CLIENT_SECRET) return signInFailed(c, 'not_configured')
    return c.redirect(githubAuthorizeUrl(c.env, { state: await beginSignIn(c), redirectUri: callbackUrl(c) }))
  })
  .get('/auth/callback', (c) =>
    signInStep(c, async () => {
      const { state, code, error } = c.req.query()
      // Consumed first, whatever else the callback says, so the state can never be used again.
      const stateValid = await consumeSignInState(c, state)
      if (error) throw new SignInError(error === 'access_denied' ? 'access_denied' : 'github_error')
      if (!stateValid) throw new SignInError('invalid_state')
      if (!code) throw new SignInError('github_error')
      const profile = await githubProfileFromCode(c.env, code, callbackUrl(c))
      const user = await upsertGitHubUser(c.var.db, profile)
      await startSession(c, user.id)
      return c.redirect('/')
    }),
  )
  .get('/auth/dev-callback', (c) => {
    if (!devLoginEnabled(c.env)) throw new ApiError('not_found', 'Not found')
    return signInStep(c, async () => {
      const { state, username, admin, restricted } = c.req.query()
      if (!(await consumeSignInState(c, state))) throw new SignInError('invalid_state')
      if (!username || !DEV_USERNAME_RE.test(username)) throw new SignInError('invalid_username')
      // 'admin' is honoured only while DEV_LOGIN is on (see DEV_ADMIN_ROLE); admin wins over restricted.
      const role = admin ? DEV_ADMIN_ROLE : restricted ? 'restricted' : 'user'
      const user = await upsertDevUser(c.var.db, username.toLowerCase(), role)
      await startSession(c, user.id)
      return c.redirect('/')
    })
  })
  .get('/logout', async (c) => {
    // A link on another site must not sign anyone out; the SPA's own navigation is same-origin.
    if (c.req.header('Sec-Fetch-Site') !== 'cross-site') await endSession(c)
    return c.redirect('/')
  })
  .get('/auth/session', (c) => {
    if (!c.var.user) throw new ApiError('auth_required', 'Not signed in')
    return c.json(toSessionUser(c.var.user))
  })
  .get('/csrf-token', async (c) => {
    return c.json({ csrfToken: await issueCsrfToken(c) })
  })
