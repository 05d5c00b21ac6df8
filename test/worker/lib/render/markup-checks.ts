/**
 * A strict reader of sanitised markup for the sanitiser tests (html.test.ts, markdown.test.ts):
 * it fails on anything but the canonical form both serialisers write, and checks that no
 * attribute runs script or loads from a scheme that is not allowed.
 */
import { decodeHTMLAttribute } from 'entities'
import { expect } from 'vitest'

export interface StartTag {
  name: string
  /** [name, decoded value] */
  attrs: Array<[string, string]>
  /** The attributes as written. */
  raw: string
}

// Both serialisers write a closed, canonical form: lower-case names, double-quoted values, no
// comments. The output is read with this strict tokeniser rather than a forgiving parser, so
// anything else that starts with '<' fails the test instead of being read charitably. (ultrahtml's
// parse is not used as the oracle: it does not decode entities and reads \" as an escaped quote.)
const TAG = /<(\/?)([a-z][a-z0-9-]*)((?:\s+[^\s"'<>/=]+(?:="[^"]*")?)*)\s*>/y
const ATTR = /\s+([^\s"'<>/=]+)(?:="([^"]*)")?/g

export function startTags(html: string): StartTag[] {
  const tags: StartTag[] = []
  // Tag by tag from the start, so a '<' inside a quoted value (legal, and inert) is read as part of it.
  for (let i = html.indexOf('<'); i >= 0; i = html.indexOf('<', TAG.lastIndex)) {
    TAG.lastIndex = i
    const m = TAG.exec(html)
    if (!m) throw new Error(`not canonical markup at ${i}: ${JSON.stringify(html.slice(i, i + 60))}`)
    if (m[1]) {
      expect(m[3], 'end tag with attributes').toBe('')
      continue
    }
    tags.push({ name: m[2], raw: m[3], attrs: [...m[3].matchAll(ATTR)].map((a) => [a[1].toLowerCase(), decodeHTMLAttribute(a[2] ?? '')]) })
  }
  return tags
}

/** The scheme the browser would see ('https:'), or null for a relative reference. */
function scheme(url: string): string | null {
  try {
    return new URL(url).protocol
  } catch {
    return null
  }
}

const URL_ATTRS = new Set([
  'href',
  'src',
  'srcset',
  'cite',
  'longdesc',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'background',
  'data',
  'codebase',
  'ping',
  'lowsrc',
  'dynsrc',
])

/** Checks shared by both: no handler, nothing but allowed schemes in any URL-carrying attribute. */
export function expectInert(html: string, tag: StartTag, linkSchemes: string[], relativeOk: boolean) {
  for (const [name, value] of tag.attrs) {
    expect(name, `event handler on <${tag.name}> in ${html}`).not.toMatch(/^on/)
    if (!URL_ATTRS.has(name)) continue
    const urls = name === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0]) : [value]
    const allowed = name === 'href' ? linkSchemes : ['http:', 'https:']
    for (const url of urls) {
      const s = scheme(url)
      if (s === null) expect(relativeOk, `relative ${name} ${url} in ${html}`).toBe(true)
      else expect(allowed, `${name}=${url} in ${html}`).toContain(s)
    }
  }
}
