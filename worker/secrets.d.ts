/**
 * Secrets (`wrangler secret put`) are not in wrangler.toml, so `wrangler types` cannot see them;
 * they are declared here, optional because a deployment may leave any of them unset.
 */
interface Secrets {
  GITHUB_CLIENT_ID?: string
  GITHUB_CLIENT_SECRET?: string
  SESSION_SECRET?: string
  GITHUB_TOKEN?: string
  /** The probe runner's bearer token (worker/routes/runner.ts); unset, the runner's endpoints do not exist. */
  PROBE_RUNNER_TOKEN?: string
}

interface Env extends Secrets {}

declare namespace Cloudflare {
  interface Env extends Secrets {}
}
