/**
 * Characters that hide text from a person or disguise it: what they are, where they sit, and what
 * the hidden ones spell. Offsets are UTF-16 code units (JavaScript string indexes), end exclusive.
 * Pure functions over one string each; the rules (rules/, their detectors in detectors/) decide what is a finding.
 */

/** A span found in a text; `decoded` is what hidden characters spell, when they spell something. */
export interface CharSpan {
  start: number
  end: number
  decoded?: string
  /** How many characters of the kind the span holds. */
  count?: number
}

/** Tab, newline, carriage return and printable ASCII only: no rule about characters can apply. */
const PLAIN_ASCII = /^[\t\n\r\x20-\x7e]*$/

export const isPlainAscii = (text: string) => PLAIN_ASCII.test(text)

/** Any character the invisible and escape rules look for (a tag or a supplementary selector is a surrogate pair starting U+DB40). */
const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: single code units are meant, joiners and selectors included
  /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uDB40]/

export const hasHiddenCharacters = (text: string) => HIDDEN.test(text)

/** Letters of Greek, Cyrillic, Armenian or Cherokee, or Latin letters that pass for others: what look-alike rules look for. */
const CONFUSABLE_LETTER = /[\u0370-\u058F\u13A0-\u13FF\u0131\u0237\u2113\u0251\u0261\u1D20\u1D21\u1D22]/

export const hasConfusableLetters = (text: string) => CONFUSABLE_LETTER.test(text)

/** The code point at a string index, and how many code units it takes. */
function codePointAt(text: string, index: number): [number, number] {
  const cp = text.codePointAt(index) ?? 0
  return [cp, cp > 0xffff ? 2 : 1]
}

const hex = (cp: number) => cp.toString(16).toUpperCase().padStart(4, '0')

/** Unicode tag characters (U+E0000-E007F): invisible, and each one mirrors an ASCII character. */
export const isTag = (cp: number) => cp >= 0xe0000 && cp <= 0xe007f

/** Zero-width and other characters that render as nothing (fillers, invisible operators, the grapheme joiner). */
export function isZeroWidth(cp: number): boolean {
  return (
    (cp >= 0x200b && cp <= 0x200d) ||
    cp === 0x2060 ||
    cp === 0xfeff ||
    (cp >= 0x2061 && cp <= 0x2064) ||
    cp === 0x180e ||
    cp === 0x034f ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x3164 ||
    cp === 0xffa0
  )
}

/** Bidirectional embeddings, overrides and isolates: they reorder what a person sees. */
export const isBidiControl = (cp: number) => (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)

/** Bidirectional marks: harmless in right-to-left text, a disguise elsewhere. */
export const isBidiMark = (cp: number) => cp === 0x200e || cp === 0x200f || cp === 0x061c

export const isSoftHyphen = (cp: number) => cp === 0x00ad

export const isVariationSelector = (cp: number) => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)

/** C0 and C1 controls other than tab, newline, carriage return and the escape that starts a terminal sequence. */
export const isOtherControl = (cp: number) =>
  (cp <= 0x1f && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d && cp !== 0x1b) || (cp >= 0x7f && cp <= 0x9f && cp !== 0x9b)

/** Any character a person does not see: what an excerpt writes as <U+XXXX>. */
export const isInvisible = (cp: number) =>
  isTag(cp) ||
  isZeroWidth(cp) ||
  isBidiControl(cp) ||
  isBidiMark(cp) ||
  isSoftHyphen(cp) ||
  isVariationSelector(cp) ||
  isOtherControl(cp) ||
  cp === 0x1b ||
  cp === 0x9b

/** Runs of characters matching `test`, merged when adjacent. */
function runs(text: string, test: (cp: number, index: number) => boolean): CharSpan[] {
  const out: CharSpan[] = []
  let current: CharSpan | null = null
  for (let i = 0; i < text.length; ) {
    const [cp, size] = codePointAt(text, i)
    if (test(cp, i)) {
      if (current && current.end === i) {
        current.end = i + size
        current.count = (current.count ?? 0) + 1
      } else {
        current = { start: i, end: i + size, count: 1 }
        out.push(current)
      }
    }
    i += size
  }
  return out
}

/** Runs of tag characters, each with the ASCII text it spells (what a model may read and a person cannot see). */
export function findTagRuns(text: string): CharSpan[] {
  return runs(text, isTag)
    .filter((run) => !isFlagTagSequence(text, run))
    .map((run) => ({ ...run, decoded: decodeTags(text.slice(run.start, run.end)) }))
}

/** The one honest use of tag characters: a subdivision flag (🏴 then a short region code, then U+E007F: Scotland, Wales). */
function isFlagTagSequence(text: string, run: CharSpan): boolean {
  if (previousCodePoint(text, run.start) !== 0x1f3f4) return false
  const body = text.slice(run.start, run.end)
  return body.codePointAt(body.length - 2) === 0xe007f && /^[a-z0-9]{2,7}$/.test(decodeTags(body))
}

/** The ASCII text tag characters spell (U+E0041 is 'A'); the begin and cancel tags spell nothing. */
export function decodeTags(text: string): string {
  let out = ''
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    if (cp >= 0xe0020 && cp <= 0xe007e) out += String.fromCharCode(cp - 0xe0000)
  }
  return out
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u

const isEmoji = (cp: number) => EMOJI.test(String.fromCodePoint(cp))

/** The code point before a string index (0 at the start). */
function previousCodePoint(text: string, index: number): number {
  if (index <= 0) return 0
  const low = text.charCodeAt(index - 1)
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) return text.codePointAt(index - 2) ?? 0
  return low
}

/**
 * Zero-width characters, except where they do a job: a joiner between two emoji (a family, a
 * profession), a joiner or non-joiner inside a word of a script that shapes letters, and the
 * byte order mark at the very start.
 */
export function findZeroWidth(text: string): CharSpan[] {
  return runs(text, (cp, i) => {
    if (!isZeroWidth(cp)) return false
    if (cp === 0xfeff && i === 0) return false
    if (cp === 0x200d || cp === 0x200c) {
      const before = previousCodePoint(text, i)
      const after = text.codePointAt(i + 1) ?? 0
      if (cp === 0x200d && isEmoji(before === 0xfe0f ? previousCodePoint(text, i - 1) : before) && isEmoji(after)) return false
      if (SHAPING.test(String.fromCodePoint(before || 0x20)) && SHAPING.test(String.fromCodePoint(after || 0x20))) return false
    }
    return true
  })
}

/** Scripts whose writing uses the joiners legitimately (Arabic, Persian, the Indic scripts). */
const SHAPING =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}]/u

const RIGHT_TO_LEFT = /(?=\p{L})[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u

export const hasRightToLeft = (text: string) => RIGHT_TO_LEFT.test(text)

export const findBidiControls = (text: string) => runs(text, isBidiControl)

/** Bidirectional marks in a text that has no right-to-left writing for them to serve. */
export const findStrayBidiMarks = (text: string) => (hasRightToLeft(text) ? [] : runs(text, isBidiMark))

export const findSoftHyphens = (text: string) => runs(text, isSoftHyphen)

export const findOtherControls = (text: string) => runs(text, isOtherControl)

/** Keycap sequences: a digit, # or * with U+FE0F and U+20E3. */
const isKeycapBase = (cp: number) => (cp >= 0x30 && cp <= 0x39) || cp === 0x23 || cp === 0x2a

const HAN = /\p{Script=Han}/u

/**
 * Variation selectors that are not doing their job. One U+FE0E/U+FE0F after an emoji (or a keycap
 * base) picks its presentation, and one ideographic selector after a Han character picks a glyph:
 * those are left. Anything else is stray; a run of two or more is a payload (each selector can
 * carry a byte: the "emoji smuggling" trick), decoded when the bytes are text.
 */
export function findStrayVariationSelectors(text: string): Array<CharSpan & { payload: boolean }> {
  const found = runs(text, isVariationSelector)
  const out: Array<CharSpan & { payload: boolean }> = []
  for (const run of found) {
    const count = run.count ?? 1
    if (count === 1) {
      const cp = text.codePointAt(run.start) ?? 0
      const base = previousCodePoint(text, run.start)
      if ((cp === 0xfe0e || cp === 0xfe0f) && (isEmoji(base) || isKeycapBase(base) || EMOJI_TEXT_DEFAULT.has(base))) continue
      if (cp >= 0xe0100 && HAN.test(String.fromCodePoint(base || 0x20))) continue
    }
    const payload = count >= 2
    out.push({ ...run, payload, decoded: payload ? decodeVariationSelectors(text.slice(run.start, run.end)) : undefined })
  }
  return out
}

/** Symbols that take an emoji presentation selector though they are not pictographs themselves. */
const EMOJI_TEXT_DEFAULT = new Set([
  0x00a9, 0x00ae, 0x2122, 0x2139, 0x2194, 0x2195, 0x2196, 0x2197, 0x2198, 0x2199, 0x21a9, 0x21aa, 0x24c2, 0x3030, 0x303d, 0x3297, 0x3299,
])

/** The bytes variation selectors carry (U+FE00-FE0F are 0-15, U+E0100-E01EF are 16-255), as text when they are UTF-8 text. */
export function decodeVariationSelectors(text: string): string | undefined {
  const bytes: number[] = []
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    if (cp >= 0xfe00 && cp <= 0xfe0f) bytes.push(cp - 0xfe00)
    else if (cp >= 0xe0100 && cp <= 0xe01ef) bytes.push(cp - 0xe0100 + 16)
  }
  const decoded = new TextDecoder('utf-8').decode(new Uint8Array(bytes))
  return isReadable(decoded) ? decoded : undefined
}

/** Mostly printable text with letters in it: what a hidden payload that means something looks like. */
export function isReadable(text: string): boolean {
  if (text.length < 3) return false
  // Counted by code point, ASCII by its code (decoded blobs run to kilobytes; a pattern per character is slow).
  let total = 0
  let printable = 0
  let letters = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0xdc00 && c <= 0xdfff && i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff) continue
    total++
    if (c === 0xfffd) continue
    if ((c >= 0x20 && c < 0x7f) || c === 0x0a || c === 0x09 || c >= 0xa0) printable++
    if (c < 0x80) {
      const lower = c | 0x20
      if (lower >= 0x61 && lower <= 0x7a) letters++
    } else if (LETTER.test(String.fromCodePoint(text.codePointAt(i) ?? c))) letters++
  }
  return printable / total >= 0.9 && letters / total >= 0.5
}

const LETTER = /\p{L}/u

/**
 * Terminal escape sequences: CSI (ESC [ ... final byte, or the one-byte U+009B), OSC (ESC ] ...
 * ended by BEL or ESC \), and the two-byte escapes. A terminal obeys them instead of showing them:
 * they move the cursor, erase lines, hide text.
 */
const TERMINAL_ESCAPE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escape and bell characters are what this pattern finds
  /\x1b\[[0-?]{0,64}[ -/]{0,8}[@-~]?|\x1b\][^\x07\x1b]{0,512}(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]|\x1b|\x9b[0-?]{0,64}[ -/]{0,8}[@-~]?/g

export function findTerminalEscapes(text: string): CharSpan[] {
  const out: CharSpan[] = []
  for (const match of text.matchAll(TERMINAL_ESCAPE)) out.push({ start: match.index, end: match.index + match[0].length })
  return out
}

/**
 * Letters of other scripts that look like Latin ones: what an imitating name or a disguised
 * trigger word is spelled with. Not a full confusables table: the letters attacks use.
 */
export const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  г: 'r',
  ѕ: 's',
  т: 't',
  у: 'y',
  ѵ: 'v',
  ԝ: 'w',
  х: 'x',
  ү: 'y',
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Ѕ: 'S',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  Ү: 'Y',
  Ԁ: 'D',
  Һ: 'h',
  Ԍ: 'G',
  Ԛ: 'Q',
  Ԝ: 'W',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  ϲ: 'c',
  ϳ: 'j',
  ω: 'w',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  // Armenian
  օ: 'o',
  ս: 'u',
  հ: 'h',
  ո: 'n',
  ց: 'g',
  զ: 'q',
  // Latin letters that pass for others
  ı: 'i',
  ȷ: 'j',
  ℓ: 'l',
  ɑ: 'a',
  ɡ: 'g',
  ᴠ: 'v',
  ᴡ: 'w',
  ᴢ: 'z',
}

const CONFUSABLE_SCRIPTS = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u
const LATIN = /\p{Script=Latin}/u
const WORD = /[\p{L}\p{M}]+/gu

/**
 * Words that mix Latin letters with Cyrillic, Greek, Armenian or Cherokee ones ('pаypal' with a
 * Cyrillic а). With `confusableOnly`, only words whose foreign letters are Latin look-alikes and
 * that have at least two Latin letters: a Greek μ in '10μs' is a unit, not a disguise.
 */
export function findMixedScriptWords(text: string, confusableOnly = false): CharSpan[] {
  if (isPlainAscii(text)) return []
  const out: CharSpan[] = []
  for (const match of text.matchAll(WORD)) {
    const word = match[0]
    let latin = 0
    let foreign = 0
    let foreignConfusable = true
    for (const ch of word) {
      if (LATIN.test(ch)) latin++
      else if (CONFUSABLE_SCRIPTS.test(ch)) {
        foreign++
        if (!(ch in CONFUSABLES)) foreignConfusable = false
      }
    }
    if (latin === 0 || foreign === 0) continue
    if (confusableOnly && (!foreignConfusable || latin < 2)) continue
    out.push({ start: match.index, end: match.index + word.length, decoded: foldConfusables(word) })
  }
  return out
}

const foldConfusables = (word: string) => [...word].map((ch) => CONFUSABLES[ch] ?? ch).join('')

/** Letters drawn as symbols that read as Latin: regional indicators, negative circled and squared letters. */
function symbolLetter(cp: number): string | null {
  if (cp >= 0x1f1e6 && cp <= 0x1f1ff) return String.fromCharCode(65 + cp - 0x1f1e6)
  if (cp >= 0x1f150 && cp <= 0x1f169) return String.fromCharCode(65 + cp - 0x1f150)
  if (cp >= 0x1f170 && cp <= 0x1f189) return String.fromCharCode(65 + cp - 0x1f170)
  return null
}

/** Typographic punctuation and spaces folded to ASCII, so a pattern need not spell each. */
const PUNCTUATION: Readonly<Record<number, string>> = {
  8216: "'",
  8217: "'",
  8219: "'",
  8242: "'",
  700: "'",
  8220: '"',
  8221: '"',
  8222: '"',
  171: '"',
  187: '"',
  8208: '-',
  8209: '-',
  8210: '-',
  8211: '-',
  8212: '-',
  8213: '-',
  8722: '-',
  160: ' ',
  8199: ' ',
  8239: ' ',
  12288: ' ',
  8192: ' ',
  8193: ' ',
  8194: ' ',
  8195: ' ',
  8196: ' ',
  8197: ' ',
  8198: ' ',
  8200: ' ',
  8201: ' ',
  8202: ' ',
}

/** A text as the patterns read it, and where each of its code units came from in the original. */
export interface Normalized {
  text: string
  /** `map[i]` is the original index of normalized unit i; `map[text.length]` is the original's length. Null when nothing changed. */
  map: Int32Array | null
}

/**
 * The text the word patterns read: invisible characters dropped (so 'ig<U+200B>nore' reads
 * 'ignore'), tag characters replaced by the ASCII they spell, fullwidth and mathematical letters,
 * letters drawn as symbols and whatever else NFKC folds to ASCII (ligatures, superscript and
 * modifier letters, small forms) folded to plain ones, typographic quotes and spaces to ASCII, and
 * inside a word that mixes scripts the look-alike letters folded to Latin (pure Cyrillic or Greek
 * words stay as they are, so Russian patterns still read Russian). Offsets map back.
 */
export function normalizeForMatching(raw: string): Normalized {
  if (isPlainAscii(raw)) return { text: raw, map: null }
  // Most texts beyond ASCII only hold typographic quotes, dashes and spaces: one unit for one, no map.
  if (!CHANGES_LENGTH.test(raw)) {
    const text = raw.replace(ONE_FOR_ONE, (ch) => PUNCTUATION[ch.charCodeAt(0)] ?? String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    return { text: CONFUSABLE_SCRIPT.test(text) ? foldMixedWords(text) : text, map: null }
  }
  let text = ''
  const map: number[] = []
  for (let i = 0; i < raw.length; ) {
    const [cp, size] = codePointAt(raw, i)
    let out: string
    if (isTag(cp)) out = cp >= 0xe0020 && cp <= 0xe007e ? String.fromCharCode(cp - 0xe0000) : ''
    else if (isZeroWidth(cp) || isBidiControl(cp) || isBidiMark(cp) || isSoftHyphen(cp) || isVariationSelector(cp)) out = ''
    else if (PUNCTUATION[cp] !== undefined) out = PUNCTUATION[cp]
    else if (cp < 0x80) out = raw.slice(i, i + size)
    else {
      const letter = symbolLetter(cp)
      if (letter) out = letter
      else if (
        (cp >= 0xff01 && cp <= 0xff5e) ||
        (cp >= 0x1d400 && cp <= 0x1d7ff) ||
        (cp >= 0x2460 && cp <= 0x24ff) ||
        (cp >= 0x1f100 && cp <= 0x1f14f) ||
        isCompatibilityLetter(cp)
      ) {
        const folded = String.fromCodePoint(cp).normalize('NFKC')
        out = /^[\x20-\x7e]+$/.test(folded) ? folded : raw.slice(i, i + size)
      } else out = raw.slice(i, i + size)
    }
    for (let k = 0; k < out.length; k++) map.push(i)
    text += out
    i += size
  }
  map.push(raw.length)
  return { text: CONFUSABLE_SCRIPT.test(text) ? foldMixedWords(text) : text, map: Int32Array.from(map) }
}

/**
 * The rest of what NFKC folds to ASCII that text is disguised with: the long s, modifier and
 * superscript or subscript letters (ᴵᵍⁿᵒʳᵉ), letterlike symbols (ℐ, ℌ, ™), Roman numerals, the
 * ligatures (ﬁ) and small forms (﹤IMPORTANT﹥). Folded only where NFKC gives printable ASCII.
 */
const isCompatibilityLetter = (cp: number) =>
  cp === 0x017f ||
  (cp >= 0x02b0 && cp <= 0x02b8) ||
  (cp >= 0x02e0 && cp <= 0x02e4) ||
  (cp >= 0x1d2c && cp <= 0x1d6a) ||
  (cp >= 0x2070 && cp <= 0x209f) ||
  (cp >= 0x2100 && cp <= 0x218f) ||
  (cp >= 0xfb00 && cp <= 0xfb06) ||
  (cp >= 0xfe50 && cp <= 0xfe6b)

/** Characters whose normalized form has another length (dropped, a surrogate pair or a ligature folded), which needs a map. */
const CHANGES_LENGTH =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: single code units are meant, joiners and selectors included
  /[\u00AD\u017F\u02B0-\u02B8\u02E0-\u02E4\u034F\u061C\u115F\u1160\u180E\u1D2C-\u1D6A\u200B-\u200F\u202A-\u202E\u2060-\u2069\u2070-\u218F\u2460-\u24FF\u3164\uFB00-\uFB06\uFE00-\uFE0F\uFE50-\uFE6B\uFEFF\uFFA0\uD800-\uDFFF]/
/** Characters folded one for one: typographic punctuation and spaces, fullwidth ASCII. */
const ONE_FOR_ONE = /[\u00A0\u00AB\u00BB\u02BC\u2000-\u200A\u2010-\u2015\u2018-\u201E\u2032\u202F\u2212\u3000\uFF01-\uFF5E]/g
/** A letter of a script whose letters pass for Latin ones. */
const CONFUSABLE_SCRIPT = /[\u0370-\u058F\u13A0-\u13FF]/

/** Look-alike letters folded to Latin inside words that mix scripts; each is one BMP unit to one ASCII unit, so offsets hold. */
function foldMixedWords(text: string): string {
  const mixed = findMixedScriptWords(text, true)
  if (mixed.length === 0) return text
  let folded = ''
  let last = 0
  for (const span of mixed) {
    folded += text.slice(last, span.start) + (span.decoded ?? text.slice(span.start, span.end))
    last = span.end
  }
  return folded + text.slice(last)
}

/** A span of the normalized text as a span of the original. */
export function toOriginal(norm: Normalized, start: number, end: number): { start: number; end: number } {
  if (!norm.map) return { start, end }
  const last = norm.map.length - 1
  const s = norm.map[Math.min(start, last)]
  // The next normalized unit's origin: dropped characters right after the span come with it.
  let e = norm.map[Math.min(end, last)]
  if (e <= s && end > start) e = s + 1
  return { start: s, end: e }
}

const SEPARATORS = /[\s_\-.:/]+/g

/**
 * A name's skeleton: what it looks like to a person. Invisible characters dropped, fullwidth and
 * look-alike letters folded to Latin, lowercased, separators removed. Two names with one skeleton
 * read the same.
 */
export function skeleton(name: string): string {
  const norm = normalizeForMatching(name).text
  return foldConfusables(norm.normalize('NFKC')).toLowerCase().replace(SEPARATORS, '')
}

/** A span as a person can read it: invisible characters written as <U+XXXX>, runs of tag characters as the text they spell, cut to `max`. */
export function renderExcerpt(text: string, max = 200): string {
  let out = ''
  for (let i = 0; i < text.length && out.length < max + 20; ) {
    const [cp, size] = codePointAt(text, i)
    if (isTag(cp)) {
      let j = i
      while (j < text.length && isTag(text.codePointAt(j) ?? 0)) j += 2
      const decoded = decodeTags(text.slice(i, j))
      out += decoded ? `<hidden tags: "${decoded}">` : `<U+${hex(cp)}>`
      i = j
      continue
    }
    out += isInvisible(cp) ? `<U+${hex(cp)}>` : text.slice(i, i + size)
    i += size
  }
  return out.length > max ? `${out.slice(0, max - 1)}…` : out
}
