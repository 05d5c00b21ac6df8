/**
 * Featured comments: HTML an admin writes, shown on featured cards and on server detail.
 *
 * ultrahtml only tokenises here. Its `sanitize()` defaults let iframe, style, form and
 * `javascript:` links through, its attribute splitter ignores unquoted values, and its renderer
 * escapes neither attribute values nor raw-text content, so none of those is used. Instead the
 * parsed tree is rebuilt from an explicit allowlist and serialised by this module: every tag,
 * attribute name and quote in the output is written here, and every text and attribute value is
 * entity-decoded, checked and escaped again. Whatever the input parser misreads can therefore at
 * worst lose content; it can never put markup into the output that was not checked. (Known
 * misreads: a '>' inside a quoted attribute value ends the tag early, and the rest of the tag is
 * shown as text; an unclosed '<!--' is shown as text.)
 *
 * Policy:
 * - Tags: b, strong, i, em, u, s, span, p, br, ul, ol, li, a, code, pre, blockquote, h1 to h6.
 * - `a`: href (http, https or mailto after decoding; relative and other links lose the link and
 *   keep their text), title; every link opens in a new tab with rel="noopener noreferrer".
 * - `span` and `p`: style, limited to a few text properties with plain values.
 * - `code`: class, limited to `language-*` hints (arbitrary classes would let the author use the
 *   site's own utility classes to overlay the page).
 * - Nothing else: no id or name (DOM clobbering), no event handlers, no data-* attributes.
 * - Code, foreign markup and form controls (script, style, iframe, svg, math, template, ...) are
 *   removed with their content; any other unknown element is unwrapped and its text kept.
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities'
import { ELEMENT_NODE, type ElementNode, type Node, parse, TEXT_NODE } from 'ultrahtml'
import { LIMITS } from '@shared/limits'

/** A sanitised node: decoded text, or an allowed element with checked, decoded attributes. */
type Clean = string | CleanElement

interface CleanElement {
  tag: string
  attrs: Array<[string, string]>
  children: Clean[]
}

const ALLOWED_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'span',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'a',
  'code',
  'pre',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
])

// Content of these is script, style, another parser's markup, embedded documents or form
// controls: never prose worth keeping, and the usual carriers of mutation XSS.
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'param',
  'svg',
  'math',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'listing',
  'textarea',
  'title',
  'select',
  'option',
  'optgroup',
  'datalist',
  'button',
  'input',
  'head',
  'meta',
  'link',
  'base',
  'img',
  'image',
  'picture',
  'source',
  'video',
  'audio',
  'track',
  'canvas',
  'map',
  'area',
  'portal',
  'fencedframe',
])

// Block-level allowed tags. A browser closes an open <p> when one of these starts: directly in a
// paragraph they split it (see CLOSED_BY), deeper inside one they are unwrapped, so that the tree
// a browser builds from the output is always the tree built here.
const BLOCK_TAGS = new Set(['p', 'ul', 'ol', 'li', 'pre', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
// Blocks outside the allowlist: unwrapped, but they still separate words.
const OTHER_BLOCKS = new Set([
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
  'main',
  'address',
  'figure',
  'figcaption',
  'hgroup',
  'search',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'dl',
  'dt',
  'dd',
  'hr',
  'details',
  'summary',
  'dialog',
  'form',
  'fieldset',
  'legend',
  'center',
  'menu',
])
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
/** Start tags that end an open element of the key's name when they appear directly inside it. */
const CLOSED_BY: Record<string, Set<string>> = {
  p: BLOCK_TAGS,
  li: new Set(['li']),
  a: new Set(['a']),
  ...Object.fromEntries([...HEADINGS].map((h) => [h, HEADINGS])),
}
/** Elements whose end separates words when the text is read out. */
const TEXT_BREAKS = new Set([...BLOCK_TAGS, 'br'])

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

/** Text properties only: nothing that positions, sizes, loads or layers. */
const STYLE_PROPERTIES = new Set(['color', 'background-color', 'font-weight', 'font-style', 'text-decoration', 'text-align'])
// Colour literals, keywords, plain numbers and colour functions: no url(), expression(), escapes,
// comments, quotes, colons or angle brackets can match.
const STYLE_TOKEN = '(?:#[0-9a-f]{3,8}|[a-z]+(?:-[a-z]+)*|\\d{1,4}(?:\\.\\d+)?%?|(?:rgba?|hsla?)\\([0-9.%\\s,/]{1,60}\\))'
const STYLE_VALUE = new RegExp(`^${STYLE_TOKEN}(?:\\s+${STYLE_TOKEN}){0,3}$`, 'i')
const CODE_CLASS = /^language-[a-z0-9_+#-]{1,30}$/i

/** Deeper nesting is flattened: keeps recursion bounded whatever the input. */
const MAX_DEPTH = 40
const ELLIPSIS = '…'

interface Context {
  depth: number
  inParagraph: boolean
  inHeading: boolean
  inLink: boolean
  inListItem: boolean
}

// HTML's own whitespace, not JavaScript's \s (which would also split on no-break spaces).
const HTML_SPACE = /[\t\n\f\r ]/

/**
 * Attributes of one start tag, read the way the HTML tokeniser reads them: quoted or unquoted
 * values, names lower-cased, the first of duplicate names wins, values entity-decoded.
 */
function readAttributes(startTag: string): Map<string, string> {
  const attrs = new Map<string, string>()
  const src = startTag.replace(/^<[^\t\n\f\r />]*/, '').replace(/\/?>$/, '')
  let i = 0
  while (i < src.length) {
    while (i < src.length && (HTML_SPACE.test(src[i]) || src[i] === '/')) i++
    if (i >= src.length) break
    let start = i++
    while (i < src.length && !HTML_SPACE.test(src[i]) && src[i] !== '/' && src[i] !== '=') i++
    const name = src.slice(start, i).toLowerCase()
    while (i < src.length && HTML_SPACE.test(src[i])) i++
    let value = ''
    if (src[i] === '=') {
      i++
      while (i < src.length && HTML_SPACE.test(src[i])) i++
      const quote = src[i]
      if (quote === '"' || quote === "'") {
        const end = src.indexOf(quote, i + 1)
        value = src.slice(i + 1, end < 0 ? src.length : end)
        i = end < 0 ? src.length : end + 1
      } else {
        start = i
        while (i < src.length && !HTML_SPACE.test(src[i])) i++
        value = src.slice(start, i)
      }
    }
    if (!attrs.has(name)) attrs.set(name, decodeHTMLAttribute(value))
  }
  return attrs
}

/**
 * The link as the browser would resolve it, or null. The WHATWG URL parser is the browser's own:
 * it drops tabs and newlines anywhere, trims control characters and spaces, and lower-cases the
 * scheme, so `java&#x09;script:` or ` JavaScript:` cannot slip past. A relative link has no
 * scheme to check and would resolve against the catalogue itself, so it is refused too.
 */
function safeHref(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : null
}

/** Allowed declarations only, re-serialised; null when none is left. */
function safeStyle(value: string): string | null {
  const kept: string[] = []
  for (const declaration of value.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon < 0) continue
    const property = declaration.slice(0, colon).trim().toLowerCase()
    const val = declaration
      .slice(colon + 1)
      .trim()
      .replace(/\s+/g, ' ')
    if (STYLE_PROPERTIES.has(property) && STYLE_VALUE.test(val)) kept.push(`${property}: ${val}`)
  }
  return kept.length ? kept.join('; ') : null
}

function safeCodeClass(value: string): string | null {
  const kept = value.split(/[\t\n\f\r ]+/).filter((c) => CODE_CLASS.test(c))
  return kept.length ? kept.join(' ') : null
}

/** Allowed attributes of an allowed element, in a fixed order; null for a link without a usable target. */
function cleanAttributes(tag: string, source: string, node: ElementNode): Array<[string, string]> | null {
  if (tag !== 'a' && tag !== 'span' && tag !== 'p' && tag !== 'code') return []
  const attrs = readAttributes(source.slice(node.loc[0].start, node.loc[0].end))
  const out: Array<[string, string]> = []
  if (tag === 'a') {
    const href = safeHref(attrs.get('href') ?? '')
    if (!href) return null
    out.push(['href', href])
    const title = attrs.get('title')
    if (title) out.push(['title', title])
    // Every link leaves the catalogue in a new tab that cannot reach back through window.opener.
    out.push(['target', '_blank'], ['rel', 'noopener noreferrer'])
  } else if (tag === 'code') {
    const cls = safeCodeClass(attrs.get('class') ?? '')
    if (cls) out.push(['class', cls])
  } else {
    const style = safeStyle(attrs.get('style') ?? '')
    if (style) out.push(['style', style])
  }
  return out
}

// Marks where an unwrapped block element stood, so that '<div>a</div><div>b</div>' still reads
// 'a b'; it becomes a space only between two inline neighbours.
const BREAK = Symbol('break')
type Item = Clean | typeof BREAK

const isInline = (node: Clean) => typeof node === 'string' || !BLOCK_TAGS.has(node.tag)

function resolveBreaks(items: Item[]): Clean[] {
  const out: Clean[] = []
  let pending = false
  for (const item of items) {
    if (item === BREAK) {
      pending = true
      continue
    }
    const prev = out[out.length - 1]
    if (pending && prev !== undefined && isInline(prev) && isInline(item)) out.push(' ')
    pending = false
    out.push(item)
  }
  return out
}

function cleanChildren(nodes: Node[], source: string, ctx: Context): Clean[] {
  const out: Item[] = []
  for (const node of nodes) {
    if (node.type === TEXT_NODE) {
      // NUL never reaches the DOM as text; dropping it keeps the output free of it.
      const text = decodeHTML(node.value).replace(/\0/g, '')
      if (text) out.push(text)
    } else if (node.type === ELEMENT_NODE) {
      out.push(...cleanElement(node as ElementNode, source, ctx))
    }
    // Comments and doctypes are dropped.
  }
  return resolveBreaks(out)
}

/** Text of a subtree too deep to keep as markup, read without recursion. */
function flatText(node: ElementNode): string {
  let text = ''
  const stack: Node[] = [node]
  while (stack.length) {
    const next = stack.pop()!
    if (next.type === TEXT_NODE) text += decodeHTML(next.value).replace(/\0/g, '')
    else if (next.type === ELEMENT_NODE && !DROPPED_WITH_CONTENT.has(tagOf(next))) stack.push(...[...next.children].reverse())
  }
  return text
}

const tagOf = (node: Node) => (node.type === ELEMENT_NODE ? String(node.name).toLowerCase() : '')

function cleanElement(node: ElementNode, source: string, ctx: Context): Item[] {
  const tag = tagOf(node)
  if (DROPPED_WITH_CONTENT.has(tag)) return []
  const inner: Context = { ...ctx, depth: ctx.depth + 1 }
  const unwrap = (): Item[] => {
    const children = cleanChildren(node.children, source, inner)
    return BLOCK_TAGS.has(tag) || OTHER_BLOCKS.has(tag) ? [BREAK, ...children, BREAK] : children
  }
  if (ctx.depth >= MAX_DEPTH) return [flatText(node)]
  if (!ALLOWED_TAGS.has(tag)) return unwrap()
  // Shapes a browser would re-parent (a block in a paragraph, a heading in a heading, a link in a
  // link, a list item directly in a list item) are flattened instead.
  if (ctx.inParagraph && BLOCK_TAGS.has(tag)) return unwrap()
  if (ctx.inHeading && HEADINGS.has(tag)) return unwrap()
  if (ctx.inLink && tag === 'a') return unwrap()
  if (ctx.inListItem && tag === 'li') return unwrap()
  const attrs = cleanAttributes(tag, source, node)
  if (!attrs) return unwrap()
  if (tag === 'br') return [{ tag, attrs, children: [] }]
  let kids = node.children
  // The HTML parser drops a newline right after <pre>; so does this one.
  if (tag === 'pre' && kids[0]?.type === TEXT_NODE) kids = [{ ...kids[0], value: kids[0].value.replace(/^\r?\n/, '') }, ...kids.slice(1)]
  const childCtx: Context = {
    depth: ctx.depth + 1,
    inParagraph: ctx.inParagraph || tag === 'p',
    inHeading: ctx.inHeading || HEADINGS.has(tag),
    inLink: ctx.inLink || tag === 'a',
    inListItem: tag === 'ul' || tag === 'ol' ? false : ctx.inListItem || tag === 'li',
  }
  const closers = CLOSED_BY[tag]
  if (!closers || !kids.some((k) => closers.has(tagOf(k)))) return [{ tag, attrs, children: cleanChildren(kids, source, childCtx) }]
  // Split where the browser would end the element ('<p>one<p>two', '<p>text<ul>', '<li>a<li>b'),
  // so that the tree it builds from the output is this one.
  const parts: Item[] = []
  let run: Node[] = []
  const flush = () => {
    const children = cleanChildren(run, source, childCtx)
    if (children.length) parts.push({ tag, attrs, children })
    run = []
  }
  for (const kid of kids) {
    if (!closers.has(tagOf(kid))) run.push(kid)
    else {
      flush()
      parts.push(...cleanElement(kid as ElementNode, source, inner))
    }
  }
  flush()
  return parts
}

function cleanTree(html: string): Clean[] {
  // ultrahtml throws on an end tag that comes before any start tag ('x</p>'); an opening <div>
  // means there always is one. Its content is taken as the top level; should the input close it
  // early, whatever follows is a sibling at the top level and cleaned the same way.
  const source = `<div>${html}`
  const [root, ...rest] = (parse(source) as { children: Node[] }).children
  const ctx: Context = { depth: 0, inParagraph: false, inHeading: false, inLink: false, inListItem: false }
  return cleanChildren([...(root as ElementNode).children, ...rest], source, ctx)
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeText = (s: string) => s.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c])
const escapeAttribute = (s: string) => s.replace(/[&<>"']/g, (c) => TEXT_ESCAPES[c])

function serialize(nodes: Clean[]): string {
  let out = ''
  for (const node of nodes) {
    if (typeof node === 'string') {
      out += escapeText(node)
      continue
    }
    const attrs = node.attrs.map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`).join('')
    if (node.tag === 'br') {
      out += `<br${attrs}>`
      continue
    }
    // The parser drops one newline right after <pre>; doubling it keeps a leading blank line.
    const lead = node.tag === 'pre' && typeof node.children[0] === 'string' && node.children[0].startsWith('\n') ? '\n' : ''
    out += `<${node.tag}${attrs}>${lead}${serialize(node.children)}</${node.tag}>`
  }
  return out
}

/** Sanitises a featured comment to the allowlisted subset of HTML described in this module's header. */
export function sanitizeFeaturedHtml(html: string): string {
  return serialize(cleanTree(html))
}

function findFirst(nodes: Clean[], match: (el: CleanElement) => boolean): CleanElement | null {
  for (const node of nodes) {
    if (typeof node === 'string') continue
    if (match(node)) return node
    const inner = findFirst(node.children, match)
    if (inner) return inner
  }
  return null
}

/** Text of the nodes, with block ends and line breaks read as spaces; `skip` is left out. */
function textOf(nodes: Clean[], skip: CleanElement | null = null): string {
  let out = ''
  for (const node of nodes) {
    if (typeof node === 'string') out += node
    else if (node !== skip) {
      out += textOf(node.children, skip)
      if (TEXT_BREAKS.has(node.tag)) out += ' '
    }
  }
  return out
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim()

/** Cut to `max` characters (code points, so no emoji is split) plus an ellipsis, only when longer. */
function cut(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}${ELLIPSIS}`
}

/**
 * Title and summary of a featured card: the title is the text of the
 * first bold (b or strong) element of the first paragraph, else of the first heading; the summary
 * is the rest of the text, entities decoded and whitespace collapsed, cut to
 * `LIMITS.featuredSummary` characters with '…' (U+2026) appended only when something was cut.
 * Only sanitised content counts, so the text of a script or style never shows up on a card.
 */
export function featuredCard(html: string): { title: string; summary: string } {
  const tree = cleanTree(html)
  const paragraph = findFirst(tree, (el) => el.tag === 'p')
  let titleNode = paragraph && findFirst(paragraph.children, (el) => el.tag === 'b' || el.tag === 'strong')
  if (!titleNode || !collapse(textOf([titleNode]))) titleNode = findFirst(tree, (el) => HEADINGS.has(el.tag))
  const title = titleNode ? collapse(textOf([titleNode])) : ''
  return { title, summary: cut(collapse(textOf(tree, titleNode)), LIMITS.featuredSummary) }
}
