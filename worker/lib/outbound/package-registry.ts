/**
 * What the supply-chain watch reads from the package registries, through their configurable base
 * URLs (NPM_REGISTRY_BASE, PYPI_REGISTRY_BASE: the registries, a mirror or the tests' fixture). Every
 * answer is hostile: bodies are read to a byte cap and parsed by worker/lib/supply/facts.ts.
 *
 * npm: the recurring read is the dist-tags document (a few bytes), sent conditionally with the ETag
 * of the last read, so an unchanged package costs one 304; a new version's facts come from its own
 * per-version document. A package's whole packument is read once, when the watch first meets it,
 * for its history (publish times, earlier publishers and sizes), and a dependency's only when a
 * version adds it, to learn its age, capped small (a days-old package's packument is small; one over
 * the cap has history). PyPI: the project document, conditionally, then per-version documents.
 */
import { fetchWithTimeout, TimeoutError, trimBase } from './fetch'
import { npmRegistryPath } from './npm'

/** The fetch the watch is given: the global one, or one that counts an invocation's requests. */
export type RegistryFetch = (url: string, init: RequestInit) => Promise<Response>

/** Byte caps of the documents read. */
export const DOCUMENT_CAPS = {
  /** A per-version document or dist-tags: a package.json and its dist. */
  version: 512 * 1024,
  /** A whole packument, once per package: past this the history is not read (the watch starts from today). */
  packument: 8 * 1024 * 1024,
  /** A new dependency's packument, for its age only. */
  dependency: 256 * 1024,
  /** PyPI's project document (every release's files). */
  project: 4 * 1024 * 1024,
} as const

export class RegistryError extends Error {}

/** A read answered: the document (parsed JSON), or unchanged (304), not found (404/410), or too large. */
export type RegistryRead =
  | { status: 'ok'; doc: unknown; etag: string | null }
  | { status: 'unchanged' }
  | { status: 'not_found' }
  | { status: 'too_large' }

const HEADERS = { Accept: 'application/json', 'User-Agent': 'mcp-catalogue-supply-watch' }

/**
 * A body as text, or null once it passes `maxBytes` (the read stops there). A declared length over
 * the cap is refused before reading.
 */
export async function readCapped(res: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(res.headers.get('Content-Length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel()
    return null
  }
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let seen = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    seen += value.byteLength
    if (seen > maxBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const all = new Uint8Array(seen)
  let at = 0
  for (const c of chunks) {
    all.set(c, at)
    at += c.byteLength
  }
  return new TextDecoder().decode(all)
}

/** One GET, conditional when an ETag is given; throws RegistryError on a network failure, a time-out, a 429 or a 5xx. */
async function read(fetch: RegistryFetch, url: string, maxBytes: number, timeoutMs: number, etag?: string | null): Promise<RegistryRead> {
  let res: Response
  try {
    res = await fetchWithTimeout(url, { headers: etag ? { ...HEADERS, 'If-None-Match': etag } : HEADERS }, timeoutMs, fetch)
  } catch (err) {
    throw new RegistryError(
      err instanceof TimeoutError ? 'timed out' : `network error: ${err instanceof Error ? err.message : String(err)}`,
    )
  }
  if (res.status === 304) return { status: 'unchanged' }
  if (res.status === 404 || res.status === 410) {
    await res.body?.cancel()
    return { status: 'not_found' }
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw new RegistryError(`answered ${res.status}`)
  }
  let text: string | null
  try {
    text = await readCapped(res, maxBytes)
  } catch (err) {
    throw new RegistryError(`the answer broke off: ${err instanceof Error ? err.message : String(err)}`)
  }
  if (text === null) return { status: 'too_large' }
  try {
    return { status: 'ok', doc: JSON.parse(text), etag: res.headers.get('ETag') }
  } catch {
    throw new RegistryError('answered something that is not JSON')
  }
}

/** Where and how the watch reads: the bases, the fetch, the time-out per request. */
export interface RegistryClient {
  npmBase: string
  pypiBase: string
  fetch: RegistryFetch
  timeoutMs: number
}

const enc = encodeURIComponent

/** npm's dist-tags of a package (`{ latest: '1.2.3', next: ... }`), conditional on the last ETag. */
export const npmDistTags = (c: RegistryClient, name: string, etag: string | null) =>
  read(c.fetch, `${trimBase(c.npmBase)}/-/package/${npmRegistryPath(name)}/dist-tags`, DOCUMENT_CAPS.version, c.timeoutMs, etag)

/** One version's document (npm answers `GET /<name>/<version>` with packument.versions[version]). */
export const npmVersion = (c: RegistryClient, name: string, version: string) =>
  read(c.fetch, `${trimBase(c.npmBase)}/${npmRegistryPath(name)}/${enc(version)}`, DOCUMENT_CAPS.version, c.timeoutMs)

/** A whole packument: once per package, for its history; or a dependency's, capped small, for its age. */
export const npmPackument = (c: RegistryClient, name: string, maxBytes: number) =>
  read(c.fetch, `${trimBase(c.npmBase)}/${npmRegistryPath(name)}`, maxBytes, c.timeoutMs)

/** PyPI's project document (every release and its files), conditional on the last ETag. */
export const pypiProject = (c: RegistryClient, name: string, etag: string | null) =>
  read(c.fetch, `${trimBase(c.pypiBase)}/pypi/${enc(name)}/json`, DOCUMENT_CAPS.project, c.timeoutMs, etag)

/** One PyPI release's document. */
export const pypiVersion = (c: RegistryClient, name: string, version: string) =>
  read(c.fetch, `${trimBase(c.pypiBase)}/pypi/${enc(name)}/${enc(version)}/json`, DOCUMENT_CAPS.version, c.timeoutMs)
