/**
 * SHA-256 of a text as lower-case hex: a surface's hashes (canonical.ts), and the Worker's content
 * versions and secret ids, which take it from here (worker/lib/hash.ts) so it is written once.
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
