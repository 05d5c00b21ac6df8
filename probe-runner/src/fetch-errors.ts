/**
 * Why a package client could not fetch a package, in one line a maintainer can act on, and its
 * FailureCause: npm's error code and its message (never the "A complete log of this run can be
 * found in" line, which names a file npm rotates away), uv's resolver verdict or the cause of its
 * request error, docker's answer from the daemon. Whatever the tools print is read as text only.
 */
import type { FailureCause } from '@mcp-catalogue/mcp-client/surface'

/** A fetch's failure: the cause, null when the tool's code says none of the known ones, and one line. */
export interface FetchFailure {
  cause: FailureCause | null
  message: string
}

/** One line of a tool's output as a short sentence: control characters out, capped. */
const oneLine = (text: string) =>
  text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 240)

const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|certificate|x509|UnknownIssuer/i
const NETWORK_CODES =
  /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EPIPE|ESOCKETTIMEDOUT|ERR_SOCKET_TIMEOUT|EPROXY|ECONNABORTED)$/
const AUTH_CODES = /^(E401|E403|ENEEDAUTH|EAUTHUNKNOWN|EAUTHIP|EOTP)$/

/** The package a spec or a registry path names: '@scope/name@^1.0.0' -> '@scope/name', '/@scope%2fname' -> '@scope/name'. */
function packageOf(spec: string): string {
  const decoded = decodeURIComponent(spec.replace(/^\//, ''))
  const at = decoded.indexOf('@', 1)
  return at > 0 ? decoded.slice(0, at) : decoded
}

/**
 * npm's failure: its `code` line and the first line of its message, its label ('404', 'notarget',
 * 'network') and the stack of a FetchError left out. A 404 or a missing version of a package other
 * than `name` is a dependency's.
 * @example npmFailure('npm error code E404\nnpm error 404 Not Found - GET https://r/x', 'x') // { cause: 'package_not_found', ... }
 */
export function npmFailure(stderr: string, name: string): FetchFailure {
  const lines = stderr
    .split(/\r?\n/)
    .filter((line) => /^npm (error|ERR!)/.test(line))
    .map((line) => line.replace(/^npm (error|ERR!)\s?/, ''))
  const code = lines.map((line) => /^code (\S+)/.exec(line)?.[1]).find(Boolean) ?? null
  const said = lines
    .map((line) => line.replace(/^(\d{3}|notarget|network)\s+/, '').trim())
    .find(
      (line) =>
        line.length > 0 &&
        !/^(code|errno|syscall)\s/.test(line) &&
        !/^\d{3}$/.test(line) &&
        !/^at\s/.test(line) &&
        !/^A complete log of this run/.test(line),
    )
  const message = oneLine(`${code ?? 'npm failed'}: ${said ?? 'no message'}`.replace(/^(\w+): \1\b:?\s*/, '$1: '))
  if (!code) return { cause: null, message }
  if (code === 'E404') {
    const missing = /'([^'\s]+@[^'\s]*)' (?:is not in this registry|could not be found)/.exec(stderr)?.[1]
    const path = /404 Not Found - GET \S+?(\/(?:@[^/\s]+(?:\/|%2f))?[^/\s]+)\s*(?:-|$)/im.exec(stderr)?.[1]
    const what = missing ? packageOf(missing) : path && !path.startsWith('/-/') ? packageOf(path) : name
    return { cause: what === name ? 'package_not_found' : 'dependency_not_found', message }
  }
  if (code === 'ETARGET') {
    const wanted = /No matching version found for (\S+?)\.?(?:\s|$)/.exec(stderr)?.[1]
    return { cause: !wanted || packageOf(wanted) === name ? 'version_not_found' : 'dependency_not_found', message }
  }
  if (AUTH_CODES.test(code)) return { cause: 'registry_auth', message }
  if (CERTIFICATE.test(code)) return { cause: 'certificate', message }
  if (NETWORK_CODES.test(code)) return { cause: 'network', message }
  return { cause: null, message }
}

/**
 * uv's failure: the resolver's verdict ('Because x was not found in the package registry...'),
 * else its `error:` line and the last `Caused by:` under it. A package with no wheel (its source
 * distribution is never built) is `no_wheel`.
 */
export function uvFailure(stderr: string, name: string): FetchFailure {
  const lines = stderr.split(/\r?\n/).map((line) => line.replace(/^[\s×╰─▶│├]+/u, '').trim())
  const verdict = lines.find((line) => /^Because\b/.test(line))
  const error = lines.find((line) => /^error:/i.test(line))
  const causedBy = lines.findLast((line) => /^Caused by:/i.test(line))
  const message = oneLine(verdict ?? ([error, causedBy].filter(Boolean).join(' ') || lines.findLast(Boolean) || 'uv failed'))
  const text = stderr.toLowerCase()
  const own = name.toLowerCase()
  if (/no usable wheels|no wheels (are|with)|building from source is disabled|source distribution/.test(text))
    return { cause: 'no_wheel', message }
  if (/\b(401|403)\b|unauthorized|forbidden|authentication/.test(text)) return { cause: 'registry_auth', message }
  if (CERTIFICATE.test(stderr)) return { cause: 'certificate', message }
  if (verdict) {
    if (/depends on/.test(text)) return { cause: 'dependency_not_found', message }
    if (text.includes(`${own} was not found`)) return { cause: 'package_not_found', message }
    if (/no version of|only .* (is|are) available/.test(text)) return { cause: 'version_not_found', message }
    return { cause: 'dependency_not_found', message }
  }
  if (/failed to fetch|error sending request|dns error|connect|timed out|connection/.test(text)) return { cause: 'network', message }
  return { cause: null, message }
}

/** docker's failure: the daemon's answer, as the cause it says. */
export function dockerFailure(stderr: string): FetchFailure {
  const line = stderr.split(/\r?\n/).find((text) => text.trim().length > 0) ?? 'docker failed'
  const message = oneLine(line)
  const text = stderr.toLowerCase()
  if (/cannot connect to the docker daemon|is the docker daemon running/.test(text)) return { cause: 'client_missing', message }
  if (CERTIFICATE.test(stderr)) return { cause: 'certificate', message }
  if (/manifest unknown|manifest for .* not found/.test(text)) return { cause: 'version_not_found', message }
  if (/pull access denied|repository does not exist|not found/.test(text)) return { cause: 'package_not_found', message }
  if (/unauthorized|denied|authentication required/.test(text)) return { cause: 'registry_auth', message }
  if (/dial tcp|no such host|i\/o timeout|tls handshake timeout|connection refused|network/.test(text)) return { cause: 'network', message }
  return { cause: null, message }
}
