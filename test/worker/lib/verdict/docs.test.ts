/**
 * docs/tool-quality.md stays true: its check table says what QUALITY_CHECKS says, check for check
 * and weight for weight, and its table of the shipped surfaces is what grading them gives today
 * (a change to a check, a weight or the data file that moves a grade fails here until the page is
 * written again: distribution.ts's markdownTables prints the rows).
 */
import { describe, expect, it } from 'vitest'
import surfacesFile from '../../../../data/package-surfaces-2026-11-28.json?raw'
import doc from '../../../../docs/tool-quality.md?raw'
import { QUALITY_CHECKS } from '../../../../worker/lib/verdict/quality-checks'
import { parseMarkdown, tableOf } from '../../../docs/markdown-tables'
import { commonText, distribution, gradeCounts } from './distribution'

const root = parseMarkdown(doc)
/** What a reader sees of a text written with code spans. */
const shown = (text: string) => text.replaceAll('`', '')

describe('docs/tool-quality.md', () => {
  it('lists every check, in order, with its weight, what it checks and why', () => {
    const rows = tableOf(root, 'The checks', ['check', 'weight', 'what it checks', 'why']).map(({ cells }) => ({
      id: cells.check.code[0],
      weight: Number(cells.weight.text),
      what: cells['what it checks'].text,
      why: cells.why.text,
    }))
    expect(rows).toEqual(QUALITY_CHECKS.map((c) => ({ id: c.id, weight: c.weight, what: shown(c.what), why: shown(c.why) })))
  })

  it('tabulates the shipped surfaces as grading them gives today', () => {
    const graded = distribution(surfacesFile)
    const servers = tableOf(root, 'The shipped surfaces graded', ['server', 'tools', 'score', 'grade', 'most common failed checks (tools)'])
    expect(
      servers.map(({ cells }) => ({
        server: cells.server.code[0],
        tools: Number(cells.tools.text),
        score: cells.score.text,
        grade: cells.grade.text,
        common: cells['most common failed checks (tools)'].text,
      })),
    ).toEqual(
      graded.map((r) => ({
        server: r.server,
        tools: r.tools,
        score: String(r.score ?? '–'),
        grade: r.grade ?? '–',
        common: shown(commonText(r)),
      })),
    )
    const grades = tableOf(root, 'The shipped surfaces graded', ['grade', 'servers'])
    expect(grades.map(({ cells }) => ({ grade: cells.grade.text, servers: Number(cells.servers.text) }))).toEqual(gradeCounts(graded))
  })
})
