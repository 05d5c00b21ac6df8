/**
 * A word-level diff of two texts (a tool's description before and after, a server's
 * instructions), minimal in words, so a person reading the Changes timeline sees exactly which
 * words a server added or took away. Pure and bounded: a description is at most 8 KiB, yet two
 * unrelated ones would make a word diff quadratic, so past a budget it falls back to sentences,
 * then to one replacement.
 */
import type { DiffPart } from '@shared/scan'

/** Words (letters, digits, marks, underscores), runs of spaces, each line break, and every other character alone. */
const WORD_TOKENS = /[\p{L}\p{N}\p{M}_]+|[^\S\n]+|[\s\S]/gu

/** A sentence or a line with the whitespace after it; the rest of a text without an end mark as one token. */
const SENTENCE_TOKENS = /[^.!?\n]*(?:[.!?]+|\n)\s*|[^.!?\n]+/g

/** The most edits (tokens removed plus added) the word diff looks for before it gives up for a coarser one. */
export const MAX_WORD_EDITS = 1200

/** Past this many characters (either side), a text goes to the sentence diff at once. */
export const MAX_WORD_DIFF_CHARS = 32 * 1024

/** The sentence diff's own budget; past it, the changed middle is one removal and one addition. */
export const MAX_SENTENCE_EDITS = 2000

function tokens(text: string, pattern: RegExp): string[] {
  return text.match(pattern) ?? []
}

type Op = DiffPart['op']

/**
 * The work the word diffs in this isolate have done: the diffs asked for, and Myers' steps (each
 * diagonal reached at each edit count, plus each pair of tokens its snake then finds equal). Only
 * tests read it, to bound the work by the texts' size rather than time it; myers adds its steps
 * once a call.
 */
export const wordDiffWork = { diffs: 0, steps: 0 }

/**
 * Myers' O((N+M)D) shortest edit script over two token lists (as numbers), or null when more than
 * `maxEdits` edits would be needed. Each step keeps only its diagonals (-d..d), so memory grows
 * with D squared, never with N times M.
 */
function myers(a: Int32Array, b: Int32Array, maxEdits: number): Op[] | null {
  const n = a.length
  const m = b.length
  const limit = Math.min(n + m, maxEdits)
  const offset = limit + 1
  const v = new Int32Array(2 * limit + 3)
  const trace: Int32Array[] = []
  let found = -1
  let steps = 0
  for (let d = 0; d <= limit && found < 0; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
      let y = x - k
      const from = x
      while (x < n && y < m && a[x] === b[y]) {
        x++
        y++
      }
      steps += 1 + x - from
      v[offset + k] = x
      if (x >= n && y >= m) {
        found = d
        break
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1))
  }
  wordDiffWork.steps += steps
  if (found < 0) return null
  // Walk back from the end, one edit per step, then reverse.
  const ops: Op[] = []
  let x = n
  let y = m
  for (let d = found; d > 0; d--) {
    const prev = trace[d - 1]
    const at = (k: number) => prev[k + d - 1]
    const k = x - y
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1))
    const prevK = down ? k + 1 : k - 1
    const prevX = at(prevK)
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) {
      ops.push('same')
      x--
      y--
    }
    ops.push(down ? 'added' : 'removed')
    x = prevX
    y = prevY
  }
  while (x > 0 && y > 0) {
    ops.push('same')
    x--
    y--
  }
  return ops.reverse()
}

/** Tokens as numbers (equal tokens, equal numbers), so the inner loop compares integers. */
function intern(before: string[], after: string[]): [Int32Array, Int32Array] {
  const ids = new Map<string, number>()
  const id = (token: string) => {
    let value = ids.get(token)
    if (value === undefined) {
      value = ids.size
      ids.set(token, value)
    }
    return value
  }
  return [Int32Array.from(before, id), Int32Array.from(after, id)]
}

interface Segment {
  same?: string
  removed: string
  added: string
}

/** The edit script over the tokens between a common prefix and suffix, or null past the budget. */
function script(a: string[], b: string[], maxEdits: number, orReplace = false): Segment[] | null {
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const midA = a.slice(start, endA)
  const midB = b.slice(start, endB)
  const [ia, ib] = intern(midA, midB)
  const replace = () => [...midA.map((): Op => 'removed'), ...midB.map((): Op => 'added')]
  const ops = midA.length === 0 || midB.length === 0 ? replace() : (myers(ia, ib, maxEdits) ?? (orReplace ? replace() : null))
  if (!ops) return null
  const segments: Segment[] = []
  const push = (op: Op, text: string) => {
    const last = segments.at(-1)
    if (op === 'same') {
      if (last?.same !== undefined) last.same += text
      else segments.push({ same: text, removed: '', added: '' })
    } else {
      const target = last && last.same === undefined ? last : segments[segments.push({ removed: '', added: '' }) - 1]
      target[op] += text
    }
  }
  const prefix = a.slice(0, start).join('')
  if (prefix) push('same', prefix)
  let i = 0
  let j = 0
  for (const op of ops) {
    if (op === 'same') {
      push('same', midA[i++])
      j++
    } else if (op === 'removed') push('removed', midA[i++])
    else push('added', midB[j++])
  }
  const suffix = a.slice(endA).join('')
  if (suffix) push('same', suffix)
  return segments
}

/**
 * Whitespace kept between two changes is folded into both, so 'the quick brown' replaced by
 * 'a slow red' reads as one replacement rather than three interleaved with spaces. Both sides
 * keep the text, so the diff still rebuilds both texts exactly.
 */
function fold(segments: Segment[]): Segment[] {
  const out: Segment[] = []
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]
    const previous = out.at(-1)
    const next = segments[index + 1]
    if (
      segment.same !== undefined &&
      /^\s+$/.test(segment.same) &&
      previous &&
      previous.same === undefined &&
      next &&
      next.same === undefined
    ) {
      previous.removed += segment.same + next.removed
      previous.added += segment.same + next.added
      index++
      continue
    }
    if (segment.same === undefined && previous && previous.same === undefined) {
      previous.removed += segment.removed
      previous.added += segment.added
      continue
    }
    out.push({ ...segment })
  }
  return out
}

function parts(segments: Segment[]): DiffPart[] {
  const out: DiffPart[] = []
  for (const segment of segments) {
    if (segment.same !== undefined) {
      if (segment.same) out.push({ op: 'same', text: segment.same })
      continue
    }
    if (segment.removed) out.push({ op: 'removed', text: segment.removed })
    if (segment.added) out.push({ op: 'added', text: segment.added })
  }
  return out
}

/**
 * The word-level difference between two texts: parts kept ('same'), taken away ('removed') and
 * put in ('added'), in reading order, adjacent parts of one kind merged and, inside one change,
 * what was removed before what was added. The 'same' and 'removed' parts joined give `before`;
 * the 'same' and 'added' parts joined give `after`. Identical texts give one 'same' part (none
 * for two empty texts). Long or very different texts are compared by sentence instead of by word.
 *
 * @example wordDiff('Reads a file', 'Reads a text file')
 * // [{ op: 'same', text: 'Reads a ' }, { op: 'added', text: 'text ' }, { op: 'same', text: 'file' }]
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  wordDiffWork.diffs++
  if (before === after) return before ? [{ op: 'same', text: before }] : []
  const short = before.length <= MAX_WORD_DIFF_CHARS && after.length <= MAX_WORD_DIFF_CHARS
  const byWord = short ? script(tokens(before, WORD_TOKENS), tokens(after, WORD_TOKENS), MAX_WORD_EDITS) : null
  // Past both budgets: the sentences the texts share at either end, and the middle replaced whole.
  const segments = byWord ?? script(tokens(before, SENTENCE_TOKENS), tokens(after, SENTENCE_TOKENS), MAX_SENTENCE_EDITS, true)!
  return parts(fold(segments))
}

/**
 * The spans of `after` that a diff marks as added, as [start, end) offsets in UTF-16 code units.
 *
 * @example addedSpans(wordDiff('a b', 'a new b')) // [[2, 6]]
 */
export function addedSpans(parts: readonly DiffPart[]): Array<[number, number]> {
  const spans: Array<[number, number]> = []
  let at = 0
  for (const part of parts) {
    if (part.op === 'removed') continue
    if (part.op === 'added') spans.push([at, at + part.text.length])
    at += part.text.length
  }
  return spans
}
