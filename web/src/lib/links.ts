import { api, apiKey } from './api'

/**
 * External addresses the SPA links to. They mirror CATALOGUE_HOME_URL and SOCIAL_URL in
 * wrangler.toml (the Worker's copies); the sign-in and sign-out targets are same-origin
 * navigations, never fetches, with their paths from the Worker's route tree.
 */
export const LINKS = {
  catalogueHome: 'https://modelcontextprotocol.io',
  mcpDocs: 'https://modelcontextprotocol.io/introduction',
  protocolOrg: 'https://github.com/modelcontextprotocol',
  social: 'https://x.com/modelcontextprotocol',
  login: apiKey(api.login),
  logout: apiKey(api.logout),
} as const

/** The code-hosting provider people sign in with. */
export const PROVIDER_NAME = 'GitHub'
