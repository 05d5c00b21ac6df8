/**
 * Tool definition quality: a stand-in with the signature the quality checks' module has (the
 * coordinator puts the real one here at merge). It grades only what a definition plainly lacks: a
 * description and an input schema.
 */
import type { SurfaceTool } from '@shared/surface'
import { type DimensionVerdict, gradeOfScore, type ToolQualityLine } from '@shared/verdict'

export function gradeToolQuality(tools: readonly SurfaceTool[]): { dimension: DimensionVerdict; lines: ToolQualityLine[] } {
  if (tools.length === 0) {
    const missing = 'a surface with tools, read from the server or declared'
    return { dimension: { dimension: 'toolQuality', grade: null, score: null, reasons: [], missing, applies: true }, lines: [] }
  }
  const lines = tools.map((tool): ToolQualityLine => {
    const failed: ToolQualityLine['failed'] = []
    if (!tool.description?.trim()) failed.push({ check: 'description', text: 'Say what the tool does in its description.' })
    if (tool.inputSchema === undefined) failed.push({ check: 'input-schema', text: 'Give the tool an input schema.' })
    return { tool: tool.name, score: 100 - 50 * failed.length, failed }
  })
  lines.sort((a, b) => a.score - b.score || a.tool.localeCompare(b.tool))
  const score = Math.round(lines.reduce((sum, l) => sum + l.score, 0) / lines.length)
  const text = `The mean of ${tools.length} tool definitions' checks is ${score}.`
  return {
    dimension: {
      dimension: 'toolQuality',
      grade: gradeOfScore(score),
      score,
      reasons: [{ effect: 'info', text }],
      missing: null,
      applies: true,
    },
    lines,
  }
}
