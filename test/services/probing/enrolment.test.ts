/**
 * Which remote a listing is probed at, and when an admin's 'probe now' is refused
 * (worker/services/probing/enrolment.ts), in Node.
 */
import { describe, expect, it } from 'vitest'
import { probedRemote, probeNowRefusal } from '../../../worker/services/probing/enrolment'

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
