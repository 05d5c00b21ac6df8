/**
 * README for a server: rendered once per content version and kept in KV. A fresh entry (under
 * five minutes) is served with one KV read and no Markdown work; a stale one is served at once
 * while a refresh runs in the background; only a server never seen before waits for GitHub.
 */
import { parseGithubUrl } from '@shared/github-url'
import type { ReadmeResponse } from '@shared/types'
import { ApiError } from '../../errors'
import { cacheKeys, TTL } from '../cache/kv-cache'
import { sha256Hex } from '../hash'
import { renderReadme } from '../render/markdown'
import { fetchReadme, requireRepo } from './github'

interface ReadmeEntry {
  html: string
  source: ReadmeResponse['source']
  /** Hash of the Markdown (and repository) it was rendered from. */
  hash: string
  fetchedAt: number
}

interface ServerReadmeInput {
  id: string
  githubUrl: string | null
  readmeText: string | null
}

async function renderCached(env: Env, markdown: string, githubUrl: string | null): Promise<{ html: string; hash: string }> {
  const hash = await sha256Hex(`${githubUrl ?? ''}\n${markdown}`)
  const key = cacheKeys.readmeHtml(hash)
  const hit = await env.CACHE.get(key)
  if (hit !== null) return { html: hit, hash }
  const html = await renderReadme(markdown, { repo: parseGithubUrl(githubUrl), rawBase: env.GITHUB_RAW_BASE })
  await env.CACHE.put(key, html, { expirationTtl: TTL.readmeHtmlSeconds })
  return { html, hash }
}

async function build(env: Env, server: ServerReadmeInput): Promise<ReadmeEntry> {
  if (server.readmeText?.trim()) {
    const { html, hash } = await renderCached(env, server.readmeText, server.githubUrl)
    return { html, hash, source: 'stored', fetchedAt: Date.now() }
  }
  const ref = requireRepo(server.githubUrl)
  const markdown = await fetchReadme(env, ref)
  if (markdown === null) throw new ApiError('readme_not_found', 'README not found')
  const { html, hash } = await renderCached(env, markdown, server.githubUrl)
  return { html, hash, source: 'repository', fetchedAt: Date.now() }
}

async function store(env: Env, serverId: string, entry: ReadmeEntry) {
  await env.CACHE.put(cacheKeys.readme(serverId), JSON.stringify(entry), { expirationTtl: TTL.readmeKeepSeconds })
}

export async function getReadme(env: Env, server: ServerReadmeInput, waitUntil: (p: Promise<unknown>) => void): Promise<ReadmeResponse> {
  // Stored text changes only through an edit, so its hash is part of the key's freshness check.
  const storedHash = server.readmeText?.trim() ? await sha256Hex(`${server.githubUrl ?? ''}\n${server.readmeText}`) : null
  const cached = await env.CACHE.get<ReadmeEntry>(cacheKeys.readme(server.id), 'json')
  if (cached && (storedHash ? cached.hash === storedHash : cached.source === 'repository')) {
    if (!storedHash && Date.now() - cached.fetchedAt > TTL.readmeFreshMs) {
      waitUntil(
        build(env, server)
          .then((entry) => store(env, server.id, entry))
          .catch(() => undefined),
      )
    }
    return { html: cached.html, source: cached.source }
  }
  const entry = await build(env, server)
  await store(env, server.id, entry)
  return { html: entry.html, source: entry.source }
}
