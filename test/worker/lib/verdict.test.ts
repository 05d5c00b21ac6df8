/**
 * The verdict's grading (worker/lib/verdict): fixture listings defined well and badly on every
 * input, with their grades and reasons exactly; the overall's mean, caps and "not enough known".
 * Tool quality and compatibility have their own tests beside their modules.
 */
import { describe, expect, it } from 'vitest'
import type { DimensionVerdict, Grade } from '@shared/verdict'
import { gradeListing, VERDICT_REV, type VerdictInputs } from '../../../worker/lib/verdict'
import { gradeHealth, gradeInstallReadiness, gradeMaintenance, gradeSecurity, overallOf } from '../../../worker/lib/verdict/grade'

const NOW = new Date('2026-06-01T00:00:00.000Z')

const good: VerdictInputs = {
  listing: {
    version: '1.4.0',
    packages: [
      {
        registryType: 'npm',
        identifier: '@acme/good',
        version: '1.4.0',
        transport: { type: 'stdio' },
        environmentVariables: [{ name: 'API_KEY', isSecret: true, isRequired: true }],
      },
    ],
    remotes: [],
    license: 'MIT',
    stars: 1500,
    githubUrl: 'https://github.com/acme/good',
    upstreamStatus: 'active',
    upstreamStatusMessage: null,
    supplyBand: 'none',
  },
  versions: [
    { version: '1.4.0', status: 'active', publishedAt: '2026-05-01T00:00:00.000Z' },
    { version: '1.3.0', status: 'active', publishedAt: '2026-03-01T00:00:00.000Z' },
    { version: '1.2.0', status: 'active', publishedAt: '2026-01-10T00:00:00.000Z' },
    { version: '1.1.0', status: 'active', publishedAt: '2025-09-01T00:00:00.000Z' },
    { version: '1.0.0', status: 'active', publishedAt: '2025-01-01T00:00:00.000Z' },
  ],
  surface: {
    source: 'package',
    version: '1.4.0',
    risk: 'none',
    tools: [
      { name: 'search', description: 'Searches the documents by words.', inputSchema: { type: 'object' } },
      { name: 'fetch', description: 'Reads one document by its id.', inputSchema: { type: 'object' } },
    ],
    serverCard: false,
    findings: [],
  },
  probes: [
    {
      target: 'npm:@acme/good@1.4.0',
      transport: 'stdio',
      protocolVersion: '2025-06-18',
      status: 'ok',
      startedAt: '2026-05-30T00:00:00.000Z',
    },
  ],
  watched: [{ registry: 'npm', name: '@acme/good', pinned: '1.4.0', installVersion: '1.4.0', pinnedMissing: false }],
}

const bad: VerdictInputs = {
  listing: {
    version: '0.1.0',
    packages: [
      {
        registryType: 'npm',
        identifier: 'bad-mcp',
        transport: { type: 'stdio' },
        environmentVariables: [
          { name: 'TOKEN', isSecret: true, isRequired: true },
          { name: 'REGION', isRequired: true },
        ],
      },
    ],
    remotes: [{ type: 'streamable-http', url: 'https://{tenant}.example.com/mcp' }],
    license: null,
    stars: 3,
    githubUrl: 'https://github.com/someone/bad-mcp',
    upstreamStatus: 'deprecated',
    upstreamStatusMessage: 'Moved to good-mcp.',
    supplyBand: 'medium',
  },
  versions: [{ version: '0.1.0', status: 'deprecated', publishedAt: '2024-03-01T00:00:00.000Z' }],
  surface: {
    source: 'remote',
    version: '0.1.0',
    risk: 'high',
    tools: [{ name: 'add' }],
    serverCard: false,
    findings: [
      { class: 'model-directed', severity: 'high' },
      { class: 'secrets', severity: 'medium' },
      { class: 'invisible', severity: 'low' },
    ],
  },
  probes: [
    {
      target: 'https://{tenant}.example.com/mcp',
      transport: null,
      protocolVersion: null,
      status: 'needs_config',
      startedAt: '2026-05-31T00:00:00.000Z',
    },
    {
      target: 'https://{tenant}.example.com/mcp',
      transport: null,
      protocolVersion: null,
      status: 'needs_config',
      startedAt: '2026-05-30T00:00:00.000Z',
    },
  ],
  watched: [{ registry: 'npm', name: 'bad-mcp', pinned: null, installVersion: null, pinnedMissing: false }],
}

const summary = (d: DimensionVerdict) => ({ grade: d.grade, score: d.score, reasons: d.reasons, missing: d.missing })

describe('security', () => {
  it('a clean scan and a clean band: A, nothing taken off', () => {
    expect(summary(gradeSecurity(good))).toEqual({
      grade: 'A',
      score: 100,
      missing: null,
      reasons: [
        { effect: 'info', text: 'The scan found nothing of concern in the surface read from it (2 tools).' },
        { effect: 'info', text: 'The supply-chain watch found no warning signs in the package versions it installs.' },
      ],
    })
  })

  it('a high risk with two classes of findings and a medium band: E', () => {
    expect(summary(gradeSecurity(bad))).toEqual({
      grade: 'E',
      score: 15,
      missing: null,
      reasons: [
        { effect: 'minus', text: 'The scan rates the surface read from it (1 tool) high risk.', points: -60 },
        { effect: 'minus', text: 'Findings of medium risk or above: instructions aimed at the model, reaching for secrets.', points: -5 },
        { effect: 'minus', text: 'The supply-chain watch rates the package versions it installs medium.', points: -20 },
      ],
    })
  })

  it('nothing scanned and no package read: not enough known', () => {
    const none = { ...good, surface: null, listing: { ...good.listing, supplyBand: null } }
    expect(summary(gradeSecurity(none))).toEqual({
      grade: null,
      score: null,
      reasons: [],
      missing: 'a surface read or declared and scanned, or a package version read by the supply-chain watch',
    })
  })

  it('a band read but no surface: graded, less what was not scanned', () => {
    const unread = { ...good, surface: null }
    expect(summary(gradeSecurity(unread)).reasons[0]).toEqual({
      effect: 'minus',
      text: 'No surface was read or declared, so its tools were not scanned.',
      points: -10,
    })
    expect(gradeSecurity(unread).grade).toBe('A')
  })
})

describe('maintenance', () => {
  it('recent, regular releases, a licence and many stars: A', () => {
    expect(summary(gradeMaintenance(good, NOW))).toEqual({
      grade: 'A',
      score: 100,
      missing: null,
      reasons: [
        { effect: 'plus', text: 'Its latest version, 1.4.0, was published 31 days ago.', points: 20 },
        { effect: 'plus', text: '4 versions published over the last year.', points: 15 },
        { effect: 'plus', text: 'Its repository names a licence, MIT.', points: 5 },
        { effect: 'plus', text: 'Its repository has 1500 stars.', points: 10 },
        { effect: 'info', text: 'Whether the repository is archived is not known to the catalogue, so it does not count.' },
      ],
    })
  })

  it('old, deprecated with its message, no licence: E', () => {
    expect(summary(gradeMaintenance(bad, NOW))).toEqual({
      grade: 'E',
      score: 0,
      missing: null,
      reasons: [
        { effect: 'minus', text: 'Its latest version, 0.1.0, was published 822 days ago.', points: -35 },
        { effect: 'info', text: '0 versions published over the last year.' },
        { effect: 'minus', text: 'The registry marks its latest version deprecated: Moved to good-mcp.', points: -40 },
        { effect: 'minus', text: 'No licence is known for its repository.', points: -5 },
        { effect: 'info', text: 'Its repository has 3 stars.' },
        { effect: 'info', text: 'Whether the repository is archived is not known to the catalogue, so it does not count.' },
      ],
    })
  })

  it('a listing not synced from the registry: not enough known', () => {
    const local = { ...good, versions: [], listing: { ...good.listing, upstreamStatus: null } }
    expect(gradeMaintenance(local, NOW).missing).toBe("the registry's versions of it (it is not synced from the MCP registry)")
  })
})

describe('health', () => {
  it('does not apply to a listing without a remote', () => {
    expect(gradeHealth(good, NOW)).toMatchObject({ grade: null, applies: false })
  })

  it('a remote whose URL needs values was never tried: not enough known', () => {
    expect(summary(gradeHealth(bad, NOW))).toEqual({
      grade: null,
      score: null,
      reasons: [],
      missing: 'a probe of its remote in the last 30 days: its URL needs values the catalogue does not have',
    })
  })

  it('weighs the share of probes that reached it and the latest; credentials asked for is reachable', () => {
    const url = 'https://mcp.example.com/mcp'
    const probe = (status: VerdictInputs['probes'][number]['status'], day: string) => ({
      target: url,
      transport: 'streamable-http',
      protocolVersion: null,
      status,
      startedAt: `2026-05-${day}T00:00:00.000Z`,
    })
    const remote = (probes: VerdictInputs['probes']) => ({ ...good, listing: { ...good.listing, remotes: [{ url }] }, probes })
    expect(
      summary(gradeHealth(remote([probe('timeout', '31'), probe('ok', '30'), probe('auth_required', '29'), probe('ok', '28')]), NOW)),
    ).toEqual({
      grade: 'C',
      score: 60,
      missing: null,
      reasons: [
        { effect: 'plus', text: '3 of 4 probes in the last 30 days reached the server (75%).', points: 60 },
        { effect: 'info', text: 'The latest probe failed: timeout.' },
      ],
    })
    // A probe older than the window does not count.
    expect(gradeHealth(remote([probe('auth_required', '31'), probe('unreachable', '01')]), NOW)).toMatchObject({
      grade: 'A',
      score: 100,
    })
    expect(gradeHealth(remote([]), NOW).missing).toBe('a probe of its remote in the last 30 days')
  })
})

describe('install readiness', () => {
  it('an exact version and one secret: A', () => {
    expect(summary(gradeInstallReadiness(good))).toEqual({
      grade: 'A',
      score: 95,
      missing: null,
      reasons: [
        { effect: 'info', text: 'The npm package @acme/good names an exact version, 1.4.0.' },
        { effect: 'minus', text: 'It needs 1 secret: API_KEY.', points: -5 },
      ],
    })
  })

  it('no version, a templated remote, a secret and a value: C', () => {
    expect(summary(gradeInstallReadiness(bad))).toEqual({
      grade: 'C',
      score: 57,
      missing: null,
      reasons: [
        { effect: 'minus', text: 'The npm package bad-mcp names no exact version: an install takes whatever is newest.', points: -20 },
        { effect: 'minus', text: "Its remote's address needs values filled in first: tenant.", points: -15 },
        { effect: 'minus', text: 'It needs 1 secret: TOKEN.', points: -5 },
        { effect: 'minus', text: 'It needs 1 value set before it runs: REGION.', points: -3 },
      ],
    })
  })

  it('a version the watch chose, and a pinned version the registry does not have', () => {
    const chosen = { ...bad, watched: [{ ...bad.watched[0], installVersion: '0.1.0' }] }
    expect(gradeInstallReadiness(chosen).reasons[0]).toEqual({
      effect: 'minus',
      text: 'The npm package bad-mcp names no exact version; the catalogue installs 0.1.0, the newest the watch read.',
      points: -5,
    })
    const missing = { ...good, watched: [{ ...good.watched[0], pinnedMissing: true }] }
    expect(gradeInstallReadiness(missing).reasons[1]).toEqual({
      effect: 'minus',
      text: 'The npm package @acme/good pins 1.4.0, which its registry does not have.',
      points: -40,
    })
  })

  it('nothing to install: not enough known', () => {
    const none = { ...good, listing: { ...good.listing, packages: [], remotes: [] } }
    expect(gradeInstallReadiness(none).missing).toBe('an install configuration: it names no package and no remote')
  })
})

const dim = (dimension: DimensionVerdict['dimension'], grade: Grade | null, score: number | null, applies = true): DimensionVerdict => ({
  dimension,
  grade,
  score,
  reasons: [],
  missing: grade === null ? `what ${dimension} needs` : null,
  applies,
})

describe('the overall grade', () => {
  it('is the weighted mean of the graded dimensions that apply', () => {
    const overall = overallOf([
      dim('security', 'A', 90),
      dim('toolQuality', 'B', 75),
      dim('compatibility', 'B', 80),
      dim('maintenance', 'A', 95),
      dim('health', null, null, false),
      dim('installReadiness', 'A', 95),
    ])
    expect(overall).toEqual({
      grade: 'A',
      score: 87,
      missing: null,
      reasons: [
        {
          effect: 'info',
          text: 'The weighted mean of 5 graded dimensions (security A ×3, tool quality B ×2, compatibility B ×1, maintenance A ×2, install readiness A ×1) is 87, grade A.',
        },
        { effect: 'info', text: 'Does not apply: health.' },
      ],
    })
  })

  it('is never above security', () => {
    const overall = overallOf([
      dim('security', 'C', 60),
      dim('toolQuality', 'A', 95),
      dim('compatibility', 'A', 95),
      dim('maintenance', 'A', 95),
      dim('health', null, null, false),
      dim('installReadiness', 'A', 95),
    ])
    expect(overall.grade).toBe('C')
    expect(overall.score).toBe(69)
    expect(overall.reasons[1]).toEqual({ effect: 'info', text: "Capped at C: the overall is never above security's grade." })
  })

  it('is at most one grade above the worst graded dimension', () => {
    const overall = overallOf([
      dim('security', 'A', 95),
      dim('toolQuality', 'A', 95),
      dim('compatibility', null, null),
      dim('maintenance', 'E', 20),
      dim('health', null, null, false),
      dim('installReadiness', 'A', 95),
    ])
    expect(overall.grade).toBe('D')
    expect(overall.score).toBe(54)
    expect(overall.reasons.slice(0, 3).map((r) => r.text)).toEqual([
      'The weighted mean of 4 graded dimensions (security A ×3, tool quality A ×2, maintenance E ×2, install readiness A ×1) is 76, grade B.',
      'Capped at D: at most one grade above the worst dimension, maintenance (E).',
      'Not graded: compatibility (needs what compatibility needs).',
    ])
  })

  it('is not given without security, or with fewer than three graded dimensions', () => {
    expect(
      overallOf([dim('security', null, null), dim('toolQuality', 'A', 95), dim('maintenance', 'A', 95), dim('installReadiness', 'A', 95)]),
    ).toMatchObject({
      grade: null,
      score: null,
      missing: 'security: what security needs',
    })
    expect(
      overallOf([dim('security', 'A', 95), dim('toolQuality', null, null), dim('maintenance', 'A', 95), dim('health', null, null, false)]),
    ).toMatchObject({
      grade: null,
      missing: 'at least 3 graded dimensions (2 are); tool quality: what toolQuality needs',
    })
  })
})

describe('gradeListing', () => {
  it('grades every dimension in order, with the method and the time', () => {
    const verdict = gradeListing(good, NOW)
    expect(verdict.method).toBe(VERDICT_REV)
    expect(verdict.computedAt).toBe(NOW.toISOString())
    expect(verdict.dimensions.map((d) => [d.dimension, d.grade])).toEqual([
      ['security', 'A'],
      ['toolQuality', expect.anything()],
      ['compatibility', expect.anything()],
      ['maintenance', 'A'],
      ['health', null],
      ['installReadiness', 'A'],
    ])
    expect(verdict.toolQuality.map((l) => l.tool).sort()).toEqual(['fetch', 'search'])
  })

  it('gives the badly defined listing no better than its security', () => {
    const verdict = gradeListing(bad, NOW)
    expect(verdict.grade).toBe('E')
    expect(
      verdict.reasons.some(
        (r) =>
          r.text ===
          'Not graded: health (needs a probe of its remote in the last 30 days: its URL needs values the catalogue does not have).',
      ),
    ).toBe(true)
  })
})
