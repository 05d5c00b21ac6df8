import { beforeAll, describe, expect, it } from 'vitest'
import type { TagCount } from '../../../worker/shared/types'
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
})
