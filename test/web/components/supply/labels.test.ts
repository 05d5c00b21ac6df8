import { describe, expect, it } from 'vitest'
import { BAND_FLOORS, bandOf, type ServerSupplyChain, SUPPLY_BANDS, type SupplySignal } from '@shared/supply'
import {
  BAND_SCORES,
  bandAndScore,
  heldBackNote,
  lastReadLine,
  notCheckedText,
  noticeLine,
  optionInstalls,
  registryPage,
  SUPPLY_BANDS_EXPLAINED,
  sortSignals,
  supplyEmptyLines,
  supplyHref,
  supplyLabel,
  unwatchedLine,
  versionAnchor,
  versionHref,
} from '../../../../web/src/components/supply/labels'

const signal = (rule: string, weight: number): SupplySignal => ({ rule, weight, reason: `${rule} fired`, evidence: '' })

describe('band words', () => {
  it('names each band for the badge, and a version by band and score', () => {
    expect(SUPPLY_BANDS.map(supplyLabel)).toEqual([
      'Supply chain: No signals',
      'Supply chain: Low',
      'Supply chain: Medium',
      'Supply chain: High',
    ])
    expect(bandAndScore('high', 11)).toBe('High (11)')
    expect(bandAndScore('low', 2)).toBe('Low (2)')
    expect(bandAndScore('none', 0)).toBe('No signals')
  })

  it("says each band's scores from the shared floors, so the words and bandOf agree", () => {
    expect(BAND_SCORES).toEqual({ high: '10 or more', medium: '5 to 9', low: '1 to 4', none: '0' })
    // The edges of each range are in the band the words put them in.
    expect([BAND_FLOORS.high, BAND_FLOORS.high - 1, BAND_FLOORS.medium, BAND_FLOORS.medium - 1, BAND_FLOORS.low].map(bandOf)).toEqual([
      'high',
      'medium',
      'medium',
      'low',
      'low',
    ])
    expect(SUPPLY_BANDS_EXPLAINED).toContain('High: score 10 or more; Medium: 5 to 9; Low: 1 to 4.')
  })
})

describe('sortSignals', () => {
  it('puts the heaviest first and keeps the order among equals', () => {
    const sorted = sortSignals([signal('a', 2), signal('b', 5), signal('c', 2), signal('d', 8)])
    expect(sorted.map((s) => s.rule)).toEqual(['d', 'b', 'a', 'c'])
  })
})

describe('heldBackNote', () => {
  it('says which version is held back, its score, and what the configuration pins', () => {
    expect(heldBackNote({ heldBack: { version: '1.0.16', score: 11 }, installVersion: '1.0.15' })).toBe(
      'Version 1.0.16 is newer but held back: it scored High (11) in the supply-chain watch. This configuration pins 1.0.15.',
    )
    expect(heldBackNote({ heldBack: { version: '0.1.0', score: 12 }, installVersion: null })).toBe(
      'Version 0.1.0 is newer but held back: it scored High (12) in the supply-chain watch.',
    )
    expect(heldBackNote({ heldBack: null, installVersion: '1.0.15' })).toBeNull()
  })
})

describe('registryPage', () => {
  it("links a package (and a version) on its registry's site, a scope's @ kept and anything else encoded", () => {
    expect(registryPage('npm', '@acme/mail', '1.0.15')).toBe('https://www.npmjs.com/package/@acme/mail/v/1.0.15')
    expect(registryPage('npm', 'left-pad')).toBe('https://www.npmjs.com/package/left-pad')
    expect(registryPage('pypi', 'acme-weather', '0.4.2')).toBe('https://pypi.org/project/acme-weather/0.4.2/')
    expect(registryPage('npm', 'x"><script>', '1?a#b')).toBe('https://www.npmjs.com/package/x%22%3E%3Cscript%3E/v/1%3Fa%23b')
  })
})

describe('optionInstalls', () => {
  const npmOption = { kind: 'package' as const, registryType: 'npm', detail: '@acme/mail 1.0.15' }
  it('matches a package option by registry and name, with or without its version', () => {
    expect(optionInstalls(npmOption, { registry: 'npm', name: '@acme/mail' })).toBe(true)
    expect(optionInstalls({ ...npmOption, detail: '@acme/mail' }, { registry: 'npm', name: '@acme/mail' })).toBe(true)
    expect(optionInstalls(npmOption, { registry: 'npm', name: '@acme/mail-utils' })).toBe(false)
    expect(optionInstalls(npmOption, { registry: 'pypi', name: '@acme/mail' })).toBe(false)
    expect(optionInstalls({ kind: 'remote', registryType: null, detail: 'acme.dev · SSE' }, { registry: 'npm', name: 'acme.dev' })).toBe(
      false,
    )
  })

  it("compares PyPI names as PyPI does (case, '-', '_' and '.' alike)", () => {
    const option = { kind: 'package' as const, registryType: 'pypi', detail: 'Acme_Weather.MCP 0.4.2' }
    expect(optionInstalls(option, { registry: 'pypi', name: 'acme-weather-mcp' })).toBe(true)
  })
})

describe('noticeLine', () => {
  const bands = { none: 40, low: 5, medium: 2, high: 3 }
  it('says how many packages are watched and how many versions scored High in 30 days, once the watch has run', () => {
    expect(noticeLine({ packagesWatched: 1204, bands30d: bands, lastRunAt: '2026-11-26T10:00:00Z' })).toBe(
      'Live: watching 1,204 npm and PyPI packages; 3 High findings in the last 30 days.',
    )
    expect(noticeLine({ packagesWatched: 1, bands30d: { ...bands, high: 1 }, lastRunAt: '2026-11-26T10:00:00Z' })).toBe(
      'Live: watching 1 npm and PyPI package; 1 High finding in the last 30 days.',
    )
    expect(noticeLine({ packagesWatched: 0, bands30d: bands, lastRunAt: null })).toBeNull()
  })
})

describe('links to the Supply chain tab', () => {
  it("leads to the tab and its heading, or to one version as the feed's entries do", () => {
    expect(supplyHref('abc')).toBe('/servers/abc?tab=supply-chain#supply-chain')
    expect(versionAnchor('npm', '@acme/mail', '1.0.16')).toBe('version-npm:@acme/mail@1.0.16')
    const href = versionHref('abc', 'npm', '@acme/mail', '1.0.16')
    // The feed writes '#version-' and the encoded review key: the same address.
    expect(href).toBe(`/servers/abc?tab=supply-chain#version-${encodeURIComponent('npm:@acme/mail@1.0.16')}`)
    expect(decodeURIComponent(new URL(href, 'https://x.test').hash.slice(1))).toBe(versionAnchor('npm', '@acme/mail', '1.0.16'))
  })
})

describe('notCheckedText', () => {
  it('promises a read within minutes only where the watch runs', () => {
    expect(notCheckedText(true)).toBe('Not checked yet: the watch reads new packages within minutes.')
    expect(notCheckedText(false)).toBe('Not checked: the supply-chain watch is off on this catalogue.')
    expect(notCheckedText(false)).not.toMatch(/minutes/)
  })
})

describe('what the Supply chain tab says without versions to show', () => {
  const nuget = { registryType: 'nuget', identifier: 'Acme.Mcp', reason: 'registry' as const }
  const pkg = { checkedAt: null, versions: [] } as unknown as ServerSupplyChain['packages'][number]

  it('names each declared package the watch does not read and why, enrolled or not', () => {
    for (const enrolled of [true, false])
      expect(supplyEmptyLines({ watching: true, enrolled, packages: [], unwatched: [nuget] })).toEqual([
        'Not watched: Acme.Mcp is on nuget, a registry the watch does not read (it reads npm and PyPI).',
      ])
    expect(unwatchedLine({ registryType: 'unknown', identifier: 'agentql-mcp', reason: 'registry' })).toBe(
      'Not watched: agentql-mcp is on no registry named (it reads npm and PyPI).',
    )
    expect(unwatchedLine({ registryType: 'npm', identifier: 'Not A Name', reason: 'name' })).toBe(
      'Not watched: Not A Name is not a name npm allows.',
    )
  })

  it('says a package is not checked yet (a promise only where the watch runs), and shows the list once one was read', () => {
    expect(supplyEmptyLines({ watching: true, enrolled: false, packages: [], unwatched: [] })).toEqual([notCheckedText(true)])
    expect(supplyEmptyLines({ watching: true, enrolled: true, packages: [pkg], unwatched: [nuget] })).toEqual([notCheckedText(true)])
    expect(supplyEmptyLines({ watching: false, enrolled: true, packages: [pkg], unwatched: [] })).toEqual([notCheckedText(false)])
    expect(
      supplyEmptyLines({ watching: true, enrolled: true, packages: [{ ...pkg, checkedAt: '2025-01-01T00:00:00Z' }], unwatched: [nuget] }),
    ).toBeNull()
  })

  it('says what the last read found when it is not a plain read', () => {
    expect(lastReadLine({ status: 'not_found', error: null })).toBe('Not found in the registry.')
    expect(lastReadLine({ status: 'failed', error: 'could not connect to pypi.org: its name did not resolve' })).toBe(
      'The last read failed: could not connect to pypi.org: its name did not resolve.',
    )
    expect(lastReadLine({ status: 'read', error: null })).toBeNull()
    expect(lastReadLine(null)).toBeNull()
  })
})
