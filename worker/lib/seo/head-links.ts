/** Which page is being served: what the head, the summary and the extra links are built from. */
export type Page =
  | { kind: 'home' }
  | { kind: 'servers' }
  | { kind: 'server'; id: string; author: string; tags: string[] }
  | { kind: 'packages' }
  | { kind: 'package'; id: string }
  | { kind: 'advisory' }
  | { kind: 'app' }
  | { kind: 'not-found' }

/** A `<link>` in a page's head beyond the canonical one (feeds, alternates). */
export interface HeadLink {
  rel: string
  href: string
  type?: string
  title?: string
}

/**
 * The extra head links of each page. The one place to add them: a page's feed goes here as
 * `{ rel: 'alternate', type: 'application/atom+xml', href, title }`.
 */
export function headLinksFor(_page: Page): HeadLink[] {
  return []
}
