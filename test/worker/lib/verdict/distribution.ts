/**
 * The shipped surfaces (data/package-surfaces-*.json) graded for tool quality, as docs/tool-quality.md
 * tabulates them: per server its tools, score, grade and most common failed checks, and how many
 * servers have each grade. Pure (the file comes in as text), so the docs test recomputes it in
 * workerd and the rows can be printed for the page the same way.
 */
import { GRADES, type Grade } from '@shared/verdict'
import { readPostedSurface } from '../../../../worker/lib/posted-surface'
import { readShippedSurfaces } from '../../../../worker/lib/shipped-surfaces'
import { QUALITY_CHECKS } from '../../../../worker/lib/verdict/quality-checks'
import { gradeToolQuality } from '../../../../worker/lib/verdict/tool-quality'

/** How many failed checks a row names: the most common first. */
const COMMON_CHECKS = 3

export interface ServerRow {
  server: string
  tools: number
  score: number | null
  grade: Grade | null
  /** The checks most tools failed, most first (ties in the checks' order), each with how many tools failed it. */
  common: Array<{ check: string; tools: number }>
}

/** Every server of the file, in its order, graded as the catalogue stores it: the surface read through the posted door (its caps) first. */
export function distribution(fileText: string): ServerRow[] {
  const file = readShippedSurfaces(JSON.parse(fileText))
  return file.surfaces.map((entry) => {
    const { tools } = readPostedSurface(entry.surface)
    const { dimension, lines } = gradeToolQuality(tools)
    const common = QUALITY_CHECKS.map((check) => ({
      check: check.id,
      tools: lines.filter((line) => line.failed.some((f) => f.check === check.id)).length,
    }))
      .filter((c) => c.tools > 0)
      .sort((a, b) => b.tools - a.tools)
      .slice(0, COMMON_CHECKS)
    return { server: entry.server.name, tools: tools.length, score: dimension.score, grade: dimension.grade, common }
  })
}

/** How many servers have each grade, best first ('not graded' last when any). */
export function gradeCounts(rows: readonly ServerRow[]): Array<{ grade: string; servers: number }> {
  const counts = GRADES.map((grade) => ({ grade: grade as string, servers: rows.filter((r) => r.grade === grade).length }))
  const ungraded = rows.filter((r) => r.grade === null).length
  return ungraded > 0 ? [...counts, { grade: 'not graded', servers: ungraded }] : counts
}

/** A row as the page writes it. */
export const commonText = (row: ServerRow): string => row.common.map((c) => `\`${c.check}\` (${c.tools})`).join(', ') || 'none'

/** The page's two tables, as Markdown (what scripts print when the data file changes). */
export function markdownTables(rows: readonly ServerRow[]): string {
  const servers = [
    '| server | tools | score | grade | most common failed checks (tools) |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| \`${r.server}\` | ${r.tools} | ${r.score ?? '–'} | ${r.grade ?? '–'} | ${commonText(r)} |`),
  ]
  const grades = ['| grade | servers |', '| --- | --- |', ...gradeCounts(rows).map((g) => `| ${g.grade} | ${g.servers} |`)]
  return `${servers.join('\n')}\n\n${grades.join('\n')}\n`
}
