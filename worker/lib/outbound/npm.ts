/**
 * The npm registry through its configurable base URL (a mirror or the tests' fixture), with the
 * same time-out as every outbound call.
 */
import type { NpmPreview } from '@shared/types'
import { ApiError } from '../../errors'
import { fetchWithTimeout, TimeoutError, timeoutMs, trimBase } from './fetch'

/**
 * The registry path of a package: a scoped name keeps its `@` and has its slash encoded
 * (`@scope%2Fname`), as the registry expects. Names are validated by `NPM_NAME_RE` first, so
 * nothing else in them needs encoding.
 */
export const npmRegistryPath = (name: string) => name.replace('/', '%2F')

/** Name, description, latest version and maintainers of a package, for the form's 'Auto-fill'. */
export async function fetchNpmPreview(env: Env, name: string): Promise<NpmPreview> {
  let res: Response
  try {
    res = await fetchWithTimeout(
      `${trimBase(env.NPM_REGISTRY_BASE)}/${npmRegistryPath(name)}`,
      { headers: { Accept: 'application/json', 'User-Agent': 'mcp-catalogue' } },
      timeoutMs(env),
    )
  } catch (err) {
    if (err instanceof TimeoutError) throw new ApiError('upstream_timeout', 'Request timed out')
    throw new ApiError('upstream_failed', 'Failed to fetch package info: network error')
  }
  if (res.status === 404) throw new ApiError('npm_package_not_found', `Package not found: ${name}`)
  if (res.status === 429) throw new ApiError('upstream_rate_limited', 'Rate limited by the npm registry')
  if (!res.ok) throw new ApiError('upstream_failed', `Failed to fetch package info: ${res.statusText || res.status}`)
  const body = (await res.json()) as {
    name?: string
    description?: string | null
    'dist-tags'?: { latest?: string }
    maintainers?: Array<{ name?: unknown }>
  }
  return {
    packageName: typeof body.name === 'string' ? body.name : name,
    description: typeof body.description === 'string' ? body.description : null,
    latestVersion: body['dist-tags']?.latest ?? null,
    maintainers: (Array.isArray(body.maintainers) ? body.maintainers : [])
      .filter((m): m is { name: string } => typeof m?.name === 'string')
      .map((m) => ({ name: m.name })),
  }
}
