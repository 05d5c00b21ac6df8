/** Detectors of hidden bulk: very long texts, encoded blobs, comments, folded markup, repetition, rotated text, padding. */
import { decodeBase64, findRot13 } from '../decode'
import { type Detector, type Hit, VALUES } from '../rule-types'
import { findTerminalEscapes, isPlainAscii, isReadable, renderExcerpt } from '../unicode'
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
