/**
 * The matching machinery the detectors share: a global pattern's matches, gated patterns (each
 * run only on a text holding one of its words), and the look-up of those words in what the scan
 * found once per text.
 */
import type { Detector, Hit, RuleInput } from '../rule-types'

/** Spans found (by unicode.ts) as hits. */
export const spans = (found: Array<{ start: number; end: number }>): Hit[] => found.map(({ start, end }) => ({ start, end }))

/** A pattern's matches as hits (the pattern must be global). */
export function matches(pattern: RegExp, text: string): RegExpExecArray[] {
  pattern.lastIndex = 0
  const out: RegExpExecArray[] = []
  for (let m = pattern.exec(text); m && out.length < 50; m = pattern.exec(text)) {
    out.push(m)
    if (m[0].length === 0) pattern.lastIndex++
  }
  return out
}

/**
 * Every rule's trigger words. The table that names them (rules/index.ts) is assembled from these
 * detectors, so it fills the set in once it is built; the detectors read it only as they run.
 */
export const TRIGGER_WORDS = new Set<string>()

/**
 * Whether a text holds a word: by the trigger words the scan found in it once (when the word is a
 * trigger and the scan passed them), else by looking.
 */
export function holds(input: RuleInput, lower: string, word: string): boolean {
  return input.words && TRIGGER_WORDS.has(word) ? input.words.has(word) : lower.includes(word)
}

export function holdsAny(input: RuleInput, lower: string, words: readonly string[]): boolean {
  for (const word of words) if (holds(input, lower, word)) return true
  return false
}

/** One pattern of a rule and the words one of which it needs: it runs only on a text holding one. */
export interface Gate {
  words: readonly string[]
  pattern: RegExp
}

/** Patterns with their words, each compiled on its own with the flags given. */
export function gates(parts: Array<[readonly string[], string]>, flags: string): Gate[] {
  return parts.map(([words, source]) => ({ words, pattern: new RegExp(source, flags) }))
}

/** A detector running each gated pattern whose words the text holds; `keep` may drop a match. */
export function gated(name: string, parts: readonly Gate[], keep: (match: string) => boolean = () => true): Detector {
  return {
    name,
    on: 'normalized',
    find: (text, input) => {
      const lower = text.toLowerCase()
      const out: Hit[] = []
      for (const part of parts) {
        if (!holdsAny(input, lower, part.words)) continue
        for (const m of matches(part.pattern, text)) if (keep(m[0])) out.push({ start: m.index, end: m.index + m[0].length })
      }
      return out
    },
  }
}

/** The words of gated patterns, as a rule's triggers. */
export const wordsOf = (parts: readonly Gate[]) => [...new Set(parts.flatMap((part) => part.words))]
