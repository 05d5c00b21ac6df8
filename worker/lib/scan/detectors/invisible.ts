/** Detectors of invisible characters: tag characters, zero-width and bidirectional controls, look-alike letters in words. */
import { type Detector, NAMES } from '../rule-types'
import {
  findBidiControls,
  findMixedScriptWords,
  findOtherControls,
  findSoftHyphens,
  findStrayBidiMarks,
  findStrayVariationSelectors,
  findTagRuns,
  findZeroWidth,
  isPlainAscii,
  renderExcerpt,
} from '../unicode'
import { spans } from './matching'

export const tagCharacters: Detector = {
  name: 'tag characters',
  on: 'raw',
  find: (text) =>
    isPlainAscii(text)
      ? []
      : findTagRuns(text).map((run) => ({
          start: run.start,
          end: run.end,
          excerpt: run.decoded ? renderExcerpt(`hidden text: "${run.decoded}"`) : undefined,
        })),
}

export const zeroWidth: Detector = {
  name: 'zero-width characters',
  on: 'raw',
  find: (text, input) => {
    if (isPlainAscii(text)) return []
    const found = findZeroWidth(text)
    const total = found.reduce((sum, run) => sum + (run.count ?? 1), 0)
    // In a name, or many of them (binary hidden as zero-width characters): an attack, not a typo.
    const high = NAMES.includes(input.role) || total >= 8
    // Between two letters a zero-width character splits a word a filter or a person would read
    // whole. Zero-width spaces beside a space or punctuation are what pasting from a web page
    // leaves (Lark's documentation): low. A byte order mark or a joiner inside a text is not.
    const letter = (ch: string | undefined) => /[\p{L}\p{N}]/u.test(ch ?? '')
    const pasted = (start: number, end: number) =>
      /^\u200B+$/.test(text.slice(start, end)) && !(letter(text[start - 1]) && letter(text[end]))
    return found.map(({ start, end }) => ({
      start,
      end,
      severity: high ? 'high' : pasted(start, end) ? 'low' : undefined,
      reason: high && NAMES.includes(input.role) ? 'A name holds invisible characters, so it reads as another name it is not.' : undefined,
    }))
  },
}

export const bidiControls: Detector = {
  name: 'bidirectional controls',
  on: 'raw',
  find: (text) => (isPlainAscii(text) ? [] : spans(findBidiControls(text))),
}
export const bidiMarks: Detector = {
  name: 'stray bidirectional marks',
  on: 'raw',
  find: (text) => (isPlainAscii(text) ? [] : spans(findStrayBidiMarks(text))),
}
export const softHyphens: Detector = {
  name: 'soft hyphens',
  on: 'raw',
  find: (text) => (isPlainAscii(text) ? [] : spans(findSoftHyphens(text))),
}
export const otherControls: Detector = {
  name: 'control characters',
  on: 'raw',
  find: (text) => (isPlainAscii(text) ? [] : spans(findOtherControls(text))),
}

export const variationSelectors: Detector = {
  name: 'stray variation selectors',
  on: 'raw',
  find: (text) =>
    isPlainAscii(text)
      ? []
      : findStrayVariationSelectors(text).map((run) => ({
          // The emoji (or letter) the payload hangs on belongs to the span.
          start: run.payload ? Math.max(0, run.start - 2) : run.start,
          end: run.end,
          severity: run.payload ? 'high' : 'medium',
          excerpt: run.decoded ? renderExcerpt(`hidden bytes: "${run.decoded}"`) : undefined,
          reason: run.payload
            ? 'Variation selectors strung after a character carry hidden bytes that a model can decode and a person never sees.'
            : undefined,
        })),
}

export const homoglyphWords: Detector = {
  name: 'look-alike letters in words',
  on: 'raw',
  find: (text) =>
    findMixedScriptWords(text, true).map((span) => ({
      start: span.start,
      end: span.end,
      excerpt: `${text.slice(span.start, span.end)} (reads as "${span.decoded}")`,
    })),
}
