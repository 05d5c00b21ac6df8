import { describe, expect, it } from 'vitest'
import type { SurfaceTool } from '@shared/surface'
import { type SurfaceText, surfaceTexts } from '../../../../worker/lib/scan'
import { surfaceWith } from '../../probe-helpers'

const surface = surfaceWith

/** The texts as `field role text` lines: what a rule would read, and where. */
const lines = (texts: Iterable<SurfaceText>) => [...texts].map((t) => `${t.kind}|${t.item ?? ''}|${t.field}|${t.role}|${t.text}`)

describe('surfaceTexts', () => {
  it("reads the server's own texts: its name, title, version and instructions", () => {
    const texts = lines(
      surfaceTexts(surface({ serverInfo: { name: 'srv', title: 'Server', version: '1.0.0' }, instructions: 'Use me well.' })),
    )
    expect(texts).toEqual([
      'server||serverInfo.name|name|srv',
      'server||serverInfo.title|title|Server',
      'server||serverInfo.version|version|1.0.0',
      'server||instructions|instructions|Use me well.',
    ])
  })

  it('walks a tool: name, title, description, annotation title, and every string of both schemas at any depth', () => {
    const tool = {
      name: 'search',
      title: 'Search',
      description: 'Finds things.',
      annotations: { title: 'Search things', readOnlyHint: true },
      inputSchema: {
        type: 'object',
        $schema: 'http://json-schema.org/draft-07/schema#',
        properties: {
          query: { type: 'string', description: 'What to find', examples: ['cats'] },
          mode: { type: 'string', enum: ['fast', 'deep'], default: 'fast' },
          filters: {
            type: 'array',
            items: {
              anyOf: [
                { type: 'object', properties: { field: { type: 'string', title: 'Field', const: 'name' } } },
                { $ref: '#/$defs/range' },
              ],
            },
          },
          extra: { type: 'object', additionalProperties: { type: 'string', description: 'Any value' } },
          tags: { type: 'object', patternProperties: { '^x-': { type: 'string', description: 'Custom tag' } } },
          options: { type: 'object', default: { sort: 'asc', fields: ['a', 'b'] } },
        },
        required: ['query'],
        $defs: { range: { type: 'object', description: 'A range', properties: { from: { type: 'number' } } } },
      },
      outputSchema: { type: 'object', properties: { hits: { type: 'array', items: { type: 'string', description: 'A hit' } } } },
    } as SurfaceTool
    const texts = [...surfaceTexts(surface({ tools: [tool] }))]
    const by = (field: string) => texts.find((t) => t.field === field)
    expect(lines(texts.slice(0, 4))).toEqual([
      'tool|search|name|name|search',
      'tool|search|title|title|Search',
      'tool|search|description|description|Finds things.',
      'tool|search|annotations.title|annotation-title|Search things',
    ])
    expect(by('inputSchema.properties.query')).toMatchObject({ role: 'property-name', text: 'query', required: true, note: 'What to find' })
    expect(by('inputSchema.properties.mode')).toMatchObject({ role: 'property-name', required: false })
    expect(by('inputSchema.properties.query.description')).toMatchObject({ role: 'schema-description', text: 'What to find' })
    expect(by('inputSchema.properties.query.examples.0')).toMatchObject({ role: 'example', text: 'cats' })
    expect(by('inputSchema.properties.mode.enum.1')).toMatchObject({ role: 'enum', text: 'deep' })
    expect(by('inputSchema.properties.mode.default')).toMatchObject({ role: 'default', text: 'fast' })
    expect(by('inputSchema.properties.filters.items.anyOf.0.properties.field.title')).toMatchObject({ role: 'schema-title', text: 'Field' })
    expect(by('inputSchema.properties.filters.items.anyOf.0.properties.field.const')).toMatchObject({ role: 'const', text: 'name' })
    expect(by('inputSchema.properties.filters.items.anyOf.1.$ref')).toMatchObject({ role: 'schema-keyword', text: '#/$defs/range' })
    expect(by('inputSchema.properties.extra.additionalProperties.description')).toMatchObject({ text: 'Any value' })
    expect(by('inputSchema.properties.tags.patternProperties.^x-')).toMatchObject({ role: 'property-name', text: '^x-' })
    expect(by('inputSchema.properties.tags.patternProperties.^x-.description')).toMatchObject({ text: 'Custom tag' })
    expect(by('inputSchema.properties.options.default.sort')).toMatchObject({ role: 'default', text: 'asc' })
    expect(by('inputSchema.properties.options.default.fields.1')).toMatchObject({ role: 'default', text: 'b' })
    expect(by('inputSchema.$defs.range.description')).toMatchObject({ role: 'schema-description', text: 'A range' })
    expect(by('inputSchema.$defs.range.properties.from')).toMatchObject({ role: 'property-name' })
    expect(by('inputSchema.$schema')).toMatchObject({ role: 'schema-keyword' })
    expect(by('outputSchema.properties.hits.items.description')).toMatchObject({ role: 'schema-description', text: 'A hit' })
    // The names `required` lists are read once, as the properties' names.
    expect(texts.filter((t) => t.text === 'query').map((t) => t.field)).toEqual(['inputSchema.properties.query'])
  })

  it('reads prompts with their arguments, resources with their URIs, templates with theirs', () => {
    const texts = lines(
      surfaceTexts(
        surface({
          prompts: [
            {
              name: 'greet',
              title: 'Greet',
              description: 'Says hi',
              arguments: [{ name: 'who', description: 'The person', required: true }],
            },
          ],
          resources: [{ uri: 'file:///a.txt', name: 'a', title: 'A', description: 'A file', mimeType: 'text/plain' }],
          resourceTemplates: [{ uriTemplate: 'file:///{name}', name: 'files', description: 'Any file', mimeType: 'text/plain' }],
        }),
      ),
    )
    expect(texts).toEqual([
      'prompt|greet|name|name|greet',
      'prompt|greet|title|title|Greet',
      'prompt|greet|description|description|Says hi',
      'prompt|greet|arguments.0.name|argument-name|who',
      'prompt|greet|arguments.0.description|argument-description|The person',
      'resource|a|name|name|a',
      'resource|a|title|title|A',
      'resource|a|description|description|A file',
      'resource|a|uri|uri|file:///a.txt',
      'resource|a|mimeType|mime|text/plain',
      'resourceTemplate|files|name|name|files',
      'resourceTemplate|files|description|description|Any file',
      'resourceTemplate|files|uriTemplate|uri|file:///{name}',
      'resourceTemplate|files|mimeType|mime|text/plain',
    ])
    const arg = [
      ...surfaceTexts(surface({ prompts: [{ name: 'p', arguments: [{ name: 'who', description: 'The person', required: true }] }] })),
    ][1]
    expect(arg).toMatchObject({ required: true, note: 'The person' })
  })

  it('stops at its own bounds on a schema nested far past the probe caps, and on one with thousands of strings', () => {
    let deep: Record<string, unknown> = { type: 'string', description: 'bottom' }
    for (let i = 0; i < 200; i++) deep = { type: 'object', properties: { next: deep } }
    const texts = [...surfaceTexts(surface({ tools: [{ name: 'deep', inputSchema: deep as never }] }))]
    expect(texts.some((t) => t.text === 'bottom')).toBe(false)
    expect(texts.length).toBeLessThan(100)
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 4000 }, (_, i) => [`p${i}`, { type: 'string', description: `d${i}` }])),
    }
    const many = [...surfaceTexts(surface({ tools: [{ name: 'wide', inputSchema: wide as never }] }))]
    expect(many.length).toBeLessThanOrEqual(5001)
    expect(many.length).toBeGreaterThan(4000)
  })

  it('reads the schemas of draft-7 `dependencies` and of `contentSchema` as schemas, their texts with their own roles', () => {
    const tool = {
      name: 'upload',
      inputSchema: {
        type: 'object',
        properties: { card: { type: 'string' } },
        dependencies: { card: { properties: { billing: { type: 'string', description: 'Billing address' } } }, other: ['card'] },
        contentSchema: { type: 'object', title: 'Payload', properties: { note: { type: 'string', default: 'none' } } },
      },
    } as SurfaceTool
    const texts = [...surfaceTexts(surface({ tools: [tool] }))]
    const by = (field: string) => texts.find((t) => t.field === field)
    expect(by('inputSchema.dependencies.card.properties.billing')).toMatchObject({ role: 'property-name', text: 'billing' })
    expect(by('inputSchema.dependencies.card.properties.billing.description')).toMatchObject({ role: 'schema-description' })
    expect(by('inputSchema.contentSchema.title')).toMatchObject({ role: 'schema-title', text: 'Payload' })
    expect(by('inputSchema.contentSchema.properties.note.default')).toMatchObject({ role: 'default', text: 'none' })
  })

  it('skips values of the wrong type instead of failing on them', () => {
    const odd = { name: 't', description: 42, inputSchema: { properties: 'nope', enum: [1, null, 'x', { deep: ['y'] }] } } as never
    expect(lines(surfaceTexts(surface({ tools: [odd] })))).toEqual([
      'tool|t|name|name|t',
      'tool|t|inputSchema.properties|schema-string|nope',
      'tool|t|inputSchema.enum.2|enum|x',
      'tool|t|inputSchema.enum.3.deep.0|enum|y',
    ])
  })
})
