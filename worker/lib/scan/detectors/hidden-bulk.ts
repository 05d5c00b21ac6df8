/** Detectors of hidden bulk: very long texts, encoded blobs, comments, folded markup, repetition, rotated text, padding. */
import { decodeBase64, findRot13 } from '../decode'
import { destinationOf, destinationReason } from '../destinations'
import { type Detector, type Hit, VALUES } from '../rule-types'
import { findTerminalEscapes, isPlainAscii, isReadable, renderExcerpt } from '../unicode'
import { selfOf } from './exfiltration'
import { parameterAt } from './items'
import { matches, spans } from './matching'

/** Past this many characters a description is longer than a person reads in a tool list. */
export const LONG_TEXT = 5000

export const longText: Detector = {
  name: 'very long texts',
  on: 'raw',
  find: (text) =>
    text.length > LONG_TEXT
      ? [{ start: LONG_TEXT, end: text.length, excerpt: renderExcerpt(`${text.length} characters, ending: …${text.slice(-150)}`) }]
      : [],
}

const BASE64 =
  /(?<![A-Za-z0-9+/_-])(?:[A-Za-z0-9+/]{4}){15,}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?|(?<![A-Za-z0-9+/_-])[A-Za-z0-9_-]{80,}/g
const HEX =
  /(?<![0-9a-fA-F])(?:[0-9a-fA-F]{2}){40,}(?![0-9a-fA-F])|(?:\\x[0-9a-fA-F]{2}){8,}|(?:\\u[0-9a-fA-F]{4}){6,}|(?:%[0-9a-fA-F]{2}){8,}|(?:&#x?[0-9a-fA-F]{1,6};){8,}/g

/** A quick look before the patterns: a run of 60 base64 characters, or the start of an escape sequence. */
function hasEncodedRun(text: string): boolean {
  let run = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const b64 =
      (c >= 0x30 && c <= 0x39) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x61 && c <= 0x7a) ||
      c === 0x2b ||
      c === 0x2f ||
      c === 0x2d ||
      c === 0x5f
    run = b64 ? run + 1 : 0
    if (run >= 60) return true
  }
  return /\\[xu][0-9a-f]|%[0-9a-f]{2}%|&#/i.test(text)
}

function decodeHexish(blob: string): string | null {
  let codes: number[]
  if (blob.startsWith('\\x'))
    codes = blob
      .split('\\x')
      .filter(Boolean)
      .map((h) => Number.parseInt(h, 16))
  else if (blob.startsWith('\\u'))
    return String.fromCharCode(
      ...blob
        .split('\\u')
        .filter(Boolean)
        .map((h) => Number.parseInt(h, 16)),
    )
  else if (blob.startsWith('%'))
    codes = blob
      .split('%')
      .filter(Boolean)
      .map((h) => Number.parseInt(h, 16))
  else if (blob.startsWith('&#'))
    return String.fromCodePoint(
      ...(blob.match(/&#x?[0-9a-f]+;/gi) ?? []).map((e) =>
        /^&#x/i.test(e) ? Number.parseInt(e.slice(3), 16) : Number.parseInt(e.slice(2), 10),
      ),
    )
  else codes = (blob.match(/../g) ?? []).map((h) => Number.parseInt(h, 16))
  return new TextDecoder('utf-8').decode(Uint8Array.from(codes))
}

/**
 * Decoded text that is words in ASCII: what someone encoded to hide it, not data (an image, a hash,
 * Chinese in a URL). Two letters, a space, two letters: `[a-z]{2,}\s+[a-z]{2,}` says the same and
 * backtracks over a long run of letters (8 KiB of `%69` took seconds).
 */
const isHiddenEnglish = (decoded: string) =>
  isReadable(decoded) && /[a-z]{2}\s+[a-z]{2}/i.test(decoded) && (decoded.match(/[\x20-\x7e]/g)?.length ?? 0) / decoded.length > 0.9

/**
 * Encoded blobs. Text hidden in base64, hex or escapes that decodes to words is high (the excerpt
 * shows what it says); an undecodable base64 blob in prose is medium; in a value (an example image,
 * a token) or decoding to JSON (a sample JWT) it is low.
 */
export const encodedBlobs: Detector = {
  name: 'encoded blobs',
  on: 'raw',
  find: (text, input) => {
    const out: Hit[] = []
    if (!hasEncodedRun(text)) return out
    for (const m of matches(BASE64, text)) {
      const blob = m[0]
      if (!/[A-Z]/.test(blob) || !/[a-z]/.test(blob) || !/[0-9]/.test(blob)) continue
      if ((blob.match(/\//g)?.length ?? 0) > blob.length / 16) continue
      const decoded = decodeBase64(blob)
      const span = { start: m.index, end: m.index + blob.length }
      if (decoded && isHiddenEnglish(decoded) && !/^\s*[[{]/.test(decoded))
        out.push({ ...span, severity: 'high', excerpt: renderExcerpt(`base64 for: "${decoded}"`) })
      else {
        const inUrl = /https?:\/\/\S*$/.test(text.slice(Math.max(0, m.index - 300), m.index))
        if (inUrl) continue
        const low = VALUES.includes(input.role) || (decoded !== null && /^\s*[[{]/.test(decoded))
        out.push({ ...span, severity: low ? 'low' : 'medium' })
      }
    }
    for (const m of matches(HEX, text)) {
      const decoded = decodeHexish(m[0])
      const span = { start: m.index, end: m.index + m[0].length }
      if (decoded && isHiddenEnglish(decoded)) out.push({ ...span, severity: 'high', excerpt: renderExcerpt(`encoded text: "${decoded}"`) })
      else if (!/^[0-9a-f]+$/i.test(m[0])) out.push({ ...span, severity: 'low' })
    }
    return out
  },
}

/** Markdown's own comment line ('[//]: # (...)'), hidden wherever Markdown is rendered. */
const MARKDOWN_COMMENT = /^[ \t]*\[(?:\/\/|comment|_|#)\]:\s*(?:#|<>)\s*[("'].*$/gm

export const htmlComments: Detector = {
  name: 'HTML comments',
  on: 'raw',
  find: (text) => {
    const out: Hit[] = []
    for (let at = text.indexOf('<!--'); at !== -1 && out.length < 20; at = text.indexOf('<!--', at + 4)) {
      const close = text.indexOf('-->', at + 4)
      const end = close === -1 ? text.length : close + 3
      out.push({ start: at, end })
      if (close === -1) break
      at = close
    }
    for (const m of matches(MARKDOWN_COMMENT, text)) out.push({ start: m.index, end: m.index + m[0].length })
    return out
  },
}

/** Markup that renders folded or invisible: a <details> block, display:none, zero font size, white text. */
export const COLLAPSED_MARKUP =
  /<\s*details\b[^>]{0,100}>|<[^>]{0,100}\b(?:hidden\b|style\s*=\s*["'][^"']{0,100}(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0|opacity\s*:\s*0|color\s*:\s*(?:white|#fff\b|#ffffff|transparent)))[^>]{0,100}>/gi

/** The same sentence over and over: bulk that pushes the end of a description out of view. */
export const repetition: Detector = {
  name: 'repeated sentences',
  on: 'raw',
  find: (text) => {
    if (text.length < 600) return []
    const counts = new Map<string, number>()
    let most = 0
    for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
      const key = sentence.trim().toLowerCase()
      if (key.length < 20) continue
      const n = (counts.get(key) ?? 0) + 1
      counts.set(key, n)
      most = Math.max(most, n)
    }
    return most >= 5
      ? [{ start: 0, end: text.length, excerpt: renderExcerpt(`one sentence ${most} times, ending: …${text.slice(-150)}`) }]
      : []
  },
}

/** What a hidden payload says once decoded: the strongest words of the other rules, compact. */
const PAYLOAD =
  /~\/\.(?:ssh|aws|kube|config)|\bid_(?:rsa|ed25519)\b|\.env\b|\bignore\s+(?:all\s+)?(?:previous|prior)|\bdo\s+not\s+(?:tell|mention|inform)\b|\bdon'?t\s+tell\b|\bapi[_ ]keys?\b|\bpasswords?\b|\bsystem\s+prompt\b|\bconversation\b|\bsend\b[^.]{0,40}\bto\b|\bcredentials\b/i

/**
 * Text written in ROT13 whose plain form says what attacks say: the clauses decode.ts reads as
 * ROT13 (the same ones the scan reads decoded), kept when their plain form holds a payload the
 * text as written does not.
 */
export const rotated: Detector = {
  name: 'rotated text',
  on: 'raw',
  find: (text) => {
    if (text.length < 20 || PAYLOAD.test(text)) return []
    const out: Hit[] = []
    for (const { start, end, plain } of findRot13(text))
      if (PAYLOAD.test(plain)) out.push({ start, end, excerpt: renderExcerpt(`ROT13 for: "${plain}"`) })
    return out
  },
}

export const terminalEscapes: Detector = {
  name: 'terminal escape sequences',
  on: 'raw',
  find: (text) => (isPlainAscii(text) ? [] : spans(findTerminalEscapes(text))),
}

/** Eight newlines at least, or a hundred blanks in a row: before that, no padding to look for. */
function mayPad(text: string): boolean {
  let lines = 0
  for (let at = text.indexOf('\n'); at !== -1 && lines < 8; at = text.indexOf('\n', at + 1)) lines++
  return lines >= 8 || /[ \t\u00a0\u2800\u3164]{100}/.test(text)
}

const isBlank = (code: number) => code === 0x20 || code === 0x09 || code === 0xa0 || code === 0x2800 || code === 0x3164

/**
 * Eight or more blank lines, or a hundred blanks in a row, with text after them. A scan by hand:
 * the pattern for it backtracks on a long run with nothing after.
 */
export const padding: Detector = {
  name: 'padding',
  on: 'raw',
  find: (text) => {
    const out: Hit[] = []
    if (!mayPad(text)) return out
    let i = 0
    while (i < text.length && out.length < 10) {
      const code = text.charCodeAt(i)
      if (code !== 0x0a && !isBlank(code)) {
        i++
        continue
      }
      const start = i
      let lines = 0
      let run = 0
      let longest = 0
      while (i < text.length) {
        const c = text.charCodeAt(i)
        if (c === 0x0a) {
          lines++
          run = 0
        } else if (isBlank(c) || c === 0x0d) {
          run++
          longest = Math.max(longest, run)
        } else break
        i++
      }
      if (i < text.length && (lines >= 8 || longest >= 100)) out.push({ start, end: i })
    }
    return out
  },
}

/** One letter, digit or punctuation mark written as an escape: JSON/JavaScript `\u0069` `\u{69}` `\x69`, HTML `&#105;` `&#x69;`, percent `%69`. */
const PRINTABLE_ESCAPE = String.raw`\\u00[2-7][0-9A-Fa-f]|\\u\{0*[2-7][0-9A-Fa-f]\}|\\x[2-7][0-9A-Fa-f]|&#0*(?:3[2-9]|[4-9][0-9]|1[01][0-9]|12[0-6]);|&#[xX]0*[2-7][0-9A-Fa-f];|%[2-7][0-9A-Fa-f]`
/**
 * A run of such escapes, runs joined by a plain `_`, `-` or `.` counting as one
 * (`\u0043\u0049_\u0054\u004f\u004b`): every alternative starts with `\`, `&` or `%`, so the run
 * cannot backtrack into a joiner.
 */
const ESCAPED_RUN = new RegExp(`(?:${PRINTABLE_ESCAPE})+(?:[-_.](?:${PRINTABLE_ESCAPE})+)*`, 'g')

/** A printable ASCII character from its escape (the escapes ESCAPED_RUN reads only). */
function unescapeOne(written: string): string {
  if (written.startsWith('%')) return String.fromCharCode(Number.parseInt(written.slice(1), 16))
  if (written.startsWith('&#x') || written.startsWith('&#X')) return String.fromCharCode(Number.parseInt(written.slice(3, -1), 16))
  if (written.startsWith('&#')) return String.fromCharCode(Number.parseInt(written.slice(2, -1), 10))
  if (written.startsWith('\\u{')) return String.fromCharCode(Number.parseInt(written.slice(3, -1), 16))
  return String.fromCharCode(Number.parseInt(written.slice(2), 16))
}
const ONE_PRINTABLE_ESCAPE = new RegExp(PRINTABLE_ESCAPE, 'g')

/** What a disguised word is worst when it says: a secret's name, or the words of an override or a key file. */
const DISGUISED_PAYLOAD =
  /token|secret|passw|api[_-]?key|[_-]key\b|credential|private[_ -]?key|ignore|disregard|forget|override|ssh|\.env\b|id_rsa/i

/**
 * Letters written as escapes. A letter never needs escaping in JSON, HTML or an address, so three
 * letters or digits escaped in a run are written for a model to read and a person not to: high
 * when they spell a secret's name or an override ('CIRCLECI_TOKEN', 'ignore'), medium otherwise.
 * Escaped punctuation alone (`%20`, `&#39;`, `\u0022`) is ordinary and left.
 */
export const escapedLetters: Detector = {
  name: 'letters written as escapes',
  on: 'raw',
  find: (text) => {
    const out: Hit[] = []
    for (const m of matches(ESCAPED_RUN, text)) {
      let decoded = ''
      let letters = 0
      let last = 0
      ONE_PRINTABLE_ESCAPE.lastIndex = 0
      for (let e = ONE_PRINTABLE_ESCAPE.exec(m[0]); e; e = ONE_PRINTABLE_ESCAPE.exec(m[0])) {
        decoded += m[0].slice(last, e.index)
        const ch = unescapeOne(e[0])
        if (/[A-Za-z0-9]/.test(ch)) letters++
        decoded += ch
        last = e.index + e[0].length
      }
      decoded += m[0].slice(last)
      if (letters < 3) continue
      out.push({
        start: m.index,
        end: m.index + m[0].length,
        severity: DISGUISED_PAYLOAD.test(decoded) ? 'high' : 'medium',
        excerpt: renderExcerpt(`escaped letters for: "${decoded}"`),
      })
    }
    return out
  },
}

/**
 * Orders about the model's reply: what to do before answering, or what to keep from the person.
 * English, Spanish, Portuguese, German, French, Chinese, Japanese and Russian; bounded (the only
 * gaps are `[^.]{0,24}` and one optional word).
 */
export const MISPLACED_ORDER = new RegExp(
  [
    // Before the reply, or once the results are read: the model's turn, not the tool's.
    String.raw`\b(?:before|prior\s+to)\s+(?:you\s+)?(?:answer|repl(?:y|ies|ying)|respond)`,
    String.raw`\bbefore\s+(?:giving|writing|sending)\s+(?:your|the|an?)\s+(?:answer|reply|response)`,
    String.raw`\bafter\s+(?:reading|receiving|getting)\s+(?:them|it|this|these|those)\b`,
    String.raw`\bonce\s+you(?:'ve|\s+have)\s+(?:read|received|got)\b`,
    String.raw`\bantes\s+de\s+(?:responder|contestar)`,
    String.raw`\bdespu[eé]s\s+de\s+leer(?:los|las|lo|la)?\b`,
    String.raw`\bbevor\s+(?:du|Sie)\s+antwort`,
    String.raw`\bvor\s+(?:der|deiner|Ihrer)\s+Antwort\b`,
    String.raw`\bavant\s+de\s+r[ée]pondre`,
    String.raw`\bapr[eè]s\s+(?:les\s+)?avoir\s+lus?\b`,
    '(?:在)?(?:回答|回复|答复)(?:之)?前',
    '(?:返信|回答|返答)する前に',
    String.raw`прежде\s+чем\s+ответить|перед\s+ответом`,
    // Keeping it from the person.
    String.raw`\bwithout\s+(?:telling|informing|asking|notifying|alerting|mentioning)\b`,
    String.raw`\bwithout\s+(?:the\s+user|them)\s+(?:knowing|noticing|seeing)\b`,
    String.raw`\b(?:do\s+not|don'?t|never)\s+(?:show|tell|mention|inform|reveal)\b[^.]{0,24}\b(?:user|them|him|her)\b`,
    String.raw`\b(?:keep|leave)\s+(?:this|it|that|these)(?:\s+\w+)?\s+out\s+of\s+(?:your|the)\s+(?:reply|answer|response|output)`,
    String.raw`\binstead\s+of\s+asking\b`,
    String.raw`\bsin\s+(?:dec[ií]r|avisar|preguntar|que\s+el\s+usuario)`,
    String.raw`\bsem\s+(?:dizer|avisar|perguntar)`,
    String.raw`\bohne\s+(?:es\s+)?(?:(?:dem|den)\s+(?:Benutzer|Nutzer|Anwender)|ihm|ihr)\b`,
    String.raw`\bsans\s+(?:le\s+|lui\s+|leur\s+)?(?:dire|prévenir|demander)\b`,
    '不要告诉|不告诉|别告诉|不要让用户',
    '(?:伝え|知らせ|言わ)ずに?',
    String.raw`не\s+(?:говоря|сообщая)|без\s+ведома`,
  ].join('|'),
  'giu',
)

/** Words one of which every MISPLACED_ORDER match holds (lowercase): the rule's triggers. */
export const MISPLACED_ORDER_TRIGGERS: readonly string[] = [
  'before',
  'prior',
  'after',
  'once you',
  'antes de',
  'despu',
  'bevor',
  'vor ',
  'avant de',
  'après',
  'apres',
  '回答',
  '回复',
  '答复',
  '返信',
  '返答',
  'прежде',
  'перед',
  'without',
  'not',
  'don',
  'never',
  'keep',
  'leave',
  'instead of',
  'sin ',
  'sem ',
  'ohne',
  'sans',
  '告诉',
  '不要让',
  '伝え',
  '知らせ',
  '言わ',
  'не ',
  'без',
]

/** Where a text sits, for the finding's reason; null where an order to the model may belong (a description, the instructions). */
function placeOf(role: string, field: string): string | null {
  if (role === 'title' || role === 'annotation-title') return 'the title'
  if (role === 'schema-title') return "a schema's title"
  if (role === 'enum') return 'a value the parameter offers'
  if (role === 'default') return "a parameter's default"
  if (role === 'example') return "a parameter's example"
  if (role === 'const') return "a parameter's constant"
  if (field.startsWith('outputSchema')) return 'the output schema'
  if (role === 'schema-description' || role === 'argument-description') return "a parameter's description"
  return null
}

/**
 * An order about the model's reply (act before answering, keep it from the person) in a place that
 * says what a tool, a parameter or a result is: a title, an offered value, a default or example, an
 * output schema, a parameter's description, at any depth. No real tool of the labelled set writes
 * one there; attacks put them there because no reviewer reads those places. High in a title, a
 * value or the output schema, which say what a thing is; medium in a parameter's description,
 * where a workflow note ('instead of asking for the id, use...') may be honest.
 */
export const misplacedOrders: Detector = {
  name: 'orders about the reply where none belong',
  on: 'normalized',
  find: (text, input) => {
    const place = placeOf(input.role, input.field)
    if (!place) return []
    const out: Hit[] = []
    for (const m of matches(MISPLACED_ORDER, text)) {
      // The finding covers the sentence the order is in (at most 300 characters either side).
      let start = m.index
      while (start > 0 && m.index - start < 300 && !/[.!?\n]/.test(text[start - 1])) start--
      while (start < m.index && /\s/.test(text[start])) start++
      let end = m.index + m[0].length
      while (end < text.length && end - m.index < 300 && !/[.!?\n]/.test(text[end])) end++
      out.push({
        start,
        end,
        severity: place === "a parameter's description" ? 'medium' : 'high',
        reason: `An order about the model's reply ('${m[0]}') sits in ${place}, which says what a thing is, not what the model should do: a place no reviewer reads.`,
      })
    }
    return out
  },
}

/** An address inside a value, after other text: 'markdown+copy-to-https://collector.example/up'. */
const ADDRESS_IN_VALUE = /(?:https?|wss?|ftp):\/\/[^\s"'<>]{1,500}/i
/** A value that is a host name and nothing else: 'mirror.example.net'. */
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,10}([a-z]{2,24})$/i
/** Endings of file names, which BARE_HOST would read as a top-level domain ('report.json', 'notes.md'). */
const FILE_ENDINGS = new Set(
  'json txt md csv tsv log py js ts mjs cjs jsx tsx html htm xml yaml yml toml ini cfg conf zip gz tar tgz pdf png jpg jpeg gif svg webp mp3 mp4 wav sh bat exe dll so lock sql db sqlite env pem key crt doc docx xls xlsx ppt pptx rs go rb java kt swift php css scss vue'.split(
    ' ',
  ),
)
/** Words saying data goes somewhere: sent, copied, mirrored, uploaded, logged... */
const SENDING =
  /\b(?:send\w*|sent|post(?:s|ed|ing)?|upload\w*|forward\w*|deliver\w*|report(?:s|ed|ing)?|mirror\w*|sync\w*|push\w*|cop(?:y|ies|ied)|log(?:s|ged|ging)?|export(?:s|ed|ing)?|stream\w*|shar(?:e|es|ed|ing)|archiv\w*|backed\s+up|replicat\w*|relay\w*|cc|bcc|webhook)\b/i

/**
 * Words saying a copy of the data goes somewhere besides where the tool works: mirrored, copied,
 * forwarded, backed up, archived, replicated, relayed, logged, reported, cc'd, or 'also sent'. A
 * tool's own destination ('sends the request to the host in base_url') is what it does, not a copy.
 */
const COPYING =
  /\b(?:mirror\w*|cop(?:y|ies|ied)|forward\w*|backed\s+up|back\s+up|backups?|archiv\w*|replicat\w*|relay\w*|log(?:s|ged|ging)?|report(?:s|ed|ing)?|cc|bcc|also\s+(?:be\s+)?(?:sent|posted|uploaded|delivered|shared|pushed|exported|streamed|synced))\b/i

/** The sentences of a text that name a word (a parameter's name) as a word, at most 40 sentences of 400 characters. */
function sentencesNaming(text: string, name: string): string[] {
  const out: string[] = []
  const lower = name.toLowerCase()
  for (const sentence of text
    .slice(0, 8000)
    .split(/(?<=[.!?])\s+|\n+/)
    .slice(0, 40)) {
    const s = sentence.slice(0, 400)
    const low = s.toLowerCase()
    for (let at = low.indexOf(lower); at !== -1; at = low.indexOf(lower, at + 1)) {
      if (!/\w/.test(low[at - 1] ?? '') && !/\w/.test(low[at + lower.length] ?? '')) {
        out.push(s)
        break
      }
    }
  }
  return out
}

/**
 * An outside address tucked into a value a parameter offers (an enum value, a default, an example,
 * a const), where a person reads a choice and the model reads a destination: an address glued to
 * a choice after a word of sending ('markdown+copy-to-https://...'), or a bare host or address as the
 * whole value of a parameter that a sentence of the tool's description, or of the parameter's own,
 * names as where a copy of the data goes ('Exports are mirrored to the host chosen in mirror.'; the payload split
 * between the description and the value). Documentation addresses, the user's machine and the
 * listing's own service are left alone.
 */
export const addressInValue: Detector = {
  name: 'outside addresses tucked into values',
  on: 'normalized',
  find: (text, input) => {
    const value = text.trim()
    if (value.length > 600) return []
    const lead = text.length - text.trimStart().length
    const embedded = ADDRESS_IN_VALUE.exec(value)
    if (embedded && embedded.index > 0) {
      const before = value.slice(0, embedded.index)
      const self = selfOf(input)
      if (!/\s/.test(before.trim()) && SENDING.test(before.replace(/[-_+]/g, ' ')) && destinationOf(embedded[0], self) === 'outside')
        return [
          {
            start: lead,
            end: lead + value.length,
            reason: `The value '${value.slice(0, 80)}' reads as a choice and carries an address after '${before.slice(-30)}': a model that picks it sends to ${embedded[0].slice(0, 80)}, and ${destinationReason(embedded[0], self)}.`,
          },
        ]
      return []
    }
    const host = BARE_HOST.exec(value)
    const address = host && !FILE_ENDINGS.has(host[1].toLowerCase()) ? value : embedded ? value : null
    if (!address) return []
    const parameter = parameterAt(input.item.tool, input.field)
    if (!parameter || parameter.name.length < 2) return []
    const self = selfOf(input)
    if (destinationOf(address, self) !== 'outside') return []
    const note = typeof parameter.schema.description === 'string' ? parameter.schema.description : ''
    const description = typeof input.item.tool?.description === 'string' ? input.item.tool.description : ''
    for (const sentence of [...sentencesNaming(description, parameter.name), ...sentencesNaming(note, parameter.name)]) {
      if (!COPYING.test(sentence.replace(new RegExp(`\\b${parameter.name.replace(/[^\w]/g, '')}\\b`, 'gi'), ' '))) continue
      return [
        {
          start: lead,
          end: lead + value.length,
          reason: `The tool says '${sentence.slice(0, 120)}', and the parameter '${parameter.name}' offers ${address}: a model that leaves it as offered sends there, and ${destinationReason(address, self)}.`,
        },
      ]
    }
    return []
  },
}
