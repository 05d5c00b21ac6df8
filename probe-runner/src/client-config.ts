/**
 * The operator's package-client configuration, read once when the runner starts and handed to
 * npm and uv explicitly (docs/probe-runner.md, "The registries"): the registry or index, the CA
 * file, strict-ssl, the proxy, and a token for a private npm registry. The runner's own variables
 * come first (NPM_REGISTRY, NPM_CAFILE, NPM_STRICT_SSL, NPM_TOKEN, the proxy variables,
 * NODE_EXTRA_CA_CERTS; UV_DEFAULT_INDEX or UV_INDEX_URL, SSL_CERT_FILE, UV_NATIVE_TLS), then what
 * the operator's `npm config get` says. None of it reaches a fence: npm and uv run outside it
 * with an environment made of these values alone, their npmrc lives outside every folder a fence
 * binds, and the token is never written to a file (the npmrc names the variable npm reads it from).
 */
import { spawnSync } from 'node:child_process'

export interface ClientConfig {
  npm: {
    registry: string
    /** A CA file for npm (npm's `cafile`: it replaces Node's own roots for the registry). */
    cafile: string | null
    strictSsl: boolean
    proxy: string | null
    httpsProxy: string | null
    noproxy: string | null
    /** A token for `registry` (NPM_TOKEN): sent by npm to the registry only. */
    token: string | null
  }
  /** NODE_EXTRA_CA_CERTS for npm, which runs on Node: roots added to Node's own. */
  extraCaCerts: string | null
  uv: {
    /** The index uv installs from (given to uv as UV_INDEX_URL, which every uv reads); null for PyPI. */
    index: string | null
    /** A CA bundle for uv (SSL_CERT_FILE). */
    caFile: string | null
    /** uv trusts the system's roots (UV_NATIVE_TLS). */
    nativeTls: boolean
  }
}

/** npm's settings the runner asks the operator's npm for when its own variables do not say. */
const NPM_KEYS = ['registry', 'cafile', 'strict-ssl', 'proxy', 'https-proxy', 'noproxy'] as const

/** What the operator's npm says of NPM_KEYS (`npm config get`, global and user npmrc included); {} when npm is not there. */
export function operatorNpmConfig(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const done = spawnSync('npm', ['config', 'get', ...NPM_KEYS], { env, encoding: 'utf8', timeout: 15_000 })
  if (done.status !== 0 || typeof done.stdout !== 'string') return {}
  const found: Record<string, string> = {}
  for (const line of done.stdout.split('\n')) {
    const eq = line.indexOf('=')
    if (eq > 0) found[line.slice(0, eq).trim()] = line.slice(eq + 1).trim()
  }
  return found
}

/** A setting as given, or null for nothing ('', npm's 'null' and 'undefined'). */
function setting(...candidates: (string | undefined)[]): string | null {
  const found = candidates.find((value) => value !== undefined && value.trim() !== '' && value !== 'null' && value !== 'undefined')
  return found?.trim() ?? null
}

/**
 * The configuration from the runner's environment, then the operator's npm's (`npm`: what
 * operatorNpmConfig read), then the defaults (registry.npmjs.org, PyPI, strict TLS).
 */
export function readClientConfig(env: Record<string, string | undefined>, npm: Record<string, string> = {}): ClientConfig {
  return {
    npm: {
      registry: setting(env.NPM_REGISTRY, npm.registry) ?? 'https://registry.npmjs.org/',
      cafile: setting(env.NPM_CAFILE, npm.cafile),
      strictSsl: setting(env.NPM_STRICT_SSL, npm['strict-ssl']) !== 'false',
      proxy: setting(env.NPM_PROXY, npm.proxy, env.HTTP_PROXY, env.http_proxy),
      httpsProxy: setting(env.NPM_HTTPS_PROXY, npm['https-proxy'], env.HTTPS_PROXY, env.https_proxy),
      noproxy: setting(env.NPM_NOPROXY, npm.noproxy, env.NO_PROXY, env.no_proxy),
      token: setting(env.NPM_TOKEN),
    },
    extraCaCerts: setting(env.NODE_EXTRA_CA_CERTS),
    uv: {
      index: setting(env.UV_DEFAULT_INDEX, env.UV_INDEX_URL),
      caFile: setting(env.SSL_CERT_FILE),
      nativeTls: ['1', 'true'].includes(setting(env.UV_NATIVE_TLS)?.toLowerCase() ?? ''),
    },
  }
}

/** The variable npm reads the token from: the npmrc names it, so no file holds the token. */
const TOKEN_VARIABLE = 'PROBE_RUNNER_NPM_TOKEN'

/** A value as one npmrc line takes it: nothing that could start another line. */
const line = (key: string, value: string | null) => (value === null || /[\r\n]/.test(value) ? [] : [`${key}=${value}`])

/**
 * The npmrc a fetch uses (its only configuration: npm is also given an empty global one). npm
 * retries once, quickly: a registry that fails fails in seconds, not minutes.
 */
export function npmrc(config: ClientConfig): string {
  const { npm } = config
  // The registry's "nerf dart" (//host:port/path/): npm sends the token to that registry only.
  const scope = npm.registry.replace(/^https?:/, '').replace(/\/?$/, '/')
  return [
    ...line('registry', npm.registry),
    ...line('cafile', npm.cafile),
    `strict-ssl=${npm.strictSsl}`,
    ...line('proxy', npm.proxy),
    ...line('https-proxy', npm.httpsProxy),
    ...line('noproxy', npm.noproxy),
    'fetch-retries=1',
    'fetch-retry-mintimeout=1000',
    'fetch-retry-maxtimeout=4000',
    'fetch-timeout=60000',
    ...(npm.token ? [`${scope}:_authToken=\${${TOKEN_VARIABLE}}`] : []),
    '',
  ].join('\n')
}

/** The environment of npm: its PATH, a HOME of the run, the extra CA file, the token npmrc names. */
export function npmEnvironment(config: ClientConfig, base: { PATH: string; HOME: string }): Record<string, string> {
  return {
    ...base,
    ...(config.extraCaCerts ? { NODE_EXTRA_CA_CERTS: config.extraCaCerts } : {}),
    ...(config.npm.token ? { [TOKEN_VARIABLE]: config.npm.token } : {}),
  }
}

/** The environment of uv: its index, its CA, the proxy, and short timeouts. */
export function uvEnvironment(config: ClientConfig, base: { PATH: string; HOME: string }): Record<string, string> {
  const { uv, npm } = config
  const proxy = {
    ...(npm.httpsProxy ? { HTTPS_PROXY: npm.httpsProxy } : {}),
    ...(npm.proxy ? { HTTP_PROXY: npm.proxy } : {}),
    ...(npm.noproxy ? { NO_PROXY: npm.noproxy } : {}),
  }
  return {
    ...base,
    ...proxy,
    ...(uv.index ? { UV_INDEX_URL: uv.index } : {}),
    ...(uv.caFile ? { SSL_CERT_FILE: uv.caFile } : {}),
    ...(uv.nativeTls ? { UV_NATIVE_TLS: 'true' } : {}),
    UV_HTTP_TIMEOUT: '30',
    UV_NO_PROGRESS: '1',
  }
}
