/**
 * GitHub through the configurable base URLs (tests point them at a local fixture), with a
 * time-out on every call. Errors carry the specification's messages.
 */
import { parseGithubUrl, type RepoRef } from '@shared/github-url'
import { ApiError } from '../../errors'
import { fetchWithTimeout, TimeoutError, timeoutMs, trimBase } from './fetch'

/** Like parseGithubUrl, but a missing or malformed link is the specification's error. */
export function requireRepo(url: string | null | undefined): RepoRef {
  if (!url?.trim()) throw new ApiError('no_repository', 'No GitHub URL provided')
  const ref = parseGithubUrl(url)
  if (!ref) throw new ApiError('invalid_input', 'Invalid GitHub URL format')
  return ref
}

function githubHeaders(env: Env, accept = 'application/vnd.github+json'): HeadersInit {
  const headers: Record<string, string> = { Accept: accept, 'User-Agent': 'mcp-catalogue' }
  if (env.GITHUB_TOKEN) headers.Authorization = `Bearer ${env.GITHUB_TOKEN}`
  return headers
}

const repoPath = ({ owner, repo }: RepoRef) => `${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`

export interface RepoFacts {
  name: string
  description: string | null
  ownerLogin: string
  ownerAvatarUrl: string | null
  stars: number
  license: string | null
  topics: string[]
}

/** `repos/{owner}/{repo}` from the GitHub API, mapped to the facts the catalogue keeps. */
export async function fetchRepo(env: Env, ref: RepoRef): Promise<RepoFacts> {
  let res: Response
  try {
    res = await fetchWithTimeout(`${trimBase(env.GITHUB_API_BASE)}/repos/${repoPath(ref)}`, { headers: githubHeaders(env) }, timeoutMs(env))
  } catch (err) {
    if (err instanceof TimeoutError) throw new ApiError('upstream_timeout', 'Request timed out')
    throw new ApiError('upstream_failed', 'Failed to fetch repository info: network error')
  }
  if (res.status === 404) throw new ApiError('repository_not_found', 'Repository not found')
  if (res.status === 403 || res.status === 429) throw new ApiError('upstream_rate_limited', 'Rate limited by GitHub API')
  if (!res.ok) throw new ApiError('upstream_failed', `Failed to fetch repository info: ${res.statusText || res.status}`)
  const body = (await res.json()) as {
    name?: string
    description?: string | null
    owner?: { login?: string; avatar_url?: string }
    stargazers_count?: number
    license?: { name?: string } | null
    topics?: string[]
  }
  return {
    name: body.name ?? ref.repo,
    description: body.description ?? null,
    ownerLogin: body.owner?.login ?? ref.owner,
    ownerAvatarUrl: body.owner?.avatar_url ?? null,
    stars: Math.max(0, Math.trunc(body.stargazers_count ?? 0)),
    license: body.license?.name ?? null,
    topics: Array.isArray(body.topics) ? body.topics.filter((t) => typeof t === 'string') : [],
  }
}

const README_FALLBACKS = ['README.md', 'README.MD', 'Readme.md']

/**
 * The README's Markdown: the API's raw README first, then the raw-file addresses the
 * specification names. Null when none exists; throws 'Failed to fetch README' on other failures.
 */
export async function fetchReadme(env: Env, ref: RepoRef): Promise<string | null> {
  const attempts = [
    { url: `${trimBase(env.GITHUB_API_BASE)}/repos/${repoPath(ref)}/readme`, headers: githubHeaders(env, 'application/vnd.github.raw') },
    ...README_FALLBACKS.map((file) => ({
      url: `${trimBase(env.GITHUB_RAW_BASE)}/${repoPath(ref)}/HEAD/${file}`,
      headers: { 'User-Agent': 'mcp-catalogue' },
    })),
  ]
  let failed = false
  for (const attempt of attempts) {
    try {
      const res = await fetchWithTimeout(attempt.url, { headers: attempt.headers }, timeoutMs(env))
      if (res.ok) return await res.text()
      if (res.status !== 404) failed = true
    } catch {
      failed = true
    }
  }
  if (failed) throw new ApiError('upstream_failed', 'Failed to fetch README')
  return null
}
