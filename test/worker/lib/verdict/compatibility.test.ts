import { describe, expect, it } from 'vitest'
import { CLIENTS } from '@shared/install'
import type { ProtocolGenerations } from '@shared/surface'
import { type CompatibilityInput, type CompatibilityProbe, gradeCompatibility } from '../../../../worker/lib/verdict/compatibility'

const URL = 'https://mcp.example.com/mcp'
const PACKAGE = 'npm:@example/weather@1.2.0'

const remote = (generations: ProtocolGenerations, overrides: Partial<CompatibilityProbe> = {}): CompatibilityProbe => ({
  target: URL,
  kind: 'remote',
  transport: generations.stateless || generations.initialize ? 'streamable-http' : generations.sse ? 'sse' : null,
  protocolVersion: generations.stateless ? '2026-07-28' : generations.initialize || generations.sse ? '2025-11-25' : null,
  status: 'ok',
  generations,
  ...overrides,
})

const pkg = (generations: ProtocolGenerations, overrides: Partial<CompatibilityProbe> = {}): CompatibilityProbe => ({
  target: PACKAGE,
  kind: 'package',
  transport: 'stdio',
  protocolVersion: generations.stateless ? '2026-07-28' : '2025-06-18',
  status: 'ok',
  generations,
  ...overrides,
})

/** A listing with one Streamable HTTP remote (or as `declared` says), probed as `probes`. */
const input = (
  probes: CompatibilityProbe[],
  serverCard = false,
  declared?: Partial<CompatibilityInput['declared']>,
): CompatibilityInput => ({
  probes,
  serverCard,
  declared: { packageKinds: [], remotes: [{ url: URL, transport: 'streamable-http' }], ...declared },
})

/** The reason for a remote at URL without a card: the three places the probe looked, in its order. */
const NO_CARD = {
  effect: 'info',
  text: 'Publishes no Server Card: none at /mcp/server-card, /.well-known/mcp/server-card.json or /.well-known/mcp.json.',
}

/** "Works with" as client -> works. */
const works = (result: ReturnType<typeof gradeCompatibility>) => Object.fromEntries(result.facts!.worksWith.map((c) => [c.client, c.works]))
const everyClient = (value: string) => Object.fromEntries(CLIENTS.map((c) => [c.id, value]))

describe('gradeCompatibility on a remote', () => {
  it('both generations over Streamable HTTP with a Server Card rank top: A, 100, every client natively but Claude Desktop through the bridge', () => {
    const result = gradeCompatibility(input([remote({ stateless: true, initialize: true })], true))
    expect(result.dimension).toEqual({
      dimension: 'compatibility',
      grade: 'A',
      score: 100,
      reasons: [
        { effect: 'plus', text: 'Answers `initialize` over Streamable HTTP, the handshake every client speaks.', points: 55 },
        { effect: 'plus', text: 'Answers the 2026-07-28 stateless exchange (`server/discover`) over Streamable HTTP.', points: 25 },
        { effect: 'plus', text: 'Publishes a Server Card, so a client can learn how to connect before it does.', points: 20 },
      ],
      missing: null,
      applies: true,
    })
    expect(result.facts).toMatchObject({
      generations: { stateless: true, initialize: true, sse: null },
      transports: ['streamable-http'],
      protocolVersions: ['2026-07-28'],
      serverCard: true,
    })
    expect(works(result)).toEqual({ ...everyClient('yes'), 'claude-desktop': 'bridge' })
    expect(result.facts!.worksWith.find((c) => c.client === 'claude-desktop')).toEqual({
      client: 'claude-desktop',
      label: 'Claude Desktop',
      works: 'bridge',
      why: 'Claude Desktop reaches the remote through the mcp-remote bridge its configuration starts (needs Node.js); the bridge speaks `initialize`, which the remote answers.',
    })
    expect(result.facts!.worksWith.find((c) => c.client === 'cursor')?.why).toBe(
      'Cursor speaks Streamable HTTP natively, and `initialize`, which the remote answers.',
    )
  })

  it('without a card, the same server is a B (80), and the missing card is said', () => {
    const { dimension } = gradeCompatibility(input([remote({ stateless: true, initialize: true })]))
    expect([dimension.grade, dimension.score]).toEqual(['B', 80])
    expect(dimension.reasons.at(-1)).toEqual(NO_CARD)
    // Where it looked first is the endpoint's own /server-card, its path only.
    const nested = gradeCompatibility(
      input([remote({ stateless: true, initialize: true }, { target: 'https://mcp.example.com/v1/mcp?key=x' })], false, {
        remotes: [{ url: 'https://mcp.example.com/v1/mcp?key=x', transport: 'streamable-http' }],
      }),
    )
    expect(nested.dimension.reasons.at(-1)?.text).toBe(
      'Publishes no Server Card: none at /v1/mcp/server-card, /.well-known/mcp/server-card.json or /.well-known/mcp.json.',
    )
  })

  it('initialize only (the discover probe fell back) is a B with a card (75) and a C without (55), saying what it lacks', () => {
    const withCard = gradeCompatibility(input([remote({ stateless: false, initialize: true })], true)).dimension
    expect([withCard.grade, withCard.score]).toEqual(['B', 75])
    const bare = gradeCompatibility(input([remote({ stateless: false, initialize: true })]))
    expect([bare.dimension.grade, bare.dimension.score]).toEqual(['C', 55])
    expect(bare.dimension.reasons).toEqual([
      { effect: 'plus', text: 'Answers `initialize` over Streamable HTTP, the handshake every client speaks.', points: 55 },
      { effect: 'info', text: 'Does not answer the 2026-07-28 stateless exchange: clients that drop `initialize` will not reach it.' },
      NO_CARD,
    ])
    expect(works(bare)).toEqual({ ...everyClient('yes'), 'claude-desktop': 'bridge' })
  })

  it('only the stateless exchange is an E (25) without a card: no client documents speaking it, so every one is unknown', () => {
    const result = gradeCompatibility(input([remote({ stateless: true, initialize: false })]))
    expect([result.dimension.grade, result.dimension.score]).toEqual(['E', 25])
    expect(result.dimension.reasons).toEqual([
      { effect: 'plus', text: 'Answers the 2026-07-28 stateless exchange (`server/discover`) over Streamable HTTP.', points: 25 },
      { effect: 'info', text: 'Does not answer `initialize`: the clients in use today open with that handshake.' },
      NO_CARD,
    ])
    expect(works(result)).toEqual(everyClient('unknown'))
    expect(result.facts!.worksWith[0].why).toBe(
      "The remote over Streamable HTTP answers only the 2026-07-28 stateless exchange, and Claude Desktop's documentation does not say whether it speaks it.",
    )
  })

  it('only the old SSE transport ranks low: E (30); clients without SSE go through the bridge', () => {
    const result = gradeCompatibility(input([remote({ sse: true })], false, { remotes: [{ url: URL, transport: 'sse' }] }))
    expect(result.dimension).toMatchObject({ grade: 'E', score: 30 })
    expect(result.dimension.reasons).toEqual([
      { effect: 'plus', text: 'Answers only over the old HTTP+SSE transport, deprecated since the 2025-03-26 revision.', points: 30 },
      NO_CARD,
    ])
    expect(result.facts).toMatchObject({ generations: { stateless: null, initialize: null, sse: true }, transports: ['sse'] })
    expect(works(result)).toEqual({ ...everyClient('yes'), 'claude-desktop': 'bridge', codex: 'bridge', zed: 'bridge' })
  })

  it('listed as Streamable HTTP but answering only over SSE: the written configurations name HTTP, so only the bridge is known to work', () => {
    const result = gradeCompatibility(input([remote({ stateless: false, initialize: false, sse: true })]))
    expect(result.dimension).toMatchObject({ grade: 'E', score: 30 })
    expect(result.dimension.reasons[1]).toEqual({
      effect: 'info',
      text: 'Listed as Streamable HTTP, but refused it: only the old SSE transport answered.',
    })
    expect(result.facts!.generations).toEqual({ stateless: false, initialize: false, sse: true })
    expect(works(result)).toEqual({ ...everyClient('unknown'), 'claude-desktop': 'bridge' })
  })

  it('a probe stored before generations were recorded is read from its transport and version', () => {
    const old = gradeCompatibility(input([remote({}, { transport: 'streamable-http', protocolVersion: '2025-06-18' })]))
    expect([old.dimension.grade, old.dimension.score]).toEqual(['C', 55])
    expect(old.facts!.generations).toEqual({ stateless: null, initialize: true, sse: null })
    const modern = gradeCompatibility(input([remote({}, { transport: 'streamable-http', protocolVersion: '2026-07-28' })]))
    expect(modern.facts!.generations).toEqual({ stateless: true, initialize: null, sse: null })
  })
})

describe('gradeCompatibility on a package', () => {
  it('both generations over stdio are an A (100) without any card; initialize only a B (70); every client starts it', () => {
    const both = gradeCompatibility(input([pkg({ stateless: true, initialize: true })], false, { packageKinds: ['npm'], remotes: [] }))
    expect(both.dimension).toMatchObject({ grade: 'A', score: 100 })
    expect(both.dimension.reasons).toEqual([
      { effect: 'plus', text: 'Answers `initialize` over stdio, the handshake every client speaks.', points: 70 },
      { effect: 'plus', text: 'Answers the 2026-07-28 stateless exchange (`server/discover`) over stdio.', points: 30 },
    ])
    expect(both.facts).toMatchObject({ transports: ['stdio'], serverCard: false })
    expect(works(both)).toEqual(everyClient('yes'))
    const legacy = gradeCompatibility(input([pkg({ stateless: false, initialize: true })], false, { packageKinds: ['npm'], remotes: [] }))
    expect(legacy.dimension).toMatchObject({ grade: 'B', score: 70 })
  })
})

describe('gradeCompatibility across ways in, and with nothing read', () => {
  it('grades the best way in and names the others', () => {
    const result = gradeCompatibility(
      input([remote({ stateless: false, initialize: true }), pkg({ stateless: true, initialize: true })], false, { packageKinds: ['npm'] }),
    )
    expect(result.dimension).toMatchObject({ grade: 'A', score: 100 })
    expect(result.dimension.reasons[0]).toEqual({ effect: 'info', text: `Graded on its best way in: the package ${PACKAGE}.` })
    expect(result.dimension.reasons.at(-1)).toEqual({ effect: 'info', text: `Also the remote ${URL}, which scores 55 on its own.` })
    expect(result.facts).toMatchObject({
      generations: { stateless: true, initialize: true, sse: null },
      transports: ['streamable-http', 'stdio'],
      protocolVersions: ['2026-07-28', '2025-11-25'],
    })
  })

  it('nothing probed: no grade and no facts, and missing says what is needed', () => {
    const result = gradeCompatibility(input([]))
    expect(result).toEqual({
      facts: null,
      dimension: {
        dimension: 'compatibility',
        grade: null,
        score: null,
        reasons: [],
        missing: 'no probe has read the server yet',
        applies: true,
      },
    })
  })

  it('probes that never reached the server tell nothing: no grade, each failure said', () => {
    const result = gradeCompatibility(input([remote({}, { status: 'auth_required', transport: null, protocolVersion: null })]))
    expect(result.facts).toBeNull()
    expect(result.dimension).toMatchObject({ grade: null, missing: 'no probe has read the server yet' })
    expect(result.dimension.reasons).toEqual([
      { effect: 'info', text: `The latest probe of ${URL} ended auth required: it tells nothing of how the server speaks.` },
    ])
  })

  it('a listing that declares nothing to install has no compatibility to grade', () => {
    expect(gradeCompatibility(input([], false, { remotes: [] })).dimension).toMatchObject({ grade: null, missing: null, applies: false })
  })
})
