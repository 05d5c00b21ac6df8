import { sha256Hex } from '../../hash'

/** Bumped when the picture's design changes, so every cached image is drawn anew. */
export const OG_DESIGN_VERSION = 1

/** What a server's preview image shows. */
export interface ServerCardFacts {
  displayName: string
  author: string
  description: string
  likeCount: number
}

/**
 * The version of a server's preview image: a digest of exactly what it draws. The image is drawn
 * once per version and its address carries it, so a new name or one more like makes a new image
 * (and link previews fetch it), while writes to other servers, which bump the catalogue's
 * content version, leave it alone.
 */
export async function serverImageVersion(s: ServerCardFacts): Promise<string> {
  const digest = await sha256Hex(JSON.stringify([OG_DESIGN_VERSION, s.displayName, s.author, s.description, s.likeCount]))
  return digest.slice(0, 16)
}
