/**
 * Which remote a listing is probed at, and when an admin's 'probe now' is refused
 * (worker/services/probing/enrolment.ts), in Node.
 */
import { describe, expect, it } from 'vitest'
import { probedRemote, probeNowRefusal, probingBy } from '../../../worker/services/probing/enrolment'

describe('probedRemote', () => {
  it('prefers the first Streamable HTTP remote, else takes the first usable one', () => {
    expect(
      probedRemote([
        { type: 'sse', url: 'https://a.example/sse' },
        { type: 'streamable-http', url: 'https://b.example/mcp' },
        { type: 'streamable-http', url: 'https://c.example/mcp' },
      ]),
    ).toMatchObject({ type: 'streamable-http', url: 'https://b.example/mcp' })
    expect(probedRemote([{ type: 'sse', url: 'https://a.example/sse' }])).toMatchObject({ type: 'sse', url: 'https://a.example/sse' })
  })

  it('has none for a listing without an http(s) remote', () => {
    expect(probedRemote([])).toBeNull()
    expect(probedRemote([{ url: 'ftp://files.example' }, 42, null])).toBeNull()
  })
})

describe('probeNowRefusal', () => {
  const remote = [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }]

  it('lets a listed server with a remote be probed while probing is on', () => {
    expect(probeNowRefusal({ status: 'active', remotes: remote }, true)).toBeNull()
  })

  it('refuses, in this order: probing off, a listing not listed, no usable remote', () => {
    expect(probeNowRefusal({ status: 'deleted', remotes: [] }, false)).toMatch(/PROBE_ENABLED/)
    expect(probeNowRefusal({ status: 'deleted', remotes: remote }, true)).toBe('Only a listed server is probed.')
    expect(probeNowRefusal({ status: 'active', remotes: ['not a url'] }, true)).toBe('This server has no remote to probe.')
  })
})

describe('probingBy', () => {
  const remote = [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }]
  const npm = [{ registryType: 'npm', identifier: 'mcp-x', version: '1.0.0' }]

  it('is the Worker for a usable remote, a probe runner for packages only, while probing is on', () => {
    expect(probingBy({ enabled: true, remotes: remote, packages: npm })).toBe('remote')
    expect(probingBy({ enabled: true, remotes: [], packages: npm })).toBe('runner')
    expect(probingBy({ enabled: true, remotes: ['not a url'], packages: npm })).toBe('runner')
  })

  it('is nobody while probing is off, or for a listing with neither', () => {
    expect(probingBy({ enabled: false, remotes: remote, packages: npm })).toBe('off')
    expect(probingBy({ enabled: true, remotes: [], packages: [] })).toBe('none')
    expect(probingBy({ enabled: true, remotes: [], packages: [{ registryType: 'nuget', identifier: 'Mcp.X', version: '1.0.0' }] })).toBe(
      'none',
    )
  })
})
