/**
 * HTML written by the Worker itself (page heads and the summaries crawlers read): every
 * interpolated value is escaped for where it lands, so a name like `</title><script>` is text.
 */
import { escapeAttribute, escapeText } from 'entities/escape'

/** Markup that is already safe (built by `html`), interpolated as is. */
export class Markup {
  constructor(readonly value: string) {}
  toString() {
    return this.value
  }
}

type Value = string | number | Markup | null | undefined | false | Value[]

function text(value: Value): string {
  if (value === null || value === undefined || value === false) return ''
  if (Array.isArray(value)) return value.map(text).join('')
  if (value instanceof Markup) return value.value
  return escapeText(String(value))
}

/**
 * A tagged template for markup: text between tags is escaped as text, and a value right after
 * `="` as an attribute value (which also escapes the quote). Arrays join; null, undefined and
 * false are left out.
 * @example html`<a href="${url}">${name}</a>`
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): Markup {
  let out = strings[0]
  values.forEach((value, i) => {
    const inAttribute = out.endsWith('="')
    out += (inAttribute ? escapeAttribute(Array.isArray(value) ? value.join(' ') : String(value ?? '')) : text(value)) + strings[i + 1]
  })
  return new Markup(out)
}

/**
 * JSON for a `<script type="application/ld+json">`: the script element ends at the first `</`
 * whatever the JSON means, so `<`, `>` and `&` are written as JSON escapes (the data reads the
 * same), and so are the two line separators that older JavaScript parsers refuse in strings.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
