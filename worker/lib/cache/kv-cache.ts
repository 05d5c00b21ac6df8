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
  /** A link-preview PNG, per server and image version (a digest of what it draws). */
  serverPreview: (serverId: string, version: string) => `${VERSION}:og-server:${serverId}:${version}`,
  /** The site's own link-preview PNG, per design version. */
  sitePreview: (designVersion: number) => `${VERSION}:og-site:${designVersion}`,
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
  /** A preview image never changes under its key; kept while anyone asks for it. */
  previewImageSeconds: 30 * 24 * 3600,
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

/**
 * Reads bytes from KV, or makes and stores them: for what is costly to make and never changes
 * under its key (a rendered image), so it is made once. The store is left to `defer`
 * (`waitUntil`), so the first answer does not wait for it.
 */
export async function cachedBytes(
  kv: KVNamespace,
  key: string,
  ttlSeconds: number,
  make: () => Promise<Uint8Array>,
  defer: (p: Promise<unknown>) => void,
): Promise<Uint8Array> {
  const hit = await kv.get(key, 'arrayBuffer')
  if (hit !== null) return new Uint8Array(hit)
  const bytes = await make()
  defer(kv.put(key, bytes, { expirationTtl: Math.max(60, ttlSeconds) }))
  return bytes
}
