/** Link-preview images: PNGs of the standard size, drawn once per version of what they show. */
import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { imageSize } from 'image-size'
import { describe, expect, it } from 'vitest'
import { servers } from '../../../worker/db/schema'
import { cacheKeys } from '../../../worker/lib/cache/kv-cache'
import { insertServer } from '../factories'
import { call, db } from '../helpers'

async function png(path: string) {
  const res = await call(path)
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { res, bytes, size: () => imageSize(bytes) }
}

/** The image address a server's page names in og:image, as a path. */
async function imagePath(id: string) {
  const html = await (await call(`/servers/${id}`)).text()
  const url = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]
  return new URL(url.replaceAll('&amp;', '&')).pathname + new URL(url.replaceAll('&amp;', '&')).search
}

describe('GET /og/servers/:id.png', () => {
  it('is a 1200x630 PNG, the address the page names', async () => {
    const s = await insertServer({ displayName: 'Preview Server', description: 'Draws itself.', likeCount: 3 })
    const { res, size } = await png(await imagePath(s.id))
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/png')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400')
    expect(size()).toMatchObject({ type: 'png', width: 1200, height: 630 })
  })

  it('is drawn once per version: the same bytes from KV until what it shows changes', async () => {
    const s = await insertServer({ displayName: 'Cached Preview', description: 'Once.' })
    const first = await imagePath(s.id)
    const a = await png(first)
    const version = new URL(`https://x${first}`).searchParams.get('v')!
    // Kept under its version (stored after the answer left): replacing the stored bytes shows
    // they are what is served.
    const key = cacheKeys.serverPreview(s.id, version)
    await expect.poll(async () => (await env.CACHE.get(key, 'arrayBuffer'))?.byteLength).toBe(a.bytes.byteLength)
    await env.CACHE.put(key, new Uint8Array([1, 2, 3]))
    expect([...(await png(first)).bytes]).toEqual([1, 2, 3])
    // A like (or a new name) is a new version, with its own address and a new picture.
    await db().update(servers).set({ likeCount: 1 }).where(eq(servers.id, s.id))
    const second = await imagePath(s.id)
    expect(second).not.toBe(first)
    const b = await png(second)
    expect(b.size()).toMatchObject({ width: 1200, height: 630 })
    expect(b.bytes).not.toEqual(a.bytes)
  })

  it('draws a hostile or very long name without failing', async () => {
    const s = await insertServer({ displayName: `</svg><script>${'x'.repeat(300)}`, description: 'ü 中文 🚀 '.repeat(80), author: '<b>' })
    const { size } = await png(`/og/servers/${s.id}.png`)
    expect(size()).toMatchObject({ width: 1200, height: 630 })
  })

  it('is 404 for a deleted or unknown server', async () => {
    const s = await insertServer({ status: 'deleted' })
    for (const id of [s.id, crypto.randomUUID()]) {
      const { res } = await png(`/og/servers/${id}.png`)
      expect(res.status).toBe(404)
      expect(res.headers.get('Content-Type')).not.toBe('image/png')
    }
  })
})

describe('GET /og/site.png', () => {
  it('is the 1200x630 PNG of every other page', async () => {
    const { res, size } = await png('/og/site.png')
    expect(res.status).toBe(200)
    expect(size()).toMatchObject({ type: 'png', width: 1200, height: 630 })
  })
})
