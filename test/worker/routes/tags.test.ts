import { beforeAll, describe, expect, it } from 'vitest'
import type { TagCount } from '@shared/types'
import { signIn } from '../auth-helpers'
import { insertServer } from '../factories'
import { json } from '../helpers'

// Tag counts are cached in KV for minutes, so the whole catalogue is written before the first
// read: 'database' and 'productivity' are on two active servers each, and 'database' also on a
// deleted and a pending one, which must not count.
beforeAll(async () => {
  const specs = [
    { tags: ['database', 'sql'] },
    { tags: ['database'] },
    { tags: ['communication', 'productivity'] },
    { tags: ['github'] },
    { tags: ['productivity'] },
    { tags: ['database'], status: 'deleted' },
    { tags: ['database'], status: 'pending' },
  ] as const
  for (const spec of specs) await insertServer({ ...spec, tags: [...spec.tags] })
})

describe('GET /api/tags', () => {
  it('counts tags over active servers, most used first', async () => {
    const { body } = await json<TagCount[]>('/api/tags')
    expect(body[0]).toEqual({ tag: 'database', count: 2 })
    expect(body).toContainEqual({ tag: 'productivity', count: 2 })
    expect(body.find((t) => t.tag === 'github')).toEqual({ tag: 'github', count: 1 })
  })

  it('counts only active servers, by count and then by name', async () => {
    const { status, body } = await json<TagCount[]>('/api/tags')
    expect(status).toBe(200)
    expect(body).toEqual([
      { tag: 'database', count: 2 },
      { tag: 'productivity', count: 2 },
      { tag: 'communication', count: 1 },
      { tag: 'github', count: 1 },
      { tag: 'sql', count: 1 },
    ])
  })

  it('lets shared caches keep the guest answer, and keeps the signed-in one private', async () => {
    const asGuest = await json('/api/tags')
    expect(asGuest.res.headers.get('Cache-Control')).toBe('public, max-age=300')
    expect(asGuest.res.headers.get('Vary')).toBe('Cookie')
    const signedIn = await json<TagCount[]>('/api/tags', (await signIn('tags-reader')).read())
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toEqual(asGuest.body)
    expect(signedIn.res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(signedIn.res.headers.get('Vary')).toBe('Cookie')
  })
})
