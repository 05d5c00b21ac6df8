import { describe, expect, it } from 'vitest'
import type { SurfaceDiff } from '@shared/scan'
import type { JsonValue, Surface, SurfaceTool } from '@shared/surface'
import {
  annotationChanges,
  diffSide,
  diffSurfaces,
  isEmptyDiff,
  MAX_RENAME_COMPARISONS,
  schemaChanges,
  similarity,
} from '../../../../worker/lib/scan/diff'
import { wordDiffWork } from '../../../../worker/lib/scan/word-diff'
import everything from '../../../fixtures/surfaces/server-everything.json'

/** server-everything's surface as our probe read and stored it. */
const real = everything as unknown as Surface

/** A deep copy to edit, so no test sees another's edits. */
const copy = (): Surface => structuredClone(real)

const tool = (surface: Surface, name: string): SurfaceTool => {
  const found = surface.tools.find((item) => item.name === name)
  if (!found) throw new Error(`no tool ${name}`)
  return found
}

type Schema = { properties: Record<string, Record<string, JsonValue>>; required?: string[] }
const input = (item: SurfaceTool) => item.inputSchema as unknown as Schema

const diff = (before: Surface, after: Surface, versions: [string, string] = ['1.0.0', '1.0.0']): SurfaceDiff =>
  diffSurfaces({ surface: before, listingVersion: versions[0] }, { surface: after, listingVersion: versions[1] })

describe('diffSurfaces on server-everything', () => {
  it('finds nothing in an unchanged copy, so no change is stored', () => {
    const result = diff(real, copy())
    expect(result.items).toEqual([])
    expect(result.instructions).toBeUndefined()
    expect(result.withoutNewVersion).toBe(false)
    expect(result.counts).toEqual({ added: 0, removed: 0, renamed: 0, changed: 0 })
    expect(isEmptyDiff(result)).toBe(true)
    expect(result.serverVersion).toEqual({ before: '2.0.0', after: '2.0.0' })
  })

  it('shows one description changed as a word diff and says the version stayed the same', () => {
    const after = copy()
    tool(after, 'get-env').description =
      'Returns all environment variables, helpful for debugging MCP server configuration and for sharing them'
    const result = diff(real, after)
    expect(result.items).toEqual([
      {
        kind: 'tool',
        change: 'changed',
        name: 'get-env',
        description: [
          { op: 'same', text: 'Returns all environment variables, helpful for debugging MCP server configuration' },
          { op: 'added', text: ' and for sharing them' },
        ],
      },
    ])
    expect(result.withoutNewVersion).toBe(true)
    expect(result.counts).toEqual({ added: 0, removed: 0, renamed: 0, changed: 1 })
    expect(isEmptyDiff(result)).toBe(false)
  })

  it('does not call it without a new version when the listing or the server declared a new one', () => {
    const after = copy()
    tool(after, 'echo').description = 'Echoes back the input string, unchanged'
    expect(diff(real, after, ['1.0.0', '1.1.0']).withoutNewVersion).toBe(false)
    after.serverInfo = { ...after.serverInfo!, version: '2.0.1' }
    const bumped = diff(real, after)
    expect(bumped.withoutNewVersion).toBe(false)
    expect(bumped.serverVersion).toEqual({ before: '2.0.0', after: '2.0.1' })
    expect(bumped.listingVersion).toEqual({ before: '1.0.0', after: '1.0.0' })
  })

  it('pairs a removed tool and an added one with the same definition as renamed', () => {
    const after = copy()
    tool(after, 'get-sum').name = 'add-numbers'
    const result = diff(real, after)
    expect(result.items).toEqual([{ kind: 'tool', change: 'renamed', name: 'add-numbers', previousName: 'get-sum' }])
    expect(result.counts).toEqual({ added: 0, removed: 0, renamed: 1, changed: 0 })
  })

  it('pairs a rename whose description was reworded a little, and shows the rewording', () => {
    const after = copy()
    const renamed = tool(after, 'get-sum')
    renamed.name = 'add'
    renamed.description = 'Returns the sum of two given numbers'
    const [item] = diff(real, after).items
    expect(item).toMatchObject({ change: 'renamed', name: 'add', previousName: 'get-sum' })
    expect(diffSide(item.description!, 'after')).toBe('Returns the sum of two given numbers')
  })

  it('gives a removed tool to the added one identical to it, before a merely close one', () => {
    const before = copy()
    before.tools = [
      { name: 'old', description: 'Reads the file at a path', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
    ]
    const after = copy()
    after.tools = [
      { ...before.tools[0], name: 'close', description: 'Reads the file at the path' },
      { ...before.tools[0], name: 'same' },
    ]
    expect(diff(before, after).items.map((item) => `${item.change} ${item.name} ${item.previousName ?? ''}`)).toEqual([
      'added close ',
      'renamed same old',
    ])
  })

  it('does bounded work when a server replaces 500 look-alike tools at once, and twice the tools cost at most twice as much', () => {
    const many = (prefix: string, n: number): Surface => ({
      ...copy(),
      tools: Array.from({ length: n }, (_, i) => ({
        name: `${prefix}${i}`,
        description: `Tool number ${i} of ${prefix}`,
        inputSchema: { type: 'object' },
      })),
    })
    // The work is counted, not timed: the word diffs run (each description compared while pairing
    // renames, and each renamed tool's) and their Myers steps (wordDiffWork).
    const replaced = (n: number) => {
      const from = { ...wordDiffWork }
      const result = diff(many('a', n), many('b', n))
      return { result, diffs: wordDiffWork.diffs - from.diffs, steps: wordDiffWork.steps - from.steps }
    }
    const { result, diffs, steps } = replaced(500)
    expect(result.counts.added + result.counts.renamed).toBe(500)
    expect(result.items.length).toBe(500 + result.counts.removed)
    // Pairing renames compares descriptions within its budget, not every removed tool with every added one.
    expect(diffs).toBeLessThanOrEqual(MAX_RENAME_COMPARISONS + 500)
    const twice = replaced(1000)
    expect(twice.diffs).toBeLessThanOrEqual(2 * diffs)
    expect(twice.steps).toBeLessThanOrEqual(2 * steps)
  })

  it('keeps an unrelated tool added and another removed apart', () => {
    const after = copy()
    after.tools = after.tools.filter((item) => item.name !== 'get-tiny-image')
    after.tools.push({
      name: 'weather',
      description: 'Forecast for a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    })
    const result = diff(real, after)
    expect(result.items).toEqual([
      { kind: 'tool', change: 'added', name: 'weather' },
      { kind: 'tool', change: 'removed', name: 'get-tiny-image' },
    ])
    expect(result.counts).toEqual({ added: 1, removed: 1, renamed: 0, changed: 0 })
  })

  it('reports a property made required, and made optional again', () => {
    const after = copy()
    input(tool(after, 'trigger-long-running-operation')).required = ['duration']
    const [item] = diff(real, after).items
    expect(item.schema).toEqual([{ schema: 'inputSchema', path: 'duration', change: 'required' }])
    expect(diff(after, real).items[0].schema).toEqual([{ schema: 'inputSchema', path: 'duration', change: 'optional' }])
  })

  it('reports each kind of property change by path: added, removed, type, description, enum, default, other', () => {
    const after = copy()
    const annotated = input(tool(after, 'get-annotated-message'))
    annotated.properties.messageType.enum = ['error', 'success', 'debug', 'warning']
    annotated.properties.messageType.description = 'Kind of message'
    annotated.properties.includeImage.default = true
    annotated.properties.includeImage.type = 'string'
    annotated.properties.includeImage.format = 'uri'
    annotated.properties.note = { type: 'string', description: 'Anything else' }
    annotated.required = ['messageType', 'note']
    const sum = input(tool(after, 'get-sum'))
    delete sum.properties.b
    sum.required = ['a']
    const result = diff(real, after)
    expect(result.items.map((item) => item.name)).toEqual(['get-annotated-message', 'get-sum'])
    expect(result.items[0].schema).toEqual([
      {
        schema: 'inputSchema',
        path: 'messageType',
        change: 'description',
        before: 'Type of message to demonstrate different annotation patterns',
        after: 'Kind of message',
      },
      {
        schema: 'inputSchema',
        path: 'messageType',
        change: 'enum',
        before: '["error","success","debug"]',
        after: '["error","success","debug","warning"]',
      },
      { schema: 'inputSchema', path: 'includeImage', change: 'type', before: 'boolean', after: 'string' },
      { schema: 'inputSchema', path: 'includeImage', change: 'default', before: 'false', after: 'true' },
      { schema: 'inputSchema', path: 'includeImage', change: 'other', after: 'format: uri' },
      { schema: 'inputSchema', path: 'note', change: 'added', after: 'string, required: Anything else' },
    ])
    expect(result.items[1].schema).toEqual([
      { schema: 'inputSchema', path: 'b', change: 'removed', before: 'number, required: Second number' },
    ])
  })

  it('follows nested objects and array items with dotted paths', () => {
    const before = copy()
    const gzip = input(tool(before, 'gzip-file-as-resource'))
    gzip.properties.options = {
      type: 'object',
      properties: {
        level: { type: 'number' },
        files: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' } } } },
      },
    }
    const after = structuredClone(before)
    const options = input(tool(after, 'gzip-file-as-resource')).properties.options as unknown as Schema
    options.properties.level.type = 'integer'
    options.properties.recursive = { type: 'boolean' }
    const files = options.properties.files.items as unknown as Schema
    files.properties.path.description = 'Where the file is'
    files.properties.mode = { type: 'string', enum: ['r', 'w'] }
    files.required = ['path']
    const [item] = diff(before, after).items
    expect(item.schema).toEqual([
      { schema: 'inputSchema', path: 'options.level', change: 'type', before: 'number', after: 'integer' },
      { schema: 'inputSchema', path: 'options.files[].path', change: 'required' },
      { schema: 'inputSchema', path: 'options.files[].path', change: 'description', after: 'Where the file is' },
      { schema: 'inputSchema', path: 'options.files[].mode', change: 'added', after: 'string' },
      { schema: 'inputSchema', path: 'options.recursive', change: 'added', after: 'boolean' },
    ])
  })

  it('reports output schema changes apart from input ones', () => {
    const after = copy()
    const output = tool(after, 'get-structured-content').outputSchema as unknown as Schema
    output.properties.windSpeed = { type: 'number' }
    expect(diff(real, after).items[0].schema).toEqual([{ schema: 'outputSchema', path: 'windSpeed', change: 'added', after: 'number' }])
  })

  it('marks annotations flipped to less safety as risky, and the other way as not', () => {
    const after = copy()
    tool(after, 'echo').annotations = {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
      title: 'Echo',
    }
    const [item] = diff(real, after).items
    expect(item).toMatchObject({ kind: 'tool', change: 'changed', name: 'echo' })
    expect(item.annotations).toEqual([
      { hint: 'title', before: null, after: 'Echo', risky: false },
      { hint: 'readOnlyHint', before: true, after: false, risky: true },
      { hint: 'destructiveHint', before: false, after: true, risky: true },
      { hint: 'idempotentHint', before: true, after: false, risky: true },
      { hint: 'openWorldHint', before: false, after: true, risky: true },
    ])
    expect(diff(after, real).items[0].annotations!.every((hint) => !hint.risky)).toBe(true)
    // From absent to on counts; absent from the start and a readOnlyHint that was never promised do not.
    expect(annotationChanges(undefined, { destructiveHint: true })).toEqual([
      { hint: 'destructiveHint', before: null, after: true, risky: true },
    ])
    expect(annotationChanges({ readOnlyHint: true }, undefined)).toEqual([{ hint: 'readOnlyHint', before: true, after: null, risky: true }])
    expect(annotationChanges({ readOnlyHint: false }, undefined)).toEqual([
      { hint: 'readOnlyHint', before: false, after: null, risky: false },
    ])
  })

  it('reports a title change', () => {
    const after = copy()
    tool(after, 'echo').title = 'Echo'
    expect(diff(real, after).items[0].title).toEqual({ before: 'Echo Tool', after: 'Echo' })
  })

  it('reports a prompt argument added, one made optional, and a prompt removed', () => {
    const after = copy()
    const args = after.prompts.find((prompt) => prompt.name === 'args-prompt')!
    args.arguments!.push({ name: 'country', description: 'Country of the city', required: true })
    args.arguments![0].required = false
    after.prompts = after.prompts.filter((prompt) => prompt.name !== 'simple-prompt')
    const result = diff(real, after)
    expect(result.items).toEqual([
      {
        kind: 'prompt',
        change: 'changed',
        name: 'args-prompt',
        other: ['arguments.city.required: true → false', 'arguments.country: added (required)'],
      },
      { kind: 'prompt', change: 'removed', name: 'simple-prompt' },
    ])
  })

  it('reports a resource removed and a resource template changed, by their URIs', () => {
    const after = copy()
    const gone = after.resources[2]
    after.resources = after.resources.filter((resource) => resource !== gone)
    after.resourceTemplates[0].mimeType = 'text/markdown'
    after.resourceTemplates[0].description = `${after.resourceTemplates[0].description} Markdown now.`
    const result = diff(real, after)
    expect(result.items.map(({ kind, change, name, other }) => ({ kind, change, name, other }))).toEqual([
      { kind: 'resource', change: 'removed', name: gone.uri, other: undefined },
      { kind: 'resourceTemplate', change: 'changed', name: 'demo://resource/dynamic/text/{resourceId}', other: ['mimeType'] },
    ])
    expect(diffSide(result.items[1].description!, 'after')).toBe(after.resourceTemplates[0].description)
  })

  it('diffs the instructions word by word', () => {
    const after = copy()
    after.instructions = `${real.instructions}\n\nAlways call echo first.`
    const result = diff(real, after)
    expect(result.items).toEqual([])
    expect(result.instructions).toEqual([
      { op: 'same', text: real.instructions },
      { op: 'added', text: '\n\nAlways call echo first.' },
    ])
    expect(result.withoutNewVersion).toBe(true)
  })

  it("lists items in the new surface's order, removed ones after, whatever order the edits were made in", () => {
    const after = copy()
    after.tools.reverse()
    tool(after, 'echo').description = 'Echo'
    tool(after, 'get-sum').description = 'Sum'
    after.tools.splice(
      after.tools.findIndex((item) => item.name === 'get-env'),
      1,
    )
    const result = diff(real, after)
    expect(result.items.map((item) => `${item.change} ${item.name}`)).toEqual(['changed get-sum', 'changed echo', 'removed get-env'])
    expect(diff(real, after)).toEqual(result)
  })

  it('says the surface changed without a new version when only the order of the tools did, with no item', () => {
    const after = copy()
    after.tools.reverse()
    const result = diff(real, after)
    expect(result.items).toEqual([])
    expect(result.withoutNewVersion).toBe(true)
  })
})

describe('schemaChanges and similarity', () => {
  it('sees a schema with keys in another order as the same', () => {
    const before = tool(real, 'get-sum')
    const reversed = (value: JsonValue): JsonValue =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([key, item]) => [key, reversed(item)]),
          )
        : value
    const after = { ...before, inputSchema: reversed(before.inputSchema!) }
    expect(JSON.stringify(after.inputSchema)).not.toBe(JSON.stringify(before.inputSchema))
    expect(schemaChanges(before, after)).toEqual([])
  })

  it('scores equal texts 1 and texts with nothing in common 0', () => {
    expect(similarity('abc', 'abc')).toBe(1)
    expect(similarity('alpha', 'omega')).toBe(0)
    expect(similarity('Returns the sum of two numbers', 'Returns the sum of two given numbers')).toBeGreaterThan(0.8)
  })
})
