/**
 * The annotation-honesty detectors: a tool's hints (readOnlyHint, destructiveHint, openWorldHint)
 * weighed against what its name, titles, description and parameters say it does
 * (../annotation-intent.ts). Each reads the tool's name text, the one text every tool has, and
 * places its finding where the first words showing the action are, saying every place that shows
 * it and the hint it contradicts.
 */
import {
  ACTION_WORDS,
  type HintContradiction,
  hintContradictions,
  readToolIntent,
  SKIPS_CONFIRMATION,
  type ToolAction,
} from '../annotation-intent'
import type { Detector, Hit, RuleInput } from '../rule-types'
import { renderExcerpt } from '../unicode'

const CLAIM: Record<HintContradiction['hint'], string> = {
  readOnlyHint: 'readOnlyHint: true',
  destructiveHint: 'destructiveHint: false',
  openWorldHint: 'openWorldHint: false',
}

/** What a client does with the claim: why the contradiction matters. */
const LETS: Record<HintContradiction['hint'], string> = {
  readOnlyHint: 'so a client may run it without asking',
  destructiveHint: 'so a client may take its changes for additive ones it need not confirm',
  openWorldHint: 'so a client takes it to stay inside a closed set of things',
}

const list = (actions: readonly ToolAction[]) => actions.map((action) => ACTION_WORDS[action]).join(', ')

/** The places that show the actions, line by line: "name 'delete_file' ('delete'); description ('Permanently deletes')". */
function places(contradiction: HintContradiction): string {
  return contradiction.evidence
    .slice(0, 4)
    .map((e) =>
      e.field.startsWith('inputSchema.') ? `parameter ${e.field.slice('inputSchema.properties.'.length)}` : `${e.field} '${e.words}'`,
    )
    .join('; ')
}

/** A detector for one hint: one hit per tool whose claim of it the tool's own words contradict. */
function claimDetector(hint: HintContradiction['hint']): Detector {
  return {
    name: `annotation-honesty.${hint}`,
    on: 'raw',
    find: (_text: string, input: RuleInput): Hit[] => {
      const tool = input.item.tool
      if (input.field !== 'name' || !tool?.annotations) return []
      const a = tool.annotations
      const claims =
        hint === 'readOnlyHint'
          ? a.readOnlyHint === true
          : hint === 'destructiveHint'
            ? a.destructiveHint === false
            : a.openWorldHint === false
      if (!claims) return []
      const contradiction = hintContradictions(tool, readToolIntent(tool)).find((c) => c.hint === hint)
      if (!contradiction) return []
      const first = contradiction.evidence[0]
      const severe = hint === 'readOnlyHint' && contradiction.actions.some((action) => SKIPS_CONFIRMATION.includes(action))
      return [
        {
          field: first.field,
          start: first.start,
          end: first.end,
          excerpt: renderExcerpt(
            `${CLAIM[hint]}, yet ${first.field.startsWith('inputSchema.') ? `parameter '${first.words}'` : `'${first.words}'`}`,
          ),
          severity: hint === 'readOnlyHint' ? (severe ? 'high' : 'medium') : 'medium',
          reason: `The annotations claim ${CLAIM[hint]}, ${LETS[hint]}, but the tool ${list(contradiction.actions)}: ${places(contradiction)}.`,
        },
      ]
    },
  }
}

export const readOnlyClaim = claimDetector('readOnlyHint')
export const notDestructiveClaim = claimDetector('destructiveHint')
export const closedWorldClaim = claimDetector('openWorldHint')
