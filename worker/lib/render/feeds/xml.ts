/**
 * Writing XML text by hand, safely: feeds and sitemaps are small fixed shapes, so every tag is
 * written by their modules and every value passes through here.
 */

/**
 * Characters XML 1.0 cannot carry at all, not even as references: C0 controls other than tab,
 * newline and carriage return, lone surrogates, U+FFFE and U+FFFF. A parser must refuse a
 * document holding one, so a name with such a character would break the whole feed.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/**
 * Text for an XML element or a quoted attribute: characters XML cannot carry are dropped and the
 * five markup characters escaped, so whatever a name holds it reads back as the same text.
 * @example `<title>${xmlText(server.displayName)}</title>`
 */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (ch) => ESCAPES[ch])
}

/**
 * Text that readers will take as HTML (an RSS `description`): escaped once for HTML, so the
 * reader shows it as plain text, then once more for XML. `<script>` therefore reaches the reader
 * as `&lt;script&gt;` and is shown, never run.
 */
export function xmlHtmlText(value: string): string {
  return xmlText(xmlText(value))
}

/** A timestamp as RFC 3339 in UTC (Atom, sitemaps), or null when the stored value is no time. */
export function isoTime(value: string | null | undefined): string | null {
  if (!value) return null
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}
