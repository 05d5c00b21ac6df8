/**
 * Secrets (`wrangler secret put`) are not in wrangler.toml, so `wrangler types` cannot see them;
 * they are declared here, optional because a deployment may leave any of them unset.
 */
interface Secrets {
  GITHUB_CLIENT_ID?: string
  GITHUB_CLIENT_SECRET?: string
  SESSION_SECRET?: string
  GITHUB_TOKEN?: string
}

interface Env extends Secrets {}

declare namespace Cloudflare {
  interface Env extends Secrets {}
}
