/// <reference types="vite/client" />
/**
 * Annotation honesty measured on its own labelled set (test/scan-set/annotation-honesty.json,
 * written by scripts/scan-set/honesty.ts): real tools as published (hints honest), the same tools
 * with hints changed to claim less than they do, and their descriptions translated into eight
 * languages. Each tool is scanned alone; it is flagged when it gets an annotation-honesty finding of
 * medium or above. The figures are held to test/scan-set/honesty-baseline.json: recall below it,
 * or precision below it, fails. Then the attack classes' benign set (513 real tools with hints): the
 * tools it flags are exactly the ones judged below, so a new flag on a real tool fails too.
 */
import { describe, expect, it } from 'vitest'
import type { Finding } from '@shared/scan'
import type { SurfaceTool } from '@shared/surface'
import { scanSurface } from '../../../../worker/lib/scan'
import { overcautiousHints } from '../../../../worker/lib/scan/annotation-intent'
import set from '../../../scan-set/annotation-honesty.json'
import baseline from '../../../scan-set/honesty-baseline.json'

interface Item {
  id: string
  label: 'honest' | 'poisoned'
  action: string
  language: string
  translated: boolean
  severity?: 'high' | 'medium'
  note: string
  source: { repo: string; path: string; licence: string }
  tool: SurfaceTool
}

const items = set as unknown as Item[]
const benign = import.meta.glob<{ tools: SurfaceTool[] }>('../../../scan-set/benign/*.json', { import: 'default', eager: true })

const honesty = (tool: SurfaceTool): Finding[] =>
  scanSurface({ tools: [tool], prompts: [], resources: [], resourceTemplates: [] } as never).filter(
    (f) => f.class === 'annotation-honesty' && f.severity !== 'low',
  )

const round = (n: number) => Math.round(n * 1000) / 1000

function measure() {
  const rows = items.map((item) => ({ item, found: honesty(item.tool) }))
  const poisoned = rows.filter((r) => r.item.label === 'poisoned')
  const honest = rows.filter((r) => r.item.label === 'honest')
  const tp = poisoned.filter((r) => r.found.length > 0).length
  const fp = honest.filter((r) => r.found.length > 0).length
  const high = poisoned.filter((r) => r.item.severity === 'high')
  const highCaught = high.filter((r) => r.found.some((f) => f.severity === 'high')).length
  return {
    rows,
    recall: round(tp / poisoned.length),
    precision: round(tp + fp === 0 ? 1 : tp / (tp + fp)),
    highRecall: round(highCaught / high.length),
    tp,
    fp,
    poisoned: poisoned.length,
    honest: honest.length,
  }
}

describe('the annotation-honesty labelled set', () => {
  it('holds 60+ real tools with their source and licence, honest and poisoned, every action, nine languages', () => {
    expect(items.length).toBeGreaterThanOrEqual(60)
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length)
    for (const item of items) {
      expect(item.source.repo, item.id).toMatch(/^https:\/\/(github\.com|www\.npmjs\.com\/package)\//)
      expect(item.source.path.length, item.id).toBeGreaterThan(5)
      expect(item.source.licence, item.id).toMatch(/^(MIT|Apache-2\.0|ISC|BSD-[23]-Clause)/)
      if (item.label === 'poisoned') expect(['high', 'medium']).toContain(item.severity)
      if (item.translated) expect(item.note).toMatch(/translated/)
    }
    for (const action of ['delete', 'write', 'send', 'pay', 'exec', 'open-world', 'read'])
      expect(
        items.some((i) => i.action === action),
        action,
      ).toBe(true)
    expect(new Set(items.map((i) => i.language))).toEqual(new Set(['en', 'es', 'fr', 'de', 'pt', 'it', 'ru', 'zh', 'ja']))
    // A poisoned tool differs from its honest twin only in its hints.
    for (const item of items.filter((i) => i.label === 'poisoned' && !i.translated)) {
      const twin = items.find((i) => i.id === item.id.replace(/^poisoned-/, 'honest-'))!
      expect({ ...item.tool, annotations: null }, item.id).toEqual({ ...twin.tool, annotations: null })
      expect(item.tool.annotations, item.id).not.toEqual(twin.tool.annotations)
    }
  })

  it('holds recall and precision at or above the measured baseline (test/scan-set/honesty-baseline.json)', () => {
    const m = measure()
    const report = [
      `recall ${m.recall} (${m.tp}/${m.poisoned}), precision ${m.precision} (${m.fp} honest flagged of ${m.honest}), high-severity recall ${m.highRecall}`,
      ...m.rows
        .filter((r) => (r.item.label === 'poisoned') !== r.found.length > 0)
        .map(
          (r) => `  ${r.item.label === 'poisoned' ? 'missed' : 'false alarm'}: ${r.item.id} ${r.found.map((f) => f.reason).join(' | ')}`,
        ),
    ].join('\n')
    console.log(report)
    expect(m.recall, report).toBeGreaterThanOrEqual(baseline.recall)
    expect(m.precision, report).toBeGreaterThanOrEqual(baseline.precision)
    expect(m.highRecall, report).toBeGreaterThanOrEqual(baseline.highSeverityRecall)
  })

  it('says in each finding which words show the action and which hint they contradict', () => {
    const [finding] = honesty(items.find((i) => i.id === 'poisoned-airtable-delete_records')!.tool)
    expect(finding).toMatchObject({
      rule: 'annotation-honesty.read-only-claim',
      severity: 'high',
      field: 'name',
      excerpt: "readOnlyHint: true, yet 'delete'",
    })
    expect(finding.reason).toContain('readOnlyHint: true')
    expect(finding.reason).toContain("name 'delete'")
    expect(finding.reason).toContain("description 'Delete'")
    const [write] = honesty(items.find((i) => i.id === 'poisoned-airtable-create_record')!.tool)
    expect(write.severity).toBe('medium')
  })
})

describe('annotation honesty on the 513 real tools with hints of the benign set', () => {
  /**
   * Each tool flagged, judged by reading its definition: a real mismatch between what it says and
   * what its hints claim, or a false alarm.
   */
  const JUDGED: Record<string, 'mismatch' | 'false alarm'> = {
    // "Adds Percy snapshot commands to the specified test files." while claiming read-only.
    'browserstack/addPercySnapshotCommands': 'mismatch',
    // Takes the command that runs Percy (percyRunCommand) and runs it, while claiming read-only.
    'browserstack/runPercyScan': 'mismatch',
    // Runs the code it is given in a browser session while claiming its changes are additive.
    'firecrawl/firecrawl_interact': 'mismatch',
    // 'Browse' a catalogue of data providers, with a 'urls' parameter: read as browsing the web.
    'firecrawl/firecrawl_find_tools': 'false alarm',
  }

  it('flags exactly the judged tools (a new flag on a real tool fails)', () => {
    const flagged: string[] = []
    let annotated = 0
    for (const [path, server] of Object.entries(benign)) {
      const slug = path.replace(/^.*\/|\.json$/g, '')
      for (const tool of server.tools) {
        if (tool.annotations && Object.keys(tool.annotations).some((k) => k.endsWith('Hint'))) annotated++
      }
      const findings = scanSurface({ ...server, resources: [], prompts: [], resourceTemplates: [] } as never).filter(
        (f) => f.class === 'annotation-honesty' && f.severity !== 'low',
      )
      for (const name of new Set(findings.map((f) => f.item))) flagged.push(`${slug}/${name}`)
    }
    expect(annotated).toBeGreaterThanOrEqual(500)
    expect(flagged.sort()).toEqual(Object.keys(JUDGED).sort())
  })
})

describe('overcautiousHints (the reverse: a reading tool marked as if it destroyed things)', () => {
  const tool = (name: string, description: string, annotations: SurfaceTool['annotations']): SurfaceTool => ({
    name,
    description,
    inputSchema: { type: 'object' },
    annotations,
  })

  it('gives one line a maintainer can act on for a reading tool marked destructive or not read-only', () => {
    expect(
      overcautiousHints(tool('excel_read_sheet', 'Read values from an Excel sheet.', { readOnlyHint: false, destructiveHint: true })),
    ).toBe(
      "excel_read_sheet only reads (its name says 'read') but is marked readOnlyHint: false and destructiveHint: true; set readOnlyHint: true and drop destructiveHint so clients do not ask before every call.",
    )
    expect(overcautiousHints(tool('issues', 'Lists the open issues of a repository.', { readOnlyHint: false }))).toContain(
      "its description says 'lists'",
    )
    expect(overcautiousHints(tool('usuarios', 'Obtiene la lista de usuarios.', { destructiveHint: true }))).toContain("'obtiene'")
  })

  it('says nothing of tools that act, claim read-only already, claim nothing, or only say they generate or monitor', () => {
    expect(overcautiousHints(tool('delete_file', 'Deletes a file.', { readOnlyHint: false, destructiveHint: true }))).toBeNull()
    expect(overcautiousHints(tool('get_and_delete', 'Gets a message and deletes it.', { destructiveHint: true }))).toBeNull()
    expect(overcautiousHints(tool('read_file', 'Read a file.', { readOnlyHint: true }))).toBeNull()
    expect(overcautiousHints(tool('read_file', 'Read a file.', undefined))).toBeNull()
    expect(overcautiousHints(tool('firecrawl_monitor_run', 'Monitor run.', { readOnlyHint: false }))).toBeNull()
    expect(overcautiousHints(tool('generate_spec', 'Generates a spec and stores it.', { readOnlyHint: false }))).toBeNull()
  })
})
