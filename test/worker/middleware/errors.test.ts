import { describe, expect, it } from 'vitest'
import { json } from '../helpers'

describe('unknown API paths', () => {
  it('are JSON 404s', async () => {
    expect(await json('/api/nope')).toMatchObject({ status: 404, body: { error: 'Not found', code: 'not_found' } })
  })
})
