/** User accounts as sign-in creates and updates them. Logins are stored lower-cased. */
import { eq, or, sql } from 'drizzle-orm'
import type { GitHubProfile } from '../lib/outbound/github-oauth'
import { SignInError } from '../lib/outbound/github-oauth'
import type { DB } from './client'
import { type UserRow, users } from './schema'

const now = () => new Date().toISOString()

/**
 * Creates or refreshes the account of a GitHub sign-in (login, name, e-mail, avatar), matched by
 * GitHub id, or by login for an account never linked to GitHub (a development sign-in). The role
 * an admin set is kept. When another GitHub account still holds the login (GitHub let it go and
 * someone else took it), nothing is changed and the sign-in fails with 'account_conflict'.
 */
export async function upsertGitHubUser(db: DB, profile: GitHubProfile): Promise<UserRow> {
  const login = profile.login.toLowerCase()
  const found = await db
    .select()
    .from(users)
    .where(or(eq(users.githubId, profile.id), eq(users.login, login)))
  const mine = found.find((u) => u.githubId === profile.id) ?? found.find((u) => u.login === login && u.githubId === null)
  if (found.some((u) => u.login === login && u !== mine)) throw new SignInError('account_conflict')
  const values = { githubId: profile.id, login, name: profile.name, email: profile.email, avatarUrl: profile.avatarUrl, updatedAt: now() }
  const [row] = mine
    ? await db.update(users).set(values).where(eq(users.id, mine.id)).returning()
    : await db
        .insert(users)
        .values({ id: crypto.randomUUID(), ...values })
        // Two first sign-ins of one account at once: the second refreshes the row the first made.
        .onConflictDoUpdate({ target: users.githubId, set: values })
        .returning()
  return row
}

/** Creates or updates a development account by login, with the role the sign-in form chose. */
export async function upsertDevUser(db: DB, login: string, role: string): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ id: crypto.randomUUID(), login, name: login, role })
    .onConflictDoUpdate({ target: users.login, set: { role, updatedAt: sql`excluded.updated_at` } })
    .returning()
  return row
}
