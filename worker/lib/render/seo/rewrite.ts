import { documentTitle, headTags } from './head'
import type { PageView } from './pages'

/**
 * The SPA's index.html rewritten for one page, as it streams: its title, the page's head tags
 * (the shell's generic description is dropped for the page's own) and, when the page has one,
 * its summary inside the root element, which React replaces when it mounts. Headers of the
 * shell that describe its bytes (length, validators) are dropped, since the bytes change.
 */
export function rewriteShell(
  shell: Response,
  page: PageView,
  origin: string,
  init: { status: number; headers?: Record<string, string> },
): Response {
  const head = headTags(page.meta, origin).value
  const rewriter = new HTMLRewriter()
    // Text content set this way is escaped by the rewriter itself.
    .on('title', { element: (el) => void el.setInnerContent(documentTitle(page.meta.title)) })
    .on('meta[name="description"]', { element: (el) => void el.remove() })
    .on('head', { element: (el) => void el.append(head, { html: true }) })
  const body = page.body?.value
  if (body) rewriter.on('#root', { element: (el) => void el.setInnerContent(body, { html: true }) })
  const headers = new Headers(shell.headers)
  for (const name of ['Content-Length', 'ETag', 'Last-Modified', 'Cache-Control']) headers.delete(name)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value)
  return new Response(rewriter.transform(shell).body, { status: init.status, headers })
}
