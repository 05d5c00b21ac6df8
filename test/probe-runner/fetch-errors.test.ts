/**
 * Reading why npm, uv or docker could not fetch a package (probe-runner/src/fetch-errors.ts):
 * their own output, as they print it, into a cause and one line without the log's path.
 */
import { describe, expect, it } from 'vitest'
import { dockerFailure, npmFailure, uvFailure } from '../../probe-runner/src/fetch-errors'

const npm = (...lines: string[]) =>
  [
    ...lines.map((line) => `npm error ${line}`),
    'npm error A complete log of this run can be found in: /root/.npm/_logs/x-debug-0.log',
  ].join('\n')

describe('npmFailure', () => {
  it('tells the package, its version and a dependency apart', () => {
    const own404 = npm(
      'code E404',
      '404 Not Found - GET https://registry.npmjs.org/@acme%2fmcp - Not found',
      '404',
      "404  The requested resource '@acme/mcp@1.0.0' could not be found or you do not have permission to access it.",
    )
    expect(npmFailure(own404, '@acme/mcp')).toEqual({
      cause: 'package_not_found',
      message: 'E404: Not Found - GET https://registry.npmjs.org/@acme%2fmcp - Not found',
    })
    const dep404 = npm(
      'code E404',
      '404 Not Found - GET https://r.example/left-pad - Not found',
      '404',
      "404  'left-pad@^9.0.0' is not in this registry.",
    )
    expect(npmFailure(dep404, '@acme/mcp').cause).toBe('dependency_not_found')
    const version = npm(
      'code ETARGET',
      'notarget No matching version found for @acme/mcp@2.0.0.',
      'notarget In most cases you or one of your dependencies are requesting',
    )
    expect(npmFailure(version, '@acme/mcp')).toEqual({
      cause: 'version_not_found',
      message: 'ETARGET: No matching version found for @acme/mcp@2.0.0.',
    })
    const depVersion = npm('code ETARGET', 'notarget No matching version found for zod@^9.1.0.')
    expect(npmFailure(depVersion, '@acme/mcp').cause).toBe('dependency_not_found')
  })

  it('tells certificates, the network and the registry’s refusal apart, with npm’s own words', () => {
    const cert = npm(
      'code SELF_SIGNED_CERT_IN_CHAIN',
      'errno SELF_SIGNED_CERT_IN_CHAIN',
      'request to https://registry.npmjs.org/x failed, reason: self-signed certificate in certificate chain',
    )
    expect(npmFailure(cert, 'x')).toEqual({
      cause: 'certificate',
      message:
        'SELF_SIGNED_CERT_IN_CHAIN: request to https://registry.npmjs.org/x failed, reason: self-signed certificate in certificate chain',
    })
    expect(npmFailure(npm('code UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'request to https://r/x failed'), 'x').cause).toBe('certificate')
    const refused = npm(
      'code ECONNREFUSED',
      'syscall connect',
      'errno ECONNREFUSED',
      'FetchError: request to http://127.0.0.1:9/x failed, reason: connect ECONNREFUSED 127.0.0.1:9',
      '    at ClientRequest.<anonymous> (/usr/lib/node_modules/npm/node_modules/minipass-fetch/lib/index.js:130:14)',
    )
    expect(npmFailure(refused, 'x')).toEqual({
      cause: 'network',
      message: 'ECONNREFUSED: FetchError: request to http://127.0.0.1:9/x failed, reason: connect ECONNREFUSED 127.0.0.1:9',
    })
    const dns = npm(
      'code ENOTFOUND',
      'syscall getaddrinfo',
      'network request to http://nowhere.invalid/x failed, reason: getaddrinfo ENOTFOUND nowhere.invalid',
    )
    expect(npmFailure(dns, 'x').cause).toBe('network')
    expect(npmFailure(npm('code E401', 'Unable to authenticate, need: Bearer'), 'x')).toEqual({
      cause: 'registry_auth',
      message: 'E401: Unable to authenticate, need: Bearer',
    })
    expect(npmFailure(npm('code E403', '403 Forbidden - GET https://r/x'), 'x').cause).toBe('registry_auth')
  })

  it('never gives the log’s path as the message, and names no cause it cannot read', () => {
    const odd = npm('code ENOSPC', 'syscall write', 'nospc Invalid response body while trying to fetch: no space left on device')
    expect(npmFailure(odd, 'x')).toEqual({
      cause: null,
      message: 'ENOSPC: nospc Invalid response body while trying to fetch: no space left on device',
    })
    expect(npmFailure(npm(), 'x').message).toBe('npm failed: no message')
  })
})

describe('uvFailure', () => {
  const resolver = (because: string) => `  × No solution found when resolving dependencies:\n  ╰─▶ ${because}\n`
  it('reads the resolver’s verdict: no wheel, no package, no version, a dependency', () => {
    const noWheel = resolver(
      'Because acme-mcp==1.0.0 has no usable wheels and building from source is disabled and you require acme-mcp==1.0.0, we can conclude that your requirements are unsatisfiable.',
    )
    expect(uvFailure(noWheel, 'acme-mcp')).toEqual({
      cause: 'no_wheel',
      message:
        'Because acme-mcp==1.0.0 has no usable wheels and building from source is disabled and you require acme-mcp==1.0.0, we can conclude that your requirements are unsatisfiable.',
    })
    const missing = resolver(
      'Because acme-mcp was not found in the package registry and you require acme-mcp==1.0.0, we can conclude that your requirements are unsatisfiable.',
    )
    expect(uvFailure(missing, 'acme-mcp').cause).toBe('package_not_found')
    const version = resolver(
      'Because there is no version of acme-mcp==9.0.0 and you require acme-mcp==9.0.0, we can conclude that your requirements are unsatisfiable.',
    )
    expect(uvFailure(version, 'acme-mcp').cause).toBe('version_not_found')
    const dependency = resolver(
      'Because there is no version of httpx>=9 and acme-mcp==1.0.0 depends on httpx>=9, we can conclude that acme-mcp==1.0.0 cannot be used.',
    )
    expect(uvFailure(dependency, 'acme-mcp').cause).toBe('dependency_not_found')
  })

  it('reads a failed request: its certificate, or the network', () => {
    const cert =
      'error: Request failed after 3 retries\n  Caused by: error sending request for url (https://pypi.org/simple/x/)\n  Caused by: invalid peer certificate: UnknownIssuer\n'
    expect(uvFailure(cert, 'x')).toEqual({
      cause: 'certificate',
      message: 'error: Request failed after 3 retries Caused by: invalid peer certificate: UnknownIssuer',
    })
    const dns = 'error: Failed to fetch: `https://pypi.org/simple/x/`\n  Caused by: dns error: failed to lookup address information\n'
    expect(uvFailure(dns, 'x').cause).toBe('network')
  })
})

describe('dockerFailure', () => {
  it('reads the daemon’s answer', () => {
    expect(dockerFailure('Error response from daemon: manifest for acme/mcp:9.9 not found: manifest unknown').cause).toBe(
      'version_not_found',
    )
    expect(
      dockerFailure(
        "Error response from daemon: pull access denied for acme/nothing, repository does not exist or may require 'docker login'",
      ).cause,
    ).toBe('package_not_found')
    expect(
      dockerFailure(
        'Error response from daemon: Get "https://r/v2/": tls: failed to verify certificate: x509: certificate signed by unknown authority',
      ).cause,
    ).toBe('certificate')
    expect(dockerFailure('Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?').cause).toBe(
      'client_missing',
    )
    expect(dockerFailure('Error response from daemon: Get "https://r/v2/": dial tcp: lookup r: no such host').cause).toBe('network')
  })
})
