/** Featured summaries are cut to this many characters, then an ellipsis. */
export const FEATURED_SUMMARY_LENGTH = 150

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[ref.toLowerCase()] ?? whole
  })
}

/** The text of an HTML fragment with whitespace collapsed; block ends count as spaces. */
function textOf(html: string): string {
  const spaced = html.replace(/<br\s*\/?>/gi, ' ').replace(/<\/(p|h[1-6]|li|ul|ol|blockquote|pre|div)\s*>/gi, ' ')
  return decodeEntities(spaced.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim()
}

export interface FeaturedCardText {
  title: string
  summary: string
}

/**
 * A featured card's title and summary, derived from the (already sanitised) featured comment:
 * the title is the bold text of the first paragraph, else the first heading; the summary is the
 * remaining text with whitespace collapsed, minus the title, cut to 150 characters plus an
 * ellipsis. Pure string work (no DOM), so it runs anywhere and is cheap for a list.
 *
 * @example featuredCardText('<p><strong>Fast</strong> and small.</p>') // { title: 'Fast', summary: 'and small.' }
 */
export function featuredCardText(commentHtml: string): FeaturedCardText {
  const firstParagraph = /<p\b[^>]*>([\s\S]*?)<\/p\s*>/i.exec(commentHtml)?.[1] ?? ''
  const bold = /<(strong|b)\b[^>]*>([\s\S]*?)<\/\1\s*>/i.exec(firstParagraph)?.[2] ?? ''
  const heading = /<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]\s*>/i.exec(commentHtml)?.[1] ?? ''
  const title = textOf(bold) || textOf(heading)
  let rest = textOf(commentHtml)
  if (title) rest = rest.replace(title, '').replace(/\s+/g, ' ').trim()
  const summary = rest.length > FEATURED_SUMMARY_LENGTH ? `${rest.slice(0, FEATURED_SUMMARY_LENGTH).trimEnd()}...` : rest
  return { title, summary }
}
