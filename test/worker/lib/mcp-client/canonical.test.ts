import { canonicalJson, hashSurface } from '@mcp-catalogue/mcp-client'
import { describe, expect, it } from 'vitest'
import type { Surface } from '@shared/surface'

const surface = (tools: Surface['tools']): Surface => ({
  serverInfo: { name: 'x', version: '1' },
  capabilities: { tools: {} },
  instructions: null,
  tools,
  prompts: [],
  resources: [],
  resourceTemplates: [],
})

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order, and has no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [3, { d: 'x', c: null }, 1] })).toBe('{"a":[3,{"c":null,"d":"x"},1],"b":1}')
  })

  it('is the same text for the same JSON written in any key order, and different for any other change', () => {
    const a = { name: 'echo', inputSchema: { type: 'object', properties: { m: { type: 'string' } } } }
    const b = { inputSchema: { properties: { m: { type: 'string' } }, type: 'object' }, name: 'echo' }
    expect(canonicalJson(a)).toBe(canonicalJson(b))
    expect(canonicalJson({ list: [1, 2] })).not.toBe(canonicalJson({ list: [2, 1] }))
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }))
  })

  it('leaves out undefined members as JSON does, and escapes strings', () => {
    expect(canonicalJson({ a: undefined, b: 'q"\n' })).toBe('{"b":"q\\"\\n"}')
    expect(canonicalJson([undefined])).toBe('[null]')
  })
})

describe('hashSurface', () => {
  it('gives a sha-256 hex for the surface and one per tool, equal for equal surfaces', async () => {
    const one = await hashSurface(surface([{ name: 'a', description: 'A' }, { name: 'b' }]))
    const two = await hashSurface(surface([{ description: 'A', name: 'a' }, { name: 'b' }]))
    expect(one.surface).toMatch(/^[0-9a-f]{64}$/)
    expect(one).toEqual(two)
    expect(Object.keys(one.tools)).toEqual(['a', 'b'])
  })

  it('changes the surface hash and only the changed tool’s hash when one description changes', async () => {
    const before = await hashSurface(surface([{ name: 'a', description: 'A' }, { name: 'b' }]))
    const after = await hashSurface(surface([{ name: 'a', description: 'A!' }, { name: 'b' }]))
    expect(after.surface).not.toBe(before.surface)
    expect(after.tools.a).not.toBe(before.tools.a)
    expect(after.tools.b).toBe(before.tools.b)
  })

  it('sees a change of tool order as a change of the surface', async () => {
    const ab = await hashSurface(surface([{ name: 'a' }, { name: 'b' }]))
    const ba = await hashSurface(surface([{ name: 'b' }, { name: 'a' }]))
    expect(ab.surface).not.toBe(ba.surface)
    expect(ab.tools).toEqual(ba.tools)
  })
})
