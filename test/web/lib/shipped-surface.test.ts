/**
 * The Tools tab's status line for a surface shipped with the catalogue's data: who read it, in
 * which fence and on which day, and that it came with the data rather than from this catalogue's runner.
 */
import { describe, expect, it } from 'vitest'
import type { ServerToolsResponse } from '@shared/surface'
import { shippedSentence } from '../../../web/src/lib/shipped-surface'
import { statusSentences } from '../../../web/src/lib/surface-view'

const surface: NonNullable<ServerToolsResponse['surface']> = {
  source: 'package',
  version: '0.0.1-seed',
  hash: 'h',
  protocolVersion: '2025-06-18',
  transport: 'stdio',
  readAt: '2026-11-28T18:40:00.000Z',
  surface: { serverInfo: null, capabilities: {}, instructions: null, tools: [], prompts: [], resources: [], resourceTemplates: [] },
  risk: 'none',
  findings: [],
  toolHashes: {},
  shipped: { runnerVersion: '0.1.0', fence: 'bwrap' },
  listErrors: {},
}

const data: ServerToolsResponse = {
  summary: {
    status: 'ok',
    toolCount: 0,
    promptCount: 0,
    resourceCount: 0,
    readAt: surface.readAt,
    version: '0.0.1-seed',
    surfaceHash: 'h',
  },
  surface,
  probing: 'runner',
  lastProbe: null,
  recent: [],
  health: [],
  declared: null,
  comparison: null,
}

describe('shippedSentence', () => {
  it('names the runner, its fence and the day it read the surface', () => {
    expect(shippedSentence({ runnerVersion: '0.1.0', fence: 'bwrap' }, '2026-11-28T18:40:00.000Z')).toBe(
      "Read by the probe runner 0.1.0 in bubblewrap on 2026-11-28, shipped with the catalogue's data",
    )
    expect(shippedSentence({ runnerVersion: '0.2.0', fence: 'unshare' }, '2026-12-01T00:00:00Z')).toBe(
      "Read by the probe runner 0.2.0 in a network namespace on 2026-12-01, shipped with the catalogue's data",
    )
  })

  it('is the status line of a shipped surface, and a surface read here keeps its own', () => {
    expect(statusSentences(data, Date.parse('2026-11-29T12:00:00Z'))[0].text).toBe(
      "Read by the probe runner 0.1.0 in bubblewrap on 2026-11-28, shipped with the catalogue's data",
    )
    const live = { ...data, surface: { ...surface, shipped: null } }
    expect(statusSentences(live, Date.parse('2026-11-29T12:00:00Z'))[0].text).toMatch(
      /^Read from the package 0.0.1-seed \(run by the catalogue/,
    )
  })
})
