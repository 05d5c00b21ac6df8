/// <reference types="vite/client" />
/**
 * The change rules measured on the labelled pairs (test/scan-set/pairs.json): versions of one
 * real tool, harmless edits and hostile ones. Each pair becomes two surfaces of server-everything
 * (the tool replaced, or added), diffed; a hostile pair is caught when the change findings, or
 * the scanner's findings the new surface has and the old one had not, include one of medium or
 * above; a harmless pair so flagged is a false positive. The table is printed for the docs.
 */

import { describe, expect, it } from 'vitest'
import { type Finding, SCAN_CLASSES, type ScanClass } from '@shared/scan'
import type { JsonValue, Surface, SurfaceTool } from '@shared/surface'
import { changeFindings } from '../../../../worker/lib/scan/changes'
import { diffSurfaces } from '../../../../worker/lib/scan/diff'
import { scanSurface } from '../../../../worker/lib/scan/scan'
import everything from '../../../fixtures/surfaces/server-everything.json'
import labelled from '../../../scan-set/pairs.json'

interface Pair {
  id: string
  hostile: boolean
  class: ScanClass
  sameVersion: boolean
  note: string
  before: SurfaceTool
  after: SurfaceTool
}

const pairs = labelled as unknown as Pair[]
const real = everything as unknown as Surface

/** The real servers the 'before' tools come from (server-everything's stored surface, and the benign set). */
const benign = import.meta.glob<{ tools: SurfaceTool[] }>('../../../scan-set/benign/*.json', { import: 'default', eager: true })

const canonical = (value: unknown): string =>
  value === null || typeof value !== 'object'
    ? JSON.stringify(value)
    : Array.isArray(value)
      ? `[${value.map(canonical).join(',')}]`
      : `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, JsonValue>)[key])}`)
          .join(',')}}`

const MEDIUM_UP = new Set(['medium', 'high'])

interface Outcome {
  pair: Pair
  flagged: boolean
  change: Finding[]
  scan: Finding[]
}

/** Both surfaces of a pair: server-everything with the tool in its place (or appended), the version moved unless `sameVersion`. */
function surfaces(pair: Pair): { before: Surface; after: Surface; versions: [string, string] } {
  const at = real.tools.findIndex((tool) => tool.name === pair.before.name)
  const put = (tool: SurfaceTool) => (at >= 0 ? real.tools.map((item, index) => (index === at ? tool : item)) : [...real.tools, tool])
  const before: Surface = { ...real, tools: put(pair.before) }
  const after: Surface = {
    ...real,
    serverInfo: { ...real.serverInfo!, version: pair.sameVersion ? real.serverInfo!.version : '2.1.0' },
    tools: put(pair.after),
  }
  return { before, after, versions: ['1.0.0', pair.sameVersion ? '1.0.0' : '1.1.0'] }
}

function evaluate(pair: Pair): Outcome {
  const { before, after, versions } = surfaces(pair)
  const diff = diffSurfaces({ surface: before, listingVersion: versions[0] }, { surface: after, listingVersion: versions[1] })
  const change = changeFindings(before, after, diff).filter((finding) => MEDIUM_UP.has(finding.severity))
  // A finding is new unless the old surface had it on the same item (under its old name, for a rename) and field.
  const key = (finding: Finding, item = finding.item) => `${finding.rule}|${finding.kind}|${item}|${finding.field}`
  const had = new Set(scanSurface(before).map((finding) => key(finding)))
  const renamed = (finding: Finding) => (finding.kind === 'tool' && finding.item === pair.after.name ? pair.before.name : finding.item)
  const scan = scanSurface(after).filter((finding) => MEDIUM_UP.has(finding.severity) && !had.has(key(finding, renamed(finding))))
  return { pair, flagged: change.length + scan.length > 0, change, scan }
}

describe('the labelled pairs', () => {
  it('are at least 40, half of each kind, with unique ids, a class, a note and a real change', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(40)
    expect(pairs.filter((pair) => pair.hostile).length).toBeGreaterThanOrEqual(20)
    expect(pairs.filter((pair) => !pair.hostile).length).toBeGreaterThanOrEqual(20)
    expect(new Set(pairs.map((pair) => pair.id)).size).toBe(pairs.length)
    for (const pair of pairs) {
      expect(SCAN_CLASSES, pair.id).toContain(pair.class)
      expect(pair.note.length, pair.id).toBeGreaterThan(10)
      expect(canonical(pair.after), pair.id).not.toBe(canonical(pair.before))
    }
  })

  it("start from real tools: each 'before' is a tool of server-everything or of a benign server, as read", () => {
    const known = new Set([...real.tools, ...Object.values(benign).flatMap((surface) => surface.tools)].map(canonical))
    const invented = pairs.filter((pair) => !known.has(canonical(pair.before))).map((pair) => pair.id)
    expect(invented).toEqual([])
  })
})

describe('change rules on the labelled pairs', () => {
  const outcomes = pairs.map(evaluate)
  const hostile = outcomes.filter((outcome) => outcome.pair.hostile)
  const harmless = outcomes.filter((outcome) => !outcome.pair.hostile)
  const recall = hostile.filter((outcome) => outcome.flagged).length / hostile.length
  const falsePositiveRate = harmless.filter((outcome) => outcome.flagged).length / harmless.length

  it('prints the table', () => {
    const rules = (found: Finding[]) => [...new Set(found.map((finding) => `${finding.rule} (${finding.severity})`))].join(', ') || '-'
    const lines = [
      '| pair | hostile | class | same version | flagged | change findings | new scan findings |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...outcomes.map(
        ({ pair, flagged, change, scan }) =>
          `| ${pair.id} | ${pair.hostile ? 'yes' : 'no'} | ${pair.class} | ${pair.sameVersion ? 'yes' : 'no'} | ${flagged ? 'yes' : 'no'} | ${rules(change)} | ${rules(scan)} |`,
      ),
    ]
    const bumped = hostile.filter((outcome) => !outcome.pair.sameVersion)
    const byClass = SCAN_CLASSES.map((name) => {
      const of = hostile.filter((outcome) => outcome.pair.class === name)
      return of.length ? `${name} ${of.filter((outcome) => outcome.flagged).length}/${of.length}` : null
    }).filter(Boolean)
    console.log(
      [
        ...lines,
        '',
        `hostile caught: ${hostile.filter((outcome) => outcome.flagged).length}/${hostile.length} (recall ${recall.toFixed(3)})`,
        `hostile caught with a new version (so not by 'without a new version'): ${bumped.filter((outcome) => outcome.flagged).length}/${bumped.length}`,
        `hostile caught by the change rules alone: ${hostile.filter((outcome) => outcome.change.length > 0).length}/${hostile.length}`,
        `harmless flagged: ${harmless.filter((outcome) => outcome.flagged).length}/${harmless.length} (false positive rate ${falsePositiveRate.toFixed(3)})`,
        `by class: ${byClass.join(', ')}`,
      ].join('\n'),
    )
    expect(lines.length).toBe(outcomes.length + 2)
  })

  it('catch at least 95% of the hostile pairs, and every class of them', () => {
    expect(recall).toBeGreaterThanOrEqual(0.95)
    for (const name of new Set(hostile.map((outcome) => outcome.pair.class))) {
      expect(
        hostile.some((outcome) => outcome.pair.class === name && outcome.flagged),
        name,
      ).toBe(true)
    }
  })

  it('flag at most 5% of the harmless pairs', () => {
    expect(falsePositiveRate).toBeLessThanOrEqual(0.05)
  })

  it('flag a rug pull made without a new version even when its words are innocent', () => {
    const pull = outcomes.find((outcome) => outcome.pair.id === 'silent-rug-pull-same')!
    expect(pull.change.map((finding) => finding.rule)).toContain('change.without-new-version')
  })
})
