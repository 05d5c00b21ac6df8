/**
 * Requests as the probe runner makes them: a bearer token, JSON, no cookie. The Worker under test
 * is given the token (and probing turned on) through its environment, as a deploy would by
 * `wrangler secret put`; without it the runner's endpoints do not exist.
 *
 * @example const res = await runnerPost('/api/runner/claim', { limit: 5 })
 */
import { createExecutionContext, env } from 'cloudflare:test'
import { app } from '../../worker/app'

export const RUNNER_TOKEN = 'test-runner-token-5f0c1e7a9b2d4c68'

/** The Worker's environment with the runner's secret set and probing on. */
export const runnerEnv = { ...env, PROBE_RUNNER_TOKEN: RUNNER_TOKEN, PROBE_ENABLED: 'true' }

export const bearer = (token = RUNNER_TOKEN) => ({ Authorization: `Bearer ${token}` })

/** A POST to the Worker with `headers` (the right bearer token unless told) and `environment`. */
export function runnerPost(
  path: string,
  body: unknown,
  headers: Record<string, string> = bearer(),
  environment: Record<string, unknown> = runnerEnv,
): Promise<Response> {
  const init = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }
  return Promise.resolve(app.request(`https://catalogue.test${path}`, init, environment, createExecutionContext()))
}
