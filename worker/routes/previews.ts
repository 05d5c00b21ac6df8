import { Hono } from 'hono'
import { parseGithubUrl } from '@shared/github-url'
import { githubPreviewQuery, npmPreviewQuery } from '@shared/schemas'
import type { GithubPreview } from '@shared/types'
import type { AppEnv } from '../env'
import { cachedJson, cacheKeys, TTL } from '../lib/cache/kv-cache'
import { fetchReadme, fetchRepo } from '../lib/outbound/github'
import { fetchNpmPreview } from '../lib/outbound/npm'
import { signedIn } from '../middleware/authz'
import { validate } from '../middleware/validate'

type PreviewEntry = GithubPreview & { readmeFailed?: boolean }

/**
 * Form helpers: 'Load Info' (repository) and 'Auto-fill' (npm). Signed-in only, since each miss
 * costs outbound calls; answers are kept in KV for ten minutes per repository or package.
 */
export const previewRoutes = new Hono<AppEnv>()
  .get('/github/preview', signedIn, validate('query', githubPreviewQuery), async (c) => {
    // The schema has already matched the address, so it parses.
    const ref = parseGithubUrl(c.req.valid('query').url)!
    const entry = await cachedJson<PreviewEntry>(
      c.env.CACHE,
      cacheKeys.githubPreview(ref.owner, ref.repo),
      TTL.previewSeconds,
      async () => {
        // The repository first: a missing, rate-limited or slow one fails before any README call.
        const repo = await fetchRepo(c.env, ref)
        let readmeFailed = false
        const readmeText = await fetchReadme(c.env, ref).catch(() => {
          readmeFailed = true
          return null
        })
        return {
          name: repo.name,
          description: repo.description,
          ownerLogin: repo.ownerLogin,
          topics: repo.topics,
          readmeText,
          readmeFailed,
        }
      },
      // A README that failed to load is answered without it once, not cached that way.
      (value) => !value.readmeFailed,
    )
    const { readmeFailed: _, ...preview } = entry
    return c.json<GithubPreview>(preview)
  })
  .get('/npm/preview', signedIn, validate('query', npmPreviewQuery), async (c) => {
    const name = c.req.valid('query').package
    const preview = await cachedJson(c.env.CACHE, cacheKeys.npmPreview(name), TTL.previewSeconds, () => fetchNpmPreview(c.env, name))
    return c.json(preview)
  })
