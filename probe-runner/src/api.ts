/**
 * The runner's two calls to the catalogue (worker/routes/runner.ts): claim due packages (the
 * Worker leases each to this runner) and post each result. The token is a secret of the runner's
 * own: it goes only to the catalogue, never into a fence.
 */
import type { RunnerClaimResponse, RunnerJob, RunnerResult } from '@mcp-catalogue/mcp-client/surface'

export interface CatalogueApi {
  /** The catalogue's origin, e.g. https://catalogue.example.com. */
  url: string
  token: string
  /** Names this runner in the Worker's lease and log. */
  runner: string
}

async function post(api: CatalogueApi, path: string, body: unknown): Promise<Response> {
  const response = await fetch(new URL(path, api.url), {
    method: 'POST',
    headers: { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).slice(0, 300)
    throw new Error(`POST ${path} answered HTTP ${response.status} ${text}`)
  }
  return response
}

/**
 * Up to `limit` due packages, each leased to this runner until its `leaseUntil`; with `serverId`,
 * that listing's package only, due or not (none when it has no package the runner reads).
 */
export async function claimJobs(api: CatalogueApi, limit: number, serverId?: string): Promise<RunnerJob[]> {
  const response = await post(api, '/api/runner/claim', { limit, runner: api.runner, ...(serverId ? { serverId } : {}) })
  const body = (await response.json()) as RunnerClaimResponse
  return Array.isArray(body.jobs) ? body.jobs : []
}

/** One job's outcome; the Worker caps and validates it as it does a remote probe's. */
export async function postResult(api: CatalogueApi, result: RunnerResult): Promise<void> {
  const response = await post(api, '/api/runner/results', result)
  await response.body?.cancel()
}
