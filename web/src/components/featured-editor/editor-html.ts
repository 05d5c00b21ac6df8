/**
 * The editor's DOM as the HTML it saves. Browsers' editing leaves a first line outside any
 * paragraph, `<div>` lines and empty `<p><br></p>` placeholders; the featured card's title is
 * "the bold text of the first paragraph", so every line must end up in a `<p>`. The Worker
 * sanitises whatever arrives; this only shapes well-meant input.
 */

const BLOCKS = new Set(['P', 'UL', 'OL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'DIV'])

const isBlank = (el: Element) => !el.textContent?.trim() && !el.querySelector('a, li')

export function editorHtml(root: HTMLElement): string {
  const out = document.createElement('div')
  let paragraph: HTMLParagraphElement | null = null
  for (const node of Array.from(root.childNodes)) {
    const el = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : null
    if (el && BLOCKS.has(el.tagName)) {
      paragraph = null
      if (el.tagName === 'DIV') {
        const p = document.createElement('p')
        p.append(...Array.from(el.cloneNode(true).childNodes))
        out.append(p)
      } else {
        out.append(el.cloneNode(true))
      }
      continue
    }
    if (!el && !node.textContent?.trim() && !paragraph) continue
    if (!paragraph) {
      paragraph = document.createElement('p')
      out.append(paragraph)
    }
    paragraph.append(node.cloneNode(true))
  }
  for (const p of Array.from(out.children)) {
    if (p.tagName === 'P' && isBlank(p)) p.remove()
  }
  return out.innerHTML
}

/** What an empty editor holds, so the first typed line is already inside a paragraph. */
export const EMPTY_EDITOR_HTML = '<p><br></p>'

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** http, https and mailto only (the Worker's link rule); a bare 'example.com' is taken as https. */
export function normaliseLink(input: string): string | null {
  const value = input.trim()
  if (!value) return null
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
  try {
    const url = new URL(withScheme)
    if (url.protocol === 'mailto:') return url.pathname ? withScheme : null
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return url.href
    return null
  } catch {
    return null
  }
}
