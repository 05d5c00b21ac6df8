/**
 * Encoded text a model reads through and a person does not: base64, percent-encoding, JSON and
 * JavaScript escapes, HTML entities, ROT13 and bytes smuggled in variation selectors. `decodedView`
 * finds such segments in a text and gives the text with each one decoded in place, every unit of it
 * mapped back to the span of the original it came from, so a rule reading the view can place its
 * finding on the encoded text a person sees. Nested encodings (base64 of percent-encoded text) are
 * decoded again, at most MAX_LAYERS deep. Pure and bounded: each layer is one linear pass over at
 * most MAX_INPUT characters, with at most MAX_SEGMENTS segments, and every layer is shorter than
 * the one it decodes (no encoding here decodes to more characters than it is written with).
 */
import { findStrayVariationSelectors, isReadable } from './unicode'

export type Encoding = 'base64' | 'percent-encoding' | 'escapes' | 'HTML entities' | 'ROT13' | 'variation-selector bytes'

/** Characters of a text examined; surfaces cap strings at 8 KiB, this guards a text built elsewhere. */
export const MAX_INPUT = 32_768
/** Segments decoded per layer: past this many the rest of the text is left as it is. */
export const MAX_SEGMENTS = 64
/** Layers of decoding: a text, then what it decodes to, then what that decodes to. */
export const MAX_LAYERS = 3
/** The shortest base64 run read: 16 characters are 12 bytes, `~/.ssh/id_rsa` is 13. */
export const MIN_BASE64 = 16

/** One decoded piece of a view: the span of the original it stands for, and how it was written there. */
export interface DecodedSegment {
  start: number
  end: number
  /** The encodings it came through, the outermost first (base64, then percent-encoding inside it). */
  via: Encoding[]
  /**
   * Whether it encodes what needs no encoding (a letter in an escape, words in base64): a disguise,
   * rather than the ordinary escaping of a space in an address or a `<` in HTML.
   */
  hides: boolean
}

/** A text with its encoded segments decoded in place. */
export interface DecodedView {
  text: string
  /** For each unit of `text`, the span of the original it came from (one unit, or a whole segment). */
  from: Int32Array
  to: Int32Array
  /** For each unit, the index of the segment it was decoded from in `segments`, or -1 when copied as it was. */
  segment: Int16Array
  segments: DecodedSegment[]
}

/** A segment found in one layer, in that layer's offsets. */
interface Found {
  start: number
  end: number
  decoded: string
  encoding: Encoding
  hides: boolean
}

/** Anything any decoder below could read: its start, cheaply, before any decoder runs. */
const MAY_HOLD =
  /%[0-9A-Fa-f]{2}|\\(?:u[0-9A-Fa-f{]|x[0-9A-Fa-f])|&(?:#|[A-Za-z]{2,8};)|[A-Za-z0-9+/_-]{16}|[\uFE00-\uFE0F\uDB40]|\b(?:gur|naq|lbh|guvf|jvgu|sbe|nyy|vtaber|ernq|fraq|hfre|svyr|abg|qb)\b/i

/** Whether a text may hold something `decodedView` decodes (one pattern test; false means it holds nothing). */
export const mayHoldEncoded = (text: string) => MAY_HOLD.test(text)

/** A letter, digit or one of `-._~`: characters that never need encoding, so encoding one hides it. */
const UNRESERVED = /[A-Za-z0-9\-._~]/

/** Decodes UTF-8 or throws: bytes that are not UTF-8 are not text someone encoded. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

// ---- base64 --------------------------------------------------------------------------------

const BASE64_RUN = /(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/_=-])/g

/** The UTF-8 text base64 (standard or URL-safe, padded or not) stands for; null when it is not valid base64 of valid UTF-8. */
export function decodeBase64(blob: string): string | null {
  const body = blob.replace(/=+$/, '')
  if (body.length % 4 === 1 || (/[+/]/.test(body) && /[-_]/.test(body))) return null
  try {
    const b64 = body.replace(/-/g, '+').replace(/_/g, '/')
    const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return STRICT_UTF8.decode(bytes)
  } catch {
    return null
  }
}

/** Control characters other than tab, newline and carriage return: bytes, not text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
const BINARY = /[\x00-\x08\x0b\x0c\x0e-\x1f]/

function base64Segments(text: string, out: Found[]): void {
  BASE64_RUN.lastIndex = 0
  for (let m = BASE64_RUN.exec(text); m && out.length < MAX_SEGMENTS; m = BASE64_RUN.exec(text)) {
    const blob = m[0]
    // A word, a name or a path is not base64: base64 of text mixes cases and digits.
    if (!/[A-Z]/.test(blob) || !/[a-z]/.test(blob) || !/[0-9+/=]/.test(blob)) continue
    const decoded = decodeBase64(blob)
    if (decoded === null || !isReadable(decoded) || BINARY.test(decoded)) continue
    out.push({ start: m.index, end: m.index + blob.length, decoded, encoding: 'base64', hides: true })
  }
}

// ---- percent-encoding ----------------------------------------------------------------------

const PERCENT = /%[0-9A-Fa-f]{2}/g
/** Where a percent-encoded token ends: whitespace, quotes, angle brackets, backticks. */
const TOKEN_END = /[\s"'<>`]/

/**
 * Tokens (runs without spaces or quotes) holding two percent escapes, or one that hides a
 * character needing no encoding: `%2F%2E%73%73%68`, `~%2F.ssh%2Fid_rsa`, a whole encoded
 * address. One `%20` in an address is ordinary and left.
 */
function percentSegments(text: string, out: Found[]): void {
  PERCENT.lastIndex = 0
  let covered = 0
  for (let m = PERCENT.exec(text); m && out.length < MAX_SEGMENTS; m = PERCENT.exec(text)) {
    if (m.index < covered) continue
    let start = m.index
    while (start > covered && !TOKEN_END.test(text[start - 1])) start--
    let end = m.index + 3
    while (end < text.length && !TOKEN_END.test(text[end])) end++
    // Punctuation ending the sentence is not part of the address.
    while (end > m.index + 3 && /[.,;:!?)\]}]/.test(text[end - 1])) end--
    covered = end
    PERCENT.lastIndex = end
    const token = text.slice(start, end)
    const escapes = token.match(PERCENT) ?? []
    const hides = escapes.some((e) => UNRESERVED.test(String.fromCharCode(Number.parseInt(e.slice(1), 16))))
    if (escapes.length < 2 && !hides) continue
    let decoded: string
    try {
      decoded = decodeURIComponent(token)
    } catch {
      continue
    }
    if (decoded !== token) out.push({ start, end, decoded, encoding: 'percent-encoding', hides })
  }
}

// ---- JSON and JavaScript escapes -----------------------------------------------------------

const ESCAPES = /(?:\\u\{[0-9A-Fa-f]{1,6}\}|\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2})+/g
const ONE_ESCAPE = /\\u\{([0-9A-Fa-f]{1,6})\}|\\u([0-9A-Fa-f]{4})|\\x([0-9A-Fa-f]{2})/g

/** A run of escapes as text: `\u0069` is i, `\x41` A; a run of `\x` bytes that is UTF-8 is read as UTF-8. */
function decodeEscapes(run: string): string | null {
  const units: number[] = []
  let bytesOnly = true
  for (const m of run.matchAll(ONE_ESCAPE)) {
    const code = Number.parseInt(m[1] ?? m[2] ?? m[3], 16)
    if (m[3] === undefined) bytesOnly = false
    if (code > 0x10ffff) return null
    units.push(code)
  }
  if (bytesOnly && units.some((b) => b >= 0x80)) {
    try {
      return STRICT_UTF8.decode(Uint8Array.from(units))
    } catch {
      // Not UTF-8: read each as a code point, as JavaScript does.
    }
  }
  let out = ''
  for (let i = 0; i < units.length; i++) {
    const u = units[i]
    // A surrogate pair written as two \u escapes is one character.
    if (u >= 0xd800 && u <= 0xdbff && units[i + 1] >= 0xdc00 && units[i + 1] <= 0xdfff) {
      out += String.fromCharCode(u, units[++i])
    } else if (u >= 0xd800 && u <= 0xdfff) return null
    else out += String.fromCodePoint(u)
  }
  return out
}

function escapeSegments(text: string, out: Found[]): void {
  ESCAPES.lastIndex = 0
  for (let m = ESCAPES.exec(text); m && out.length < MAX_SEGMENTS; m = ESCAPES.exec(text)) {
    const decoded = decodeEscapes(m[0])
    if (decoded === null || decoded === '') continue
    out.push({ start: m.index, end: m.index + m[0].length, decoded, encoding: 'escapes', hides: UNRESERVED.test(decoded) })
  }
}

// ---- HTML entities -------------------------------------------------------------------------

/** The named entities text is written with; an unknown name is left as it is. */
const NAMED: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  sol: '/',
  bsol: '\\',
  period: '.',
  colon: ':',
  tilde: '~',
  lowbar: '_',
  num: '#',
  excl: '!',
  quest: '?',
  lsqb: '[',
  rsqb: ']',
  lpar: '(',
  rpar: ')',
  equals: '=',
  commat: '@',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
}
/** Entities that stand for what HTML must escape; any other (a letter, a slash, a dot) is a disguise. */
const ORDINARY_ENTITY = new Set(['<', '>', '&', '"', "'", ' ', '–', '—', '‘', '’', '“', '”', '…'])

const ENTITIES = /(?:&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,7});)+/g
const ONE_ENTITY = /&(?:#([0-9]{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z][A-Za-z0-9]{1,7}));/g

function entitySegments(text: string, out: Found[]): void {
  ENTITIES.lastIndex = 0
  for (let m = ENTITIES.exec(text); m && out.length < MAX_SEGMENTS; m = ENTITIES.exec(text)) {
    let decoded = ''
    let hides = false
    let known = true
    for (const e of m[0].matchAll(ONE_ENTITY)) {
      let ch: string | undefined
      if (e[3] !== undefined) ch = NAMED[e[3]] ?? NAMED[e[3].toLowerCase()]
      else {
        const code = e[1] !== undefined ? Number.parseInt(e[1], 10) : Number.parseInt(e[2], 16)
        ch = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : undefined
      }
      if (ch === undefined) {
        known = false
        break
      }
      if (!ORDINARY_ENTITY.has(ch)) hides = true
      decoded += ch
    }
    if (known) out.push({ start: m.index, end: m.index + m[0].length, decoded, encoding: 'HTML entities', hides })
  }
}

// ---- ROT13 ---------------------------------------------------------------------------------

/** ROT13: each Latin letter moved 13 places, which undoes itself. */
export const rot13 = (text: string) =>
  text.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.charCodeAt(0) - (c <= 'Z' ? 65 : 97) + 13) % 26) + (c <= 'Z' ? 65 : 97)))

/**
 * Common English words, and the words attacks are made of: a sentence whose ROT13 holds many of
 * them, and which holds few itself, is English written in ROT13. None of them is another's ROT13
 * (no 'be' and 'or'), which a test holds.
 */
export const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  (
    'the and to of in is it you that for on with this not do all are as at your from by then any if into before after when ' +
    'always never must should will can use using read send tell user users file files key keys ignore previous instructions ' +
    'include contents content put pass value field data first every other tool tools call secret password token them what ' +
    'about there here my we they was were has have been make sure only also output message system prompt note don'
  ).split(' '),
)

/** Where a sentence (or a clause after a colon) ends: the ROT13 part of a text is usually one of them. */
const CLAUSE = /[.!?:;](?=\s|$)|\n/g
const WORDS = /[A-Za-z']+/g

/** How many of a text's words are common English words. */
function englishCount(text: string): number {
  let n = 0
  for (const m of text.matchAll(WORDS)) if (ENGLISH_WORDS.has(m[0].toLowerCase())) n++
  return n
}

/**
 * Clauses written in ROT13: three words at least, whose ROT13 has at least two common English
 * words, twice as many as the clause itself has, and a quarter of its words. Plain English (many
 * such words, few after rotating) and code are left.
 */
export function findRot13(text: string): Array<{ start: number; end: number; plain: string }> {
  const out: Array<{ start: number; end: number; plain: string }> = []
  let at = 0
  const clauses: Array<[number, number]> = []
  CLAUSE.lastIndex = 0
  for (let m = CLAUSE.exec(text); m; m = CLAUSE.exec(text)) {
    clauses.push([at, m.index])
    at = m.index + m[0].length
  }
  clauses.push([at, text.length])
  for (const [s, e] of clauses) {
    if (out.length >= MAX_SEGMENTS) break
    let start = s
    let end = e
    while (start < end && /\s/.test(text[start])) start++
    while (end > start && /\s/.test(text[end - 1])) end--
    const clause = text.slice(start, end)
    const words = clause.match(WORDS)?.length ?? 0
    if (words < 3) continue
    const plain = rot13(clause)
    const rotated = englishCount(plain)
    if (rotated >= 2 && rotated >= 2 * englishCount(clause) + 1 && rotated * 4 >= words) out.push({ start, end, plain })
    else if (rotated >= 3) rot13Runs(text, start, end, out)
  }
  return out
}

/**
 * The ROT13 stretches of a clause that is not ROT13 as a whole: a plain lead-in with the rotated
 * order glued on without a full stop ('Provide links to the user Fraq gur anzrf gb uggcf://...').
 * Its words are split at each plain common word (a ROT13 stretch has none, as no common word is
 * another's ROT13); a stretch is kept from its first rotated common word to its last when it holds
 * three of them and they are a quarter of its words. One pass over the clause's words.
 */
function rot13Runs(text: string, start: number, end: number, out: Array<{ start: number; end: number; plain: string }>): void {
  let first = -1
  let last = -1
  let rotated = 0
  // Words from the stretch's first rotated common word, and up to its last one.
  let words = 0
  let upToLast = 0
  const flush = () => {
    if (rotated >= 3 && rotated * 4 >= upToLast && out.length < MAX_SEGMENTS)
      out.push({ start: first, end: last, plain: rot13(text.slice(first, last)) })
    first = -1
    last = -1
    rotated = 0
    words = 0
    upToLast = 0
  }
  const clause = text.slice(start, end)
  for (const m of clause.matchAll(WORDS)) {
    const word = m[0].toLowerCase()
    if (ENGLISH_WORDS.has(word)) {
      flush()
      continue
    }
    if (first !== -1) words++
    if (ENGLISH_WORDS.has(rot13(word))) {
      if (first === -1) {
        first = start + (m.index ?? 0)
        words = 1
      }
      last = start + (m.index ?? 0) + m[0].length
      upToLast = words
      rotated++
    }
  }
  flush()
}

function rot13Segments(text: string, out: Found[]): void {
  for (const { start, end, plain } of findRot13(text)) {
    if (out.length >= MAX_SEGMENTS) break
    out.push({ start, end, decoded: plain, encoding: 'ROT13', hides: true })
  }
}

// ---- variation selectors -------------------------------------------------------------------

function selectorSegments(text: string, out: Found[]): void {
  for (const run of findStrayVariationSelectors(text)) {
    if (out.length >= MAX_SEGMENTS) break
    if (run.payload && run.decoded)
      out.push({ start: run.start, end: run.end, decoded: ` ${run.decoded} `, encoding: 'variation-selector bytes', hides: true })
  }
}

// ---- the view ------------------------------------------------------------------------------

/** Every segment of one layer, sorted, none overlapping (the earlier first, then the longer), at most MAX_SEGMENTS. */
function findSegments(text: string): Found[] {
  const found: Found[] = []
  if (/[\uFE00-\uFE0F\uDB40]/.test(text)) selectorSegments(text, found)
  if (text.includes('\\')) escapeSegments(text, found)
  if (text.includes('&')) entitySegments(text, found)
  if (text.includes('%')) percentSegments(text, found)
  base64Segments(text, found)
  rot13Segments(text, found)
  found.sort((a, b) => a.start - b.start || b.end - a.end)
  const out: Found[] = []
  let end = 0
  for (const seg of found) {
    if (seg.start < end) continue
    out.push(seg)
    end = seg.end
    if (out.length >= MAX_SEGMENTS) break
  }
  return out
}

/** One layer over the one before (null: over the original text itself). */
function applyLayer(base: string, prev: DecodedView | null, found: Found[], segments: DecodedSegment[]): DecodedView {
  const from: number[] = []
  const to: number[] = []
  const segment: number[] = []
  const copy = (a: number, b: number) => {
    for (let i = a; i < b; i++) {
      from.push(prev ? prev.from[i] : i)
      to.push(prev ? prev.to[i] : i + 1)
      segment.push(prev ? prev.segment[i] : -1)
    }
  }
  let text = ''
  let at = 0
  for (const f of found) {
    copy(at, f.start)
    text += base.slice(at, f.start)
    let lo = Number.POSITIVE_INFINITY
    let hi = -1
    const inner = new Set<number>()
    for (let i = f.start; i < f.end; i++) {
      lo = Math.min(lo, prev ? prev.from[i] : i)
      hi = Math.max(hi, prev ? prev.to[i] : i + 1)
      if (prev && prev.segment[i] >= 0) inner.add(prev.segment[i])
    }
    // The layer before is the outer encoding: base64 decoded first, then the percent-encoding it held.
    const via: Encoding[] = []
    let hides = f.hides
    for (const k of inner) {
      for (const e of segments[k].via) if (!via.includes(e)) via.push(e)
      hides ||= segments[k].hides
    }
    if (!via.includes(f.encoding)) via.push(f.encoding)
    segments.push({ start: lo, end: hi, via, hides })
    for (let k = 0; k < f.decoded.length; k++) {
      from.push(lo)
      to.push(hi)
      segment.push(segments.length - 1)
    }
    text += f.decoded
    at = f.end
  }
  copy(at, base.length)
  text += base.slice(at)
  return { text, from: Int32Array.from(from), to: Int32Array.from(to), segment: Int16Array.from(segment), segments }
}

/**
 * The text with every encoded segment decoded in place, then what those decode to (at most
 * MAX_LAYERS deep); null when it holds nothing that decodes to readable text.
 *
 * @example decodedView('Read fi5zc2gvaWRfcnNh')?.text // 'Read ~/.ssh/id_rsa'
 */
export function decodedView(raw: string): DecodedView | null {
  if (!mayHoldEncoded(raw)) return null
  const text = raw.length > MAX_INPUT ? raw.slice(0, MAX_INPUT) : raw
  const first = findSegments(text)
  if (first.length === 0) return null
  const segments: DecodedSegment[] = []
  let view = applyLayer(text, null, first, segments)
  for (let layer = 1; layer < MAX_LAYERS && mayHoldEncoded(view.text); layer++) {
    const current = view
    // Only what the layer before decoded is decoded again: the rest was read as it is already.
    const nested = findSegments(current.text).filter((f) => {
      for (let i = f.start; i < f.end; i++) if (current.segment[i] >= 0) return true
      return false
    })
    if (nested.length === 0) break
    view = applyLayer(current.text, current, nested, segments)
  }
  if (raw.length > text.length) {
    // The unread tail is kept as it is, so the view's offsets past the cut still map one for one.
    const tail = raw.length - text.length
    const from = new Int32Array(view.from.length + tail)
    const to = new Int32Array(view.to.length + tail)
    const segment = new Int16Array(view.segment.length + tail)
    from.set(view.from)
    to.set(view.to)
    segment.set(view.segment)
    for (let i = 0; i < tail; i++) {
      from[view.from.length + i] = text.length + i
      to[view.to.length + i] = text.length + i + 1
      segment[view.segment.length + i] = -1
    }
    view = { text: view.text + raw.slice(text.length), from, to, segment, segments: view.segments }
  }
  return view
}

/**
 * A span of a view as a span of the original, with the segments it overlaps; null when it
 * overlaps none (the text as written says the same, and is read as it is).
 */
export function viewSpan(view: DecodedView, start: number, end: number): { start: number; end: number; segments: DecodedSegment[] } | null {
  const last = Math.min(end, view.text.length)
  let lo = Number.POSITIVE_INFINITY
  let hi = -1
  const seen = new Set<number>()
  for (let i = Math.max(0, start); i < last; i++) {
    lo = Math.min(lo, view.from[i])
    hi = Math.max(hi, view.to[i])
    if (view.segment[i] >= 0) seen.add(view.segment[i])
  }
  if (seen.size === 0) return null
  return { start: lo, end: hi, segments: [...seen].sort((a, b) => a - b).map((k) => view.segments[k]) }
}

/** How a span was written, for a finding's reason: 'base64', 'base64, then percent-encoding'. */
export function describeEncodings(segments: readonly DecodedSegment[]): string {
  const chains = [...new Set(segments.map((s) => s.via.join(', then ')))]
  return chains.join(' and ')
}
