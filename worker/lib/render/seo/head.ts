import type { HeadLink } from './head-links'
import { html, jsonForScript, Markup } from './markup'

export const SITE_NAME = 'MCP Catalogue'
export const SITE_DESCRIPTION = 'Find, read and install Model Context Protocol servers.'

/** The preview image size every link-preview consumer expects (Open Graph, X cards). */
export const PREVIEW_IMAGE = { width: 1200, height: 630 } as const

/** What a page says about itself in its head. Paths are absolute on the site (`/servers/…`). */
export interface PageMeta {
  /** The page's own title; the site name is added after it (none for the landing page). */
  title: string | null
  description: string
  /** The canonical path (query strings left out: filters and pages are views of one page). */
  path: string
  image: { path: string; alt: string }
  /** Pages that must not be indexed: not found, private to their viewer, deleted, pending. */
  noindex?: boolean
  jsonLd?: Record<string, unknown>
  links?: HeadLink[]
}

/** The document title, as the SPA writes it too ('{title} · MCP Catalogue'). */
export const documentTitle = (title: string | null) => (title ? `${title} · ${SITE_NAME}` : SITE_NAME)

/** Descriptions are one line of at most 300 characters, cut at a word. */
export function metaDescription(text: string | null | undefined, fallback = SITE_DESCRIPTION): string {
  const flat = (text || fallback).replace(/\s+/g, ' ').trim()
  if (flat.length <= 300) return flat
  const cut = flat.slice(0, 299)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 200 ? cut.lastIndexOf(' ') : 299)}…`
}

/** The tags appended to the head: canonical, description, robots, Open Graph, X card, JSON-LD, links. */
export function headTags(meta: PageMeta, origin: string): Markup {
  const url = origin + meta.path
  const image = origin + meta.image.path
  const title = documentTitle(meta.title)
  return html`<link rel="canonical" href="${url}" />
<meta name="description" content="${meta.description}" />
${meta.noindex ? html`<meta name="robots" content="noindex" />\n` : ''}<meta property="og:site_name" content="${SITE_NAME}" />
<meta property="og:type" content="website" />
<meta property="og:title" content="${title}" />
<meta property="og:description" content="${meta.description}" />
<meta property="og:url" content="${url}" />
<meta property="og:image" content="${image}" />
<meta property="og:image:type" content="image/png" />
<meta property="og:image:width" content="${PREVIEW_IMAGE.width}" />
<meta property="og:image:height" content="${PREVIEW_IMAGE.height}" />
<meta property="og:image:alt" content="${meta.image.alt}" />
<meta name="twitter:card" content="summary_large_image" />
<meta name="twitter:title" content="${title}" />
<meta name="twitter:description" content="${meta.description}" />
<meta name="twitter:image" content="${image}" />
<meta name="twitter:image:alt" content="${meta.image.alt}" />
${meta.jsonLd ? html`<script type="application/ld+json">${new Markup(jsonForScript({ '@context': 'https://schema.org', ...meta.jsonLd }))}</script>\n` : ''}${(
  meta.links ?? []
).map(
  (l) =>
    html`<link rel="${l.rel}" href="${l.href}"${l.type ? html` type="${l.type}"` : ''}${l.title ? html` title="${l.title}"` : ''} />\n`,
)}`
}
