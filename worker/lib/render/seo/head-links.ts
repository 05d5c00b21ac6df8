import { feedLinksFor } from '@shared/feed-links'

/** Which page is being served: what the head, the summary and the extra links are built from. */
export type Page =
  | { kind: 'home' }
  | { kind: 'servers' }
  | { kind: 'server'; id: string; author: string; feedAuthor: string | null; tags: string[] }
  | { kind: 'packages' }
  | { kind: 'package'; id: string; isPublic: boolean }
  | { kind: 'advisory' }
  | { kind: 'use-from-ai' }
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
 * The extra head links of each page: the feeds a page offers (as its visible feed links do), so
 * feed readers find them from the page's address. A private package never names a feed.
 */
export function headLinksFor(page: Page): HeadLink[] {
  switch (page.kind) {
    case 'home':
      return feedLinksFor('/', '')
    case 'servers':
      return feedLinksFor('/servers', '')
    case 'server':
      return feedLinksFor(`/servers/${page.id}`, '', { author: page.feedAuthor, listed: true })
    case 'package':
      return feedLinksFor(`/packages/${page.id}`, '', { publicPackage: page.isPublic })
    default:
      return []
  }
}
