/**
 * The body guards: JSON depth is counted without recursion and refused past the limit; metadata
 * within the limit round-trips through create and edit (deeper input used to be accepted on
 * create and then fail every later edit with a 500).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '@shared/limits'
import type { ServerDetail } from '@shared/types'
import { jsonDepth } from '../../../worker/middleware/body'
import { type Client, signIn } from '../auth-helpers'
import { call } from '../helpers'

const nestedMetadata = (depth: number): Record<string, unknown> => {
  let value: Record<string, unknown> = { leaf: true }
  for (let i = 1; i < depth; i++) value = { a: value }
  return value
}

describe('jsonDepth', () => {
  it('counts arrays and objects, skips strings and escapes, and survives any depth', () => {
    expect(jsonDepth('1')).toBe(0)
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3)
    expect(jsonDepth('{"a":"[[[{{{\\"[[["}')).toBe(1)
    expect(jsonDepth('["\\\\",[]]')).toBe(2)
    expect(jsonDepth('['.repeat(1_000_000))).toBe(1_000_000)
    expect(jsonDepth(JSON.stringify(nestedMetadata(LIMITS.jsonDepth)))).toBe(LIMITS.jsonDepth)
  })
})

describe('deep metadata on POST and PUT /api/servers', () => {
  let owner: Client
  beforeAll(async () => {
    owner = await signIn('body-depth-owner')
  })
  const form = (metadata: unknown) => ({
    displayName: 'Deep metadata',
    description: 'Holds nested metadata.',
    author: 'body-depth-owner',
    version: '1.0.0',
    githubUrl: 'https://github.com/body-depth-owner/deep',
    tags: [],
    packages: [],
    remotes: [],
    metadata,
  })

  it('keeps metadata at the depth limit through create and a later edit', async () => {
    // The body adds one level around the metadata.
    const metadata = nestedMetadata(LIMITS.jsonDepth - 1)
    const created = await call('/api/servers', owner.write('POST', form(metadata)))
    expect(created.status).toBe(201)
    const server = (await created.json()) as ServerDetail
    expect(server.metadata).toEqual(metadata)
    const edited = await call(`/api/servers/${server.id}`, owner.write('PUT', { ...form(metadata), description: 'Edited.' }))
    expect(edited.status).toBe(200)
    expect(((await edited.json()) as ServerDetail).description).toBe('Edited.')
  })

  it('refuses deeper metadata with 400 invalid_json on create and on edit, and stores nothing', async () => {
    const refusal = { error: `Request body is nested too deeply (at most ${LIMITS.jsonDepth} levels)`, code: 'invalid_json' }
    const total = async () => ((await (await call('/api/servers', owner.read())).json()) as { total: number }).total
    const before = await total()
    const created = await call('/api/servers', owner.write('POST', form(nestedMetadata(3000))))
    expect({ status: created.status, body: await created.json() }).toEqual({ status: 400, body: refusal })
    expect(await total()).toBe(before)

    const kept = (await (await call('/api/servers', owner.write('POST', form({ shallow: true })))).json()) as ServerDetail
    const edited = await call(`/api/servers/${kept.id}`, owner.write('PUT', form(nestedMetadata(4000))))
    expect({ status: edited.status, body: await edited.json() }).toEqual({ status: 400, body: refusal })
    const after = (await (await call(`/api/servers/${kept.id}`, owner.read())).json()) as ServerDetail
    expect(after.metadata).toEqual({ shallow: true })
  })
})
