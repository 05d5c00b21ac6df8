/**
 * GitHub sign-in (OAuth web flow) through the configurable bases: `GITHUB_OAUTH_BASE` for
 * /login/oauth/* and `GITHUB_API_BASE` for /user and /user/emails, so tests, staging and GitHub
 * Enterprise run the whole flow without code changes.
 *
 * Why not `githubAuth()` from `@hono/oauth-providers` as a middleware: its 0.8.8 release (which
 * does check state) hard-codes https://github.com and https://api.github.com with no option to
 * change them, keeps the state in a plain `state` cookie that it never clears (a captured
 * callback could be replayed while the cookie lives), and answers a denied consent by starting
 * a new sign-in. So the same steps are followed here (state cookie checked against the query,
 * code exchanged for a token, /user then /user/emails read) with the library's GitHub response
 * types, plus: configurable bases, a single-use state also recorded server-side, time-outs, and
 * every failure turned into a short message key instead of an exception.
 */
import type { GitHubEmailResponse, GitHubTokenResponse, GitHubUser } from '@hono/oauth-providers/github'
import { fetchWithTimeout, timeoutMs, trimBase } from './fetch'

/** Why a sign-in failed; the SPA reads it from `/?authError=<key>` and shows a message. */
export type AuthErrorKey =
  | 'access_denied'
  | 'invalid_state'
  | 'github_error'
  | 'account_conflict'
  | 'invalid_username'
  | 'not_configured'
  | 'sign_in_failed'

/** Thrown by any sign-in step; the callback turns it into `/?authError=<key>`. */
export class SignInError extends Error {
  constructor(readonly key: AuthErrorKey) {
    super(key)
  }
}

const SCOPE = 'read:user user:email'

/** The GitHub page the browser is sent to; GitHub comes back to `redirectUri` with code and state. */
export function githubAuthorizeUrl(env: Env, opts: { state: string; redirectUri: string }): string {
  const params = new URLSearchParams({
    client_id: env.GITHUB_CLIENT_ID ?? '',
    redirect_uri: opts.redirectUri,
    scope: SCOPE,
    state: opts.state,
    allow_signup: 'true',
  })
  return `${trimBase(env.GITHUB_OAUTH_BASE)}/login/oauth/authorize?${params}`
}

/** What the catalogue keeps of a GitHub account. */
export interface GitHubProfile {
  id: number
  login: string
  name: string | null
  email: string | null
  avatarUrl: string | null
}

async function githubJson<T>(env: Env, url: string, init: RequestInit): Promise<T> {
  try {
    const res = await fetchWithTimeout(url, init, timeoutMs(env))
    if (!res.ok) throw new SignInError('github_error')
    return (await res.json()) as T
  } catch {
    throw new SignInError('github_error')
  }
}

async function exchangeCode(env: Env, code: string, redirectUri: string): Promise<string> {
  const body = await githubJson<Partial<GitHubTokenResponse> & { error?: string }>(
    env,
    `${trimBase(env.GITHUB_OAUTH_BASE)}/login/oauth/access_token`,
    {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'User-Agent': 'mcp-catalogue' },
      body: JSON.stringify({ client_id: env.GITHUB_CLIENT_ID, client_secret: env.GITHUB_CLIENT_SECRET, code, redirect_uri: redirectUri }),
    },
  )
  // GitHub answers a bad or used code with 200 and an `error` field.
  if (body.error || typeof body.access_token !== 'string') throw new SignInError('github_error')
  return body.access_token
}

/** The primary verified address, else any verified one that is not a no-reply alias. */
function pickEmail(emails: GitHubEmailResponse[]): string | null {
  const verified = emails.filter((e) => (e as { verified?: boolean }).verified !== false)
  const primary = verified.find((e) => e.primary)
  return primary?.email ?? verified.find((e) => !e.email.endsWith('@users.noreply.github.com'))?.email ?? null
}

/**
 * Exchanges the callback's code and reads the account. Throws `SignInError('github_error')`
 * on any GitHub failure; a failing /user/emails only leaves the e-mail empty.
 */
export async function githubProfileFromCode(env: Env, code: string, redirectUri: string): Promise<GitHubProfile> {
  const token = await exchangeCode(env, code, redirectUri)
  const headers = { Accept: 'application/vnd.github+json', Authorization: `Bearer ${token}`, 'User-Agent': 'mcp-catalogue' }
  const user = await githubJson<Partial<GitHubUser>>(env, `${trimBase(env.GITHUB_API_BASE)}/user`, { headers })
  if (typeof user.id !== 'number' || typeof user.login !== 'string' || !user.login) throw new SignInError('github_error')
  let email = user.email ?? null
  if (!email) {
    const emails = await githubJson<GitHubEmailResponse[]>(env, `${trimBase(env.GITHUB_API_BASE)}/user/emails`, { headers }).catch(
      () => null,
    )
    email = Array.isArray(emails) ? pickEmail(emails) : null
  }
  return { id: user.id, login: user.login, name: user.name || null, email, avatarUrl: user.avatar_url ?? null }
}
