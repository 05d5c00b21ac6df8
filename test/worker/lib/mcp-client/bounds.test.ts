import { capJson, DEFAULT_PROBE_BOUNDS, type ProbeBounds, SurfaceError, toSurface } from '@mcp-catalogue/mcp-client'
import { describe, expect, it } from 'vitest'

const small: ProbeBounds = { ...DEFAULT_PROBE_BOUNDS, maxItems: 3, maxStringLength: 10, maxDepth: 3, maxSurfaceChars: 5000 }

const deep = (levels: number): unknown => (levels === 0 ? { type: 'string' } : { type: 'object', properties: { x: deep(levels - 1) } })

describe('toSurface', () => {
  it('keeps only the fields of a surface, each of its own type', () => {
    const surface = toSurface({
      serverInfo: { name: 'srv', version: '1.0', title: 'Server', icon: 'javascript:alert(1)' },
      capabilities: { tools: { listChanged: true } },
      instructions: 'Use it well',
      tools: [
        {
          name: 'echo',
          description: 'Echo',
          inputSchema: { type: 'object' },
          annotations: { readOnlyHint: true, destructiveHint: 'yes', evil: true },
          _meta: { secret: 1 },
          execute: 'rm -rf /',
        },
      ],
      prompts: [{ name: 'p', arguments: [{ name: 'a', required: true, extra: 1 }] }],
      resources: [{ uri: 'file:///x', name: 'x', size: 10 }],
      resourceTemplates: [{ uriTemplate: 'file:///{path}', name: 't' }],
      somethingElse: 'dropped',
    })
    expect(surface).toEqual({
      serverInfo: { name: 'srv', version: '1.0', title: 'Server' },
      capabilities: { tools: { listChanged: true } },
      instructions: 'Use it well',
      tools: [{ name: 'echo', description: 'Echo', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }],
      prompts: [{ name: 'p', arguments: [{ name: 'a', required: true }] }],
      resources: [{ uri: 'file:///x', name: 'x' }],
      resourceTemplates: [{ uriTemplate: 'file:///{path}', name: 't' }],
    })
  })

  it('cuts huge strings to maxStringLength, names and descriptions alike', () => {
    const surface = toSurface({ tools: [{ name: 'n'.repeat(50), description: 'd'.repeat(100_000) }] }, small)
    expect(surface.tools[0]).toEqual({ name: 'n'.repeat(10), description: 'd'.repeat(10) })
  })

  it('caps schema depth: what lies deeper than maxDepth becomes an empty object or list', () => {
    const surface = toSurface({ tools: [{ name: 't', inputSchema: deep(10) }] }, small)
    expect(surface.tools[0].inputSchema).toEqual({ type: 'object', properties: { x: { type: 'object', properties: {} } } })
    expect(capJson([[[[1]]]], small)).toEqual([[[[]]]])
  })

  it('keeps at most maxItems items per list, and entries per object or array inside a schema', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ name: `t${i}` }))
    const surface = toSurface({ tools: many, prompts: many }, small)
    expect(surface.tools.map((t) => t.name)).toEqual(['t0', 't1', 't2'])
    expect(surface.prompts).toHaveLength(3)
    expect(capJson({ enum: [1, 2, 3, 4, 5] }, small)).toEqual({ enum: [1, 2, 3] })
  })

  it('drops items whose name was already seen, so a name identifies one tool', () => {
    const surface = toSurface({
      tools: [
        { name: 'a', description: 'first' },
        { name: 'a', description: 'second' },
      ],
    })
    expect(surface.tools).toEqual([{ name: 'a', description: 'first' }])
  })

  it('drops wrong-typed optional fields and defaults missing parts', () => {
    const surface = toSurface({
      serverInfo: 'me',
      capabilities: [1],
      instructions: 42,
      tools: [{ name: 't', title: 5, inputSchema: 'object', annotations: 'none' }],
    })
    expect(surface).toEqual({
      serverInfo: null,
      capabilities: {},
      instructions: null,
      tools: [{ name: 't' }],
      prompts: [],
      resources: [],
      resourceTemplates: [],
    })
  })

  it('drops what JSON cannot hold from schemas', () => {
    expect(capJson({ a: Number.NaN, b: () => 1, c: [Number.POSITIVE_INFINITY] }, small)).toEqual({ c: [null] })
  })

  it.each([
    ['not an object', 'a string'],
    ['a list that is not a list', { tools: { name: 'x' } }],
    ['a tool that is not an object', { tools: ['echo'] }],
    ['a tool without a name', { tools: [{ description: 'nameless' }] }],
    ['a resource without a uri', { resources: [{ name: 'x' }] }],
    ['a template without a uriTemplate', { resourceTemplates: [{ name: 'x' }] }],
  ])('throws SurfaceError for %s', (_, value) => {
    expect(() => toSurface(value)).toThrow(SurfaceError)
  })

  it('throws SurfaceError when the whole surface is past maxSurfaceChars', () => {
    const tools = Array.from({ length: 3 }, (_, i) => ({ name: `t${i}`, description: 'x'.repeat(10) }))
    expect(() => toSurface({ tools }, { ...small, maxSurfaceChars: 100 })).toThrow(/more than the 100/)
  })
})
