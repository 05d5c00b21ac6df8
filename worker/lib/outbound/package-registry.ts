/**
 * What the supply-chain watch reads from the package registries, through their configurable base
 * URLs (NPM_REGISTRY_BASE, PYPI_REGISTRY_BASE: the registries, a mirror or the tests' fixture). Every
 * answer is hostile: bodies are read to a byte cap and parsed by worker/lib/supply/facts.ts.
 *
 * npm: the recurring read is the dist-tags document (a few bytes), sent conditionally (the ETag of
 * the last read, else its Last-Modified, else the body's hash compared), so an unchanged package
 * costs one 304 or one small read and nothing after; a new version's facts come from its own
 * per-version document. A package's whole packument is read once, when the watch first meets it,
 * for its history (publish times, earlier publishers and sizes), and a dependency's only when a
 * version adds it, to learn its age, capped small (a days-old package's packument is small; one over
 * the cap has history). PyPI: the project document, conditionally, then per-version documents.
 */
import { sha256Hex } from '../hash'
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

/** A registry read that failed; its message is the one line stored: the registry's host and what happened. */
export class RegistryError extends Error {}

/**
 * What lets a read be skipped when nothing changed: the ETag sent back as If-None-Match, else the
 * Last-Modified date as If-Modified-Since, else (a registry that sends neither) the hash of the
 * body read last, compared after reading it again.
 */
export interface Validators {
  etag: string | null
  lastModified: string | null
  contentHash: string | null
}

export const NO_VALIDATORS: Validators = { etag: null, lastModified: null, contentHash: null }

/**
 * A read answered: the document (parsed JSON) and its validators, or unchanged (a 304, or the
 * same body as the hash kept from the last read), not found (404/410), or too large.
 */
export type RegistryRead =
  | { status: 'ok'; doc: unknown; validators: Validators }
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

/** A path in a failure line, cut so the line stays one line. */
const PATH_CHARS = 120

/**
 * Why a fetch threw, as one line naming the host. workerd throws a bare "internal error;
 * reference = ..." when a host name does not resolve (its log says "failed to lookup address
 * information"), so that message is read as the failure to connect it is.
 * @example fetchFailure('pypi.org', new Error('internal error; reference = 7fhc1v')) // 'could not connect to pypi.org: ...'
 */
export function fetchFailure(host: string, err: unknown): string {
  const message = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim().slice(0, 160)
  if (/internal error; reference =/i.test(message))
    return `could not connect to ${host}: its name did not resolve or no connection could be made (the runtime reports only "${message.replace(/;.*$/, '')}")`
  if (/certificate|\bTLS\b|\bSSL\b|handshake|self[- ]signed/i.test(message)) return `TLS with ${host} failed: ${message}`
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo|lookup|resolve|DNS/i.test(message)) return `the name ${host} did not resolve: ${message}`
  if (/connect|connection|ECONNRE|EHOSTUNREACH|ENETUNREACH|socket|network/i.test(message)) return `could not connect to ${host}: ${message}`
  return `fetching from ${host} failed: ${message}`
}

/** An answer's status that is neither 2xx, 304 nor not-found, as one line naming the host. */
function statusFailure(host: string, res: Response): string {
  if (res.status === 429) {
    const after = res.headers.get('Retry-After')
    return `${host} is limiting the watch's requests (answered 429${after ? `, retry after ${after.slice(0, 40)}` : ''})`
  }
  if (res.status >= 500) return `${host} answered ${res.status}: an error on the registry's side`
  return `${host} answered ${res.status}`
}

/** The headers of a read, conditional on what the last read left. */
function conditional(validators: Validators | null): HeadersInit {
  if (validators?.etag) return { ...HEADERS, 'If-None-Match': validators.etag }
  if (validators?.lastModified) return { ...HEADERS, 'If-Modified-Since': validators.lastModified }
  return HEADERS
}

/**
 * One GET. A conditional one (`conditionalOn`: the validators the last read left, null before the
 * first) sends them, counts a body whose hash is the last one's as unchanged, and answers the new
 * validators; any other read (a version's document, a packument) hashes nothing. Throws
 * RegistryError, whose message names the host and the cause, on a failure to connect, TLS, a
 * time-out, a 429 or 5xx, an answer that broke off or is not JSON.
 */
async function read(
  fetch: RegistryFetch,
  url: string,
  maxBytes: number,
  timeoutMs: number,
  conditionalOn?: { last: Validators | null },
): Promise<RegistryRead> {
  const validators = conditionalOn?.last ?? null
  const { host, pathname } = new URL(url)
  const where = `(GET ${pathname.slice(0, PATH_CHARS)})`
  let res: Response
  try {
    res = await fetchWithTimeout(url, { headers: conditional(validators) }, timeoutMs, fetch)
  } catch (err) {
    throw new RegistryError(
      `${err instanceof TimeoutError ? `${host} did not answer within ${Math.round(timeoutMs / 100) / 10} s` : fetchFailure(host, err)} ${where}`,
    )
  }
  if (res.status === 304) return { status: 'unchanged' }
  if (res.status === 404 || res.status === 410) {
    await res.body?.cancel()
    return { status: 'not_found' }
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw new RegistryError(`${statusFailure(host, res)} ${where}`)
  }
  let text: string | null
  try {
    text = await readCapped(res, maxBytes)
  } catch (err) {
    throw new RegistryError(`the answer from ${host} broke off: ${err instanceof Error ? err.message.slice(0, 120) : String(err)} ${where}`)
  }
  if (text === null) return { status: 'too_large' }
  // Only a conditional read keeps a hash: a packument of megabytes is not hashed for nothing.
  const contentHash = conditionalOn ? await sha256Hex(text) : null
  if (contentHash !== null && validators?.contentHash === contentHash) return { status: 'unchanged' }
  try {
    const doc: unknown = JSON.parse(text)
    return {
      status: 'ok',
      doc,
      validators: conditionalOn
        ? { etag: res.headers.get('ETag'), lastModified: res.headers.get('Last-Modified'), contentHash }
        : NO_VALIDATORS,
    }
  } catch {
    throw new RegistryError(`${host} answered something that is not JSON ${where}`)
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

/** npm's dist-tags of a package (`{ latest: '1.2.3', next: ... }`), conditional on the last read's validators. */
export const npmDistTags = (c: RegistryClient, name: string, validators: Validators | null) =>
  read(c.fetch, `${trimBase(c.npmBase)}/-/package/${npmRegistryPath(name)}/dist-tags`, DOCUMENT_CAPS.version, c.timeoutMs, {
    last: validators,
  })

/** One version's document (npm answers `GET /<name>/<version>` with packument.versions[version]). */
export const npmVersion = (c: RegistryClient, name: string, version: string) =>
  read(c.fetch, `${trimBase(c.npmBase)}/${npmRegistryPath(name)}/${enc(version)}`, DOCUMENT_CAPS.version, c.timeoutMs)

/** A whole packument: once per package, for its history; or a dependency's, capped small, for its age. */
export const npmPackument = (c: RegistryClient, name: string, maxBytes: number) =>
  read(c.fetch, `${trimBase(c.npmBase)}/${npmRegistryPath(name)}`, maxBytes, c.timeoutMs)

/** PyPI's project document (every release and its files), conditional on the last read's validators. */
export const pypiProject = (c: RegistryClient, name: string, validators: Validators | null) =>
  read(c.fetch, `${trimBase(c.pypiBase)}/pypi/${enc(name)}/json`, DOCUMENT_CAPS.project, c.timeoutMs, { last: validators })

/** One PyPI release's document. */
export const pypiVersion = (c: RegistryClient, name: string, version: string) =>
  read(c.fetch, `${trimBase(c.pypiBase)}/pypi/${enc(name)}/${enc(version)}/json`, DOCUMENT_CAPS.version, c.timeoutMs)
