/**
 * Every KV key is built here, with a version prefix so a change of shape never reads old
 * entries, and every TTL lives beside its key.
 */
const VERSION = 'v1'

export const cacheKeys = {
  /** Rendered README for a server, with the time it was fetched (freshness 5 minutes). */
  readme: (serverId: string) => `${VERSION}:readme:${serverId}`,
  /** Sanitised HTML per README content hash: identical content is rendered once. */
  readmeHtml: (contentHash: string) => `${VERSION}:readme-html:${contentHash}`,
  /** Repository facts (stars, avatar, licence) per owner/repo. */
  repo: (owner: string, repo: string) => `${VERSION}:repo:${owner.toLowerCase()}/${repo.toLowerCase()}`,
  tags: () => `${VERSION}:tags`,
  /** Servers per category (the facet and the landing strip). */
  categories: () => `${VERSION}:categories`,
  githubPreview: (owner: string, repo: string) => `${VERSION}:gh-preview:${owner.toLowerCase()}/${repo.toLowerCase()}`,
  npmPreview: (name: string) => `${VERSION}:npm-preview:${name}`,
  /** A sign-in state that was issued and not yet used, by its hash (single use). */
  oauthState: (stateHash: string) => `${VERSION}:oauth-state:${stateHash}`,
  /**
   * The signing secret made on first use where `SESSION_SECRET` is not set; its own name, not
   * versioned with the caches, because changing it would sign every user out.
   */
  signingKey: () => 'secret:signing-key:v1',
}

export const TTL = {
  readmeFreshMs: 5 * 60 * 1000,
  /** Kept well past freshness so a stale copy can be served while a refresh runs. */
  readmeKeepSeconds: 7 * 24 * 3600,
  readmeHtmlSeconds: 30 * 24 * 3600,
  repoSeconds: 10 * 60,
  tagsSeconds: 5 * 60,
  categoriesSeconds: 5 * 60,
  previewSeconds: 10 * 60,
}

/**
 * Reads JSON from KV, or computes and stores it (KV's minimum TTL is 60 s). `keep` can refuse to
 * store a value, so a partial answer (a part that failed) is served once but not cached.
 */
export async function cachedJson<T>(
  kv: KVNamespace,
  key: string,
  ttlSeconds: number,
  compute: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
): Promise<T> {
  const hit = await kv.get<T>(key, 'json')
  if (hit !== null) return hit
  const value = await compute()
  if (keep(value)) await kv.put(key, JSON.stringify(value), { expirationTtl: Math.max(60, ttlSeconds) })
  return value
}
