/**
 * The tool quality checks as data: every check passes the tools it lists to pass and fails the
 * ones it lists to fail, the well-defined example passes them all, the readings behind them (the
 * description, closed sets, structured results, the parameter walk) hold on their own cases, and
 * a stranger's huge or deep schema is read within the caps.
 */
import { describe, expect, it } from 'vitest'
import type { JsonValue, SurfaceTool } from '@shared/surface'
import {
  exampleTool,
  listsClosedSet,
  nameList,
  QUALITY_CHECK_IDS,
  QUALITY_CHECKS,
  readDescription,
  saysStructuredResult,
  wordCount,
} from '../../../../worker/lib/verdict/quality-checks'
import {
  isTyped,
  KEPT_JSON_DEPTH,
  MAX_PARAMETERS,
  MAX_SCHEMAS_VISITED,
  toolParameters,
} from '../../../../worker/lib/verdict/tool-parameters'

const failedBy = (tool: SurfaceTool) => QUALITY_CHECKS.filter((c) => c.test(tool) !== null).map((c) => c.id)

describe('the checks table', () => {
  it('has unique ids, positive whole weights, and examples both ways for every check', () => {
    expect(new Set(QUALITY_CHECK_IDS).size).toBe(QUALITY_CHECKS.length)
    for (const check of QUALITY_CHECKS) {
      expect(check.id).toMatch(/^[a-z]+(-[a-z]+)*$/)
      expect(Number.isInteger(check.weight) && check.weight > 0).toBe(true)
      expect(check.examples.pass.length, check.id).toBeGreaterThan(0)
      expect(check.examples.fail.length, check.id).toBeGreaterThan(0)
    }
  })

  it('passes the well-defined example on every check', () => {
    expect(failedBy(exampleTool())).toEqual([])
  })

  for (const check of QUALITY_CHECKS) {
    it(`${check.id}: passes its pass examples and fails its fail examples with a line`, () => {
      for (const tool of check.examples.pass) expect(check.test(tool), JSON.stringify(tool)).toBeNull()
      for (const tool of check.examples.fail) {
        const line = check.test(tool)
        expect(line, JSON.stringify(tool)).toBeTypeOf('string')
        expect(line).toMatch(/^[A-Z].*[.]$/)
      }
    })
  }

  it('names what to fix in the failing line', () => {
    const byId = Object.fromEntries(QUALITY_CHECKS.map((c) => [c.id, c]))
    const tool = exampleTool({
      inputSchema: {
        type: 'object',
        properties: {
          page: { type: 'integer' },
          filter: { description: 'Any filter' },
          order: { type: 'string', description: "Sort order, one of 'asc' or 'desc'" },
          sort: { type: 'array', description: 'Keys', items: { type: 'object', properties: { field: { type: 'string' } } } },
        },
        required: ['page', 'query'],
      },
    })
    expect(byId['parameters-typed'].test(tool)).toBe('Parameters without a type: filter.')
    expect(byId['parameters-described'].test(tool)).toBe('Parameters without a description: page, sort[].field.')
    expect(byId['closed-sets-enum'].test(tool)).toBe('Parameters that list their values in the description but have no enum: order.')
    expect(byId['required-listed'].test(tool)).toBe('Its required list names parameters it does not define: query.')
    expect(byId['description-wall'].test(exampleTool({ description: `Searches issues. ${'word '.repeat(600)}` }))).toBe(
      'Its description runs to 3,016 characters: keep it under 2,000, and move details to the parameters’ descriptions.',
    )
  })

  it('fails a tool with everything missing on the checks that apply, and no more', () => {
    expect(failedBy({ name: 'do_it' })).toEqual(['description-missing', 'input-schema', 'title', 'annotations'])
  })
})

describe('readDescription', () => {
  it.each<[Partial<SurfaceTool>, string]>([
    [{ description: undefined }, 'missing'],
    [{ description: ' \n ' }, 'missing'],
    [{ name: 'list_files', description: 'Lists files' }, 'restates'],
    [{ name: 'listFiles', description: 'LIST FILES.' }, 'restates'],
    [{ name: 'list-files', description: 'This tool lists the files.' }, 'restates'],
    [{ name: 'get_record', description: 'Fetch one record' }, 'terse'],
    [{ name: 'list_files', description: 'Lists the files of a folder, newest first, with their sizes.' }, 'fine'],
    [{ name: 'wetter', description: 'Liefert die Wettervorhersage für eine Stadt' }, 'fine'],
    [{ name: 'search', description: 'x'.repeat(2001) }, 'wall'],
    [{ name: 'search', description: `Searches the issues by text ${'x'.repeat(1972)}` }, 'fine'],
  ])('%o reads as %s', (over, reading) => {
    expect(readDescription(exampleTool(over))).toBe(reading)
  })

  it('counts words in scripts written without spaces as half a word a character', () => {
    expect(wordCount('Get the weather')).toBe(3)
    expect(wordCount('获取天气')).toBe(2)
    expect(wordCount('天')).toBe(1)
    expect(wordCount('获取指定城市的天气 forecast')).toBe(5.5)
  })
})

describe('listsClosedSet', () => {
  it.each([
    "Sort order, one of 'asc' or 'desc'",
    'One of: low, medium, high',
    'one of the following values: json, csv',
    "Either 'asc' or 'desc'",
    'Must be "json", "csv" or "xml"',
    'Can be `open` | `closed`',
    'Possible values: debug, info, warn, error',
    'Allowed values are read, write',
    'Options: small, large',
    'Filter by priority (1=urgent, 2=high, 3=normal, 4=low)',
    'Mode — should be ‘fast’ or ‘slow’',
  ])('reads a closed set in %j', (text) => {
    expect(listsClosedSet(text)).toBe(true)
  })

  it.each([
    "Page format (e.g. 'A4', 'Letter')",
    "Time interval (e.g., '15m', '1h')",
    "for example one of 'a' or 'b'",
    'Either the ID or the login of one of the users or groups',
    'Must be lowercase, alphanumeric or hyphens',
    'Either asc or desc',
    'Must be a valid URL',
    'The environment variables to set, delimited by =',
    'Key-value pairs such as a=1, b=2, c=3',
    'Maximum number of records to return. Defaults to 100.',
    '',
  ])('reads no closed set in %j', (text) => {
    expect(listsClosedSet(text)).toBe(false)
  })

  it('reads only the start of a long description', () => {
    expect(listsClosedSet(`${'word '.repeat(300)} one of 'a' or 'b'`)).toBe(false)
  })
})

describe('saysStructuredResult', () => {
  it.each([
    ['Returns the matching users as a JSON array.', true],
    ['Looks up a user. Returns an object with the name and email.', true],
    ['Lists files and responds with a list of entries.', true],
    ['Gives the result in JSON.', true],
    ['Returns a JSON object describing the job.', true],
    ['Returns the created issue’s identifier and URL.', false],
    ['Converts a JSON file to a CSV table.', false],
    ['Extract structured data from a webpage.', false],
  ])('%j: %s', (description, structured) => {
    expect(saysStructuredResult(exampleTool({ description }))).toBe(structured)
  })

  it('reads the title too', () => {
    expect(saysStructuredResult(exampleTool({ description: 'Finds users.', title: 'Users as JSON' }))).toBe(true)
  })
})

describe('toolParameters', () => {
  it('walks nested properties, items, branches, additionalProperties and $defs, with paths', () => {
    const tool = exampleTool({
      inputSchema: {
        type: 'object',
        properties: {
          options: { type: 'object', properties: { outputPath: { type: 'string' } } },
          sort: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' } } } },
          pair: { type: 'array', prefixItems: [{ type: 'object', properties: { left: { type: 'string' } } }] },
          shape: { anyOf: [{ type: 'object', properties: { radius: { type: 'number' } } }, { type: 'null' }] },
          labels: { type: 'object', additionalProperties: { type: 'object', properties: { color: { type: 'string' } } } },
        },
        $defs: { Point: { type: 'object', properties: { x: { type: 'number' } } } },
      },
    })
    expect(toolParameters(tool).parameters.map((p) => [p.path, p.depth])).toEqual([
      ['options', 2],
      ['options.outputPath', 4],
      ['sort', 2],
      ['sort[].field', 5],
      ['pair', 2],
      ['pair[0].left', 6],
      ['shape', 2],
      ['shape.radius', 6],
      ['labels', 2],
      ['labels.*.color', 5],
      ['Point.x', 4],
    ])
    expect(toolParameters(tool).truncated).toBe(false)
  })

  it('reads nothing from a schema that is not an object, and does not fault a value that is not a schema', () => {
    for (const inputSchema of [undefined, null, 'object', 42, [], { properties: 'many' }, { properties: [{ type: 'string' }] }] as Array<
      JsonValue | undefined
    >) {
      expect(toolParameters(exampleTool({ inputSchema })).parameters).toEqual([])
    }
    expect(failedBy(exampleTool({ inputSchema: { type: 'object', properties: { q: 'text' }, required: 'q' } as JsonValue }))).toEqual([
      'parameters-typed',
      'parameters-described',
      'required-listed',
    ])
  })

  it('stops at the depth a stored surface keeps, however deep the schema', () => {
    let schema: JsonValue = { type: 'string', description: 'Leaf' }
    for (let i = 0; i < 5000; i++) schema = { type: 'object', description: 'Level', properties: { next: schema }, required: ['next'] }
    const tool = exampleTool({ inputSchema: schema })
    const { parameters, truncated } = toolParameters(tool)
    expect(truncated).toBe(true)
    expect(parameters.length).toBe(KEPT_JSON_DEPTH / 2 - 1)
    expect(Math.max(...parameters.map((p) => p.depth))).toBeLessThan(KEPT_JSON_DEPTH)
    expect(failedBy(tool)).toEqual([])
  })

  it('gives what sits at the edge of the kept depth the benefit of the doubt', () => {
    expect(isTyped({}, KEPT_JSON_DEPTH)).toBe(true)
    expect(isTyped({ anyOf: [] }, KEPT_JSON_DEPTH - 1)).toBe(true)
    expect(isTyped({ anyOf: [{}, { type: 'null' }] }, 2)).toBe(false)
    expect(isTyped({ anyOf: [{ type: 'string' }, { type: 'null' }] }, 2)).toBe(true)
    expect(isTyped({ allOf: [{ description: 'x' }, { type: 'string' }] }, 2)).toBe(true)
    expect(isTyped({ type: [] }, 2)).toBe(false)
    expect(isTyped(true, 2)).toBe(false)
  })

  it('keeps at most MAX_PARAMETERS parameters of a wide schema', () => {
    const properties = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`p${i}`, { type: 'string' }]))
    const tool = exampleTool({ inputSchema: { type: 'object', properties, required: [] } })
    const { parameters, truncated } = toolParameters(tool)
    expect(parameters.length).toBe(MAX_PARAMETERS)
    expect(truncated).toBe(true)
    expect(QUALITY_CHECKS.find((c) => c.id === 'parameters-described')?.test(tool)).toBe(
      'Parameters without a description: p0, p1, p2, p3, p4 and 495 more.',
    )
  })

  it('visits at most MAX_SCHEMAS_VISITED schemas of a schema made of branches', () => {
    const branches = Array.from({ length: 5000 }, () => ({ type: 'object' }))
    const { truncated } = toolParameters(exampleTool({ inputSchema: { type: 'object', anyOf: branches } }))
    expect(truncated).toBe(true)
    expect(MAX_SCHEMAS_VISITED).toBeLessThan(branches.length)
  })

  it('reads a hostile text within the pattern cap, and still finds it a wall', () => {
    const description = `Sets the mode, one of ${"'a', ".repeat(200_000)}'b'`
    const tool = exampleTool({
      description,
      inputSchema: { type: 'object', properties: { mode: { type: 'string', description } }, required: [] },
    })
    expect(failedBy(tool)).toEqual(['description-wall', 'closed-sets-enum'])
  })
})

describe('nameList', () => {
  it('lists the first five names, cut, then how many more', () => {
    expect(nameList(['a'])).toBe('a')
    expect(nameList(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('a, b, c, d, e and 2 more')
    expect(nameList(['x'.repeat(100)])).toBe(`${'x'.repeat(59)}…`)
  })
})
