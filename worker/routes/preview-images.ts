import { Hono } from 'hono'
import { serverPreviewFacts } from '../db/previews'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { cachedBytes, cacheKeys, TTL } from '../lib/cache/kv-cache'
import { PREVIEW_FONT_PATHS, type PreviewFonts, serverPreviewPng, sitePreviewPng } from '../lib/render/og/render'
import { OG_DESIGN_VERSION, serverImageVersion } from '../lib/render/og/version'
import { SERVER_NOT_FOUND } from '../middleware/authz'
import { readOnlyDatabase } from '../middleware/database'

/**
 * The font files once read, kept as bytes: a request that finds none reads them itself. Never the
 * read in flight, which belongs to the request that started it (README, Architecture).
 */
let fonts: PreviewFonts | undefined
/** The font files, read from the build's static assets on an isolate's first images. */
async function previewFonts(assets: Fetcher, origin: string): Promise<PreviewFonts> {
  if (fonts) return fonts
  const read = async (path: string) => {
    const res = await assets.fetch(new URL(path, origin))
    if (!res.ok) throw new Error(`${path} answered ${res.status}`)
    return res.arrayBuffer()
  }
  const [regular, bold] = await Promise.all([read(PREVIEW_FONT_PATHS.regular), read(PREVIEW_FONT_PATHS.bold)])
  fonts = { regular, bold }
  return fonts
}

/**
 * A PNG for link previews. An address that names the image's current version never changes
 * content, so it is kept for a day; any other (an old version, or none) is the current image,
 * kept briefly.
 */
function png(bytes: Uint8Array, immutable: boolean): Response {
  // Bytes from KV or from the renderer are always over a plain ArrayBuffer.
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': `public, max-age=${immutable ? 86400 : 300}` },
  })
}

/**
 * Link-preview images (Open Graph, X cards), 1200x630: one per server, drawn once per version of
 * what it shows (name, author, description, likes) and kept in KV, and one for every other page.
 * A deleted server has none.
 */
export const previewImageRoutes = new Hono<AppEnv>()
  .get('/site.png', async (c) => {
    const bytes = await cachedBytes(
      c.env.CACHE,
      cacheKeys.sitePreview(OG_DESIGN_VERSION),
      TTL.previewImageSeconds,
      async () => sitePreviewPng(await previewFonts(c.env.ASSETS, c.req.url)),
      (p) => c.executionCtx.waitUntil(p),
    )
    return png(bytes, true)
  })
  .get('/servers/:file{.+\\.png}', readOnlyDatabase, async (c) => {
    const id = c.req.param('file').slice(0, -'.png'.length)
    const facts = await serverPreviewFacts(c.var.db, id)
    if (!facts) throw new ApiError('server_not_found', SERVER_NOT_FOUND)
    const version = await serverImageVersion(facts)
    const bytes = await cachedBytes(
      c.env.CACHE,
      cacheKeys.serverPreview(id, version),
      TTL.previewImageSeconds,
      async () => serverPreviewPng(facts, await previewFonts(c.env.ASSETS, c.req.url)),
      (p) => c.executionCtx.waitUntil(p),
    )
    return png(bytes, c.req.query('v') === version)
  })
