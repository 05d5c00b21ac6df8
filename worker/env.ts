import type { DB } from './db/client'
import type { SessionUser } from './shared/types'

/** Bindings and settings from wrangler.toml (vars) and secrets. */
export interface Bindings {
  DB: D1Database
  CACHE: KVNamespace
  ASSETS?: Fetcher
  GITHUB_API_BASE: string
  GITHUB_RAW_BASE: string
  GITHUB_OAUTH_BASE: string
  NPM_REGISTRY_BASE: string
  MCP_REGISTRY_BASE: string
  OUTBOUND_TIMEOUT_MS: string
  GUEST_CACHE_SECONDS: string
  ADMIN_LOGINS: string
  CATALOGUE_HOME_URL: string
  SOCIAL_URL: string
  DEV_LOGIN: string
  GITHUB_CLIENT_ID?: string
  GITHUB_CLIENT_SECRET?: string
  SESSION_SECRET?: string
  GITHUB_TOKEN?: string
}

export interface Variables {
  db: DB
  /** The signed-in user, or null for a guest; set by the session middleware. */
  user: (SessionUser & { login: string; role: string }) | null
}

export type AppEnv = { Bindings: Bindings; Variables: Variables }
