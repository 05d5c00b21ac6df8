/**
 * The tool quality dimension of fixture servers: one defined well on every check, one with a tool
 * failing each check (and nothing else), one whose only tool fails nearly everything (floored at
 * 0), and none at all; their grades, scores, reasons and lines exactly. Then how the server's
 * score weighs its worst quarter, and the caps on a stranger's surface.
 */
import { describe, expect, it } from 'vitest'
import type { JsonValue, SurfaceTool } from '@shared/surface'
import { exampleTool, QUALITY_CHECKS } from '../../../../worker/lib/verdict/quality-checks'
import { gradeToolQuality, MAX_GRADED_TOOLS, MAX_LINES } from '../../../../worker/lib/verdict/tool-quality'

const base = exampleTool()
const baseInput = base.inputSchema as { type: string; properties: Record<string, JsonValue>; required: string[] }

/** The well-defined tool under another name, with one parameter added or replaced. */
const withParameter = (name: string, parameter: string, schema: JsonValue): SurfaceTool => ({
  ...base,
  name,
  inputSchema: { ...baseInput, properties: { ...baseInput.properties, [parameter]: schema } },
})

/** Every plus line, in the checks' order, as a server passing them all has them. */
const allPlus = QUALITY_CHECKS.map((c) => ({ effect: 'plus', text: c.passing, points: c.weight }))

describe('a server defined well on every check', () => {
  const tools = [
    base,
    exampleTool({
      name: 'close_issue',
      title: 'Close an issue',
      description: 'Closes one issue of a repository, with an optional comment saying why, and returns the closed issue as a JSON object.',
      inputSchema: {
        type: 'object',
        properties: {
          repository: { type: 'string', description: 'The repository, as owner/name.' },
          number: { type: 'integer', minimum: 1, description: 'The issue’s number.' },
          reason: { type: 'string', enum: ['completed', 'not_planned'], description: 'Why: one of completed or not_planned.' },
        },
        required: ['repository', 'number'],
      },
      outputSchema: { type: 'object', properties: { number: { type: 'integer' }, state: { type: 'string' } } },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    }),
    exampleTool({
      name: 'list_labels',
      title: undefined,
      description: 'Lists the labels a repository defines, with their colours and how many open issues carry each.',
      inputSchema: { type: 'object', properties: {}, required: [] },
      annotations: { title: 'List labels', readOnlyHint: true },
    }),
  ]

  it('grades A at 100, with every check a plus line', () => {
    const { dimension, lines } = gradeToolQuality(tools)
    expect(dimension).toEqual({
      dimension: 'toolQuality',
      grade: 'A',
      score: 100,
      reasons: [
        { effect: 'info', text: 'Scored as 0.6 × the mean of its 3 tools (100) + 0.4 × the mean of its worst tool (100).' },
        ...allPlus,
      ],
      missing: null,
      applies: true,
    })
    expect(lines).toEqual([
      { tool: 'search_issues', score: 100, failed: [] },
      { tool: 'close_issue', score: 100, failed: [] },
      { tool: 'list_labels', score: 100, failed: [] },
    ])
  })
})

describe('a server with a tool failing each check', () => {
  const tools: SurfaceTool[] = [
    { ...base, name: 'no_description', description: undefined },
    { ...base, name: 'get_weather', description: 'Gets the weather.' },
    { ...base, name: 'get_record', description: 'Fetch one record' },
    { ...base, name: 'wall_of_text', description: `Searches issues. ${'word '.repeat(400)}` },
    { ...base, name: 'no_input_schema', inputSchema: undefined },
    withParameter('untyped_filter', 'filter', { description: 'Any filter' }),
    withParameter('bare_page', 'page', { type: 'integer' }),
    { ...base, name: 'no_required', inputSchema: { type: 'object', properties: baseInput.properties } },
    withParameter('open_order', 'order', { type: 'string', description: "Sort order, one of 'asc' or 'desc'" }),
    { ...base, name: 'json_no_schema', description: 'Lists the open issues of a repository and returns them as a JSON array.' },
    { ...base, name: 'no_title', title: undefined },
    { ...base, name: 'no_hints', annotations: undefined },
  ]

  it('fails each tool on its one check', () => {
    const { lines } = gradeToolQuality(tools)
    const failed = Object.fromEntries(lines.map((l) => [l.tool, l.failed.map((f) => f.check)]))
    expect(failed).toEqual({
      no_description: ['description-missing'],
      get_weather: ['description-restates-name'],
      get_record: ['description-terse'],
      wall_of_text: ['description-wall'],
      no_input_schema: ['input-schema'],
      untyped_filter: ['parameters-typed'],
      bare_page: ['parameters-described'],
      no_required: ['required-listed'],
      open_order: ['closed-sets-enum'],
      json_no_schema: ['output-schema'],
      no_title: ['title'],
      no_hints: ['annotations'],
    })
  })

  it('grades B at 82: the mean 86.7, the worst quarter 75', () => {
    const { dimension } = gradeToolQuality(tools)
    expect(dimension).toEqual({
      dimension: 'toolQuality',
      grade: 'B',
      score: 82,
      reasons: [
        { effect: 'info', text: 'Scored as 0.6 × the mean of its 12 tools (86.7) + 0.4 × the mean of its worst 3 tools (75).' },
        { effect: 'minus', text: '1 of 12 tools has no description: no_description.', points: -5.5, tool: 'no_description' },
        {
          effect: 'minus',
          text: '1 of 12 tools has a description that only restates its name: get_weather.',
          points: -4.6,
          tool: 'get_weather',
        },
        {
          effect: 'minus',
          text: '1 of 12 tools has no input schema of type object: no_input_schema.',
          points: -3.7,
          tool: 'no_input_schema',
        },
        { effect: 'minus', text: '1 of 12 tools has a parameter without a type: untyped_filter.', points: -0.8, tool: 'untyped_filter' },
        { effect: 'minus', text: '1 of 12 tools has a parameter without a description: bare_page.', points: -0.8, tool: 'bare_page' },
        {
          effect: 'minus',
          text: '1 of 12 tools has a description of only a few words: get_record.',
          points: -0.5,
          tool: 'get_record',
        },
        {
          effect: 'minus',
          text: '1 of 12 tools has a description past 2,000 characters: wall_of_text.',
          points: -0.5,
          tool: 'wall_of_text',
        },
        {
          effect: 'minus',
          text: '1 of 12 tools does not list its required parameters: no_required.',
          points: -0.5,
          tool: 'no_required',
        },
        { effect: 'minus', text: '1 of 12 tools declares no behaviour hints: no_hints.', points: -0.5, tool: 'no_hints' },
        {
          effect: 'minus',
          text: '1 of 12 tools lists a closed set of values in prose but not as an enum: open_order.',
          points: -0.2,
          tool: 'open_order',
        },
        {
          effect: 'minus',
          text: '1 of 12 tools returns structured results without an output schema: json_no_schema.',
          points: -0.2,
          tool: 'json_no_schema',
        },
        { effect: 'minus', text: '1 of 12 tools has no title: no_title.', points: -0.2, tool: 'no_title' },
        { effect: 'plus', text: 'No reading tool is marked as changing things.', points: 5 },
      ],
      missing: null,
      applies: true,
    })
  })

  it('adds the minus points up to the distance from 100', () => {
    const { dimension } = gradeToolQuality(tools)
    const minus = dimension.reasons.filter((r) => r.effect === 'minus').reduce((sum, r) => sum + (r.points ?? 0), 0)
    expect(Math.round(minus * 10) / 10).toBe((dimension.score ?? 0) - 100)
  })

  it('lists the tools worst first, ties in the server’s order, each failure with its line', () => {
    const { lines } = gradeToolQuality(tools)
    expect(lines.map((l) => [l.tool, l.score])).toEqual([
      ['no_description', 70],
      ['get_weather', 75],
      ['no_input_schema', 80],
      ['untyped_filter', 85],
      ['bare_page', 85],
      ['get_record', 90],
      ['wall_of_text', 90],
      ['no_required', 90],
      ['no_hints', 90],
      ['open_order', 95],
      ['json_no_schema', 95],
      ['no_title', 95],
    ])
    expect(lines[0].failed).toEqual([
      { check: 'description-missing', text: 'It has no description: say what it does, what it needs and what it gives back.' },
    ])
  })
})

describe('a server whose one tool fails nearly everything', () => {
  const tool: SurfaceTool = {
    name: 'returns_json',
    description: 'Returns JSON.',
    inputSchema: { properties: { page: {}, order: { description: "one of 'asc' or 'desc'" } } },
  }

  it('floors the tool at 0, grades E, and shares the 100 it lost among its failures', () => {
    const { dimension, lines } = gradeToolQuality([tool])
    expect(dimension).toEqual({
      dimension: 'toolQuality',
      grade: 'E',
      score: 0,
      reasons: [
        { effect: 'info', text: 'Scored on its one tool (0): 100 less the weight of each check it fails.' },
        { effect: 'minus', text: 'Its one tool has a description that only restates its name.', points: -22.7, tool: 'returns_json' },
        { effect: 'minus', text: 'Its one tool has no input schema of type object.', points: -18.2, tool: 'returns_json' },
        { effect: 'minus', text: 'Its one tool has a parameter without a type.', points: -13.6, tool: 'returns_json' },
        { effect: 'minus', text: 'Its one tool has a parameter without a description.', points: -13.6, tool: 'returns_json' },
        { effect: 'minus', text: 'Its one tool does not list its required parameters.', points: -9.1, tool: 'returns_json' },
        { effect: 'minus', text: 'Its one tool declares no behaviour hints.', points: -9.1, tool: 'returns_json' },
        {
          effect: 'minus',
          text: 'Its one tool lists a closed set of values in prose but not as an enum.',
          points: -4.6,
          tool: 'returns_json',
        },
        {
          effect: 'minus',
          text: 'Its one tool returns structured results without an output schema.',
          points: -4.6,
          tool: 'returns_json',
        },
        { effect: 'minus', text: 'Its one tool has no title.', points: -4.5, tool: 'returns_json' },
        { effect: 'plus', text: 'Every tool has a description.', points: 30 },
        { effect: 'plus', text: 'Every description has at least 5 words.', points: 10 },
        { effect: 'plus', text: 'No description runs past 2,000 characters.', points: 10 },
        { effect: 'plus', text: 'No reading tool is marked as changing things.', points: 5 },
      ],
      missing: null,
      applies: true,
    })
    expect(lines).toEqual([
      {
        tool: 'returns_json',
        score: 0,
        failed: [
          {
            check: 'description-restates-name',
            text: 'Its description only restates its name: say what it acts on, what it gives back and when to use it.',
          },
          { check: 'input-schema', text: 'Its input schema is not of type object: set "type": "object".' },
          { check: 'parameters-typed', text: 'Parameters without a type: page, order.' },
          { check: 'parameters-described', text: 'Parameters without a description: page.' },
          {
            check: 'required-listed',
            text: 'Its input schema has no required list: name the parameters it cannot do without ("required": [] when none).',
          },
          { check: 'closed-sets-enum', text: 'Parameters that list their values in the description but have no enum: order.' },
          {
            check: 'output-schema',
            text: 'Its description says it returns structured results, but it declares no output schema: add one.',
          },
          { check: 'title', text: 'It has no title: give it one ("title") for people to read instead of its name.' },
          {
            check: 'annotations',
            text: 'It declares no behaviour hints: set readOnlyHint (and destructiveHint, idempotentHint, openWorldHint) so clients know when to ask first.',
          },
        ],
      },
    ])
  })
})

describe('a server with no tools', () => {
  it('is not graded, and says what is missing', () => {
    expect(gradeToolQuality([])).toEqual({
      dimension: {
        dimension: 'toolQuality',
        grade: null,
        score: null,
        reasons: [],
        missing: 'no tools were read from the server',
        applies: true,
      },
      lines: [],
    })
  })
})

describe('the server’s score', () => {
  const perfect = (i: number) => ({ ...base, name: `tool_${i}` })
  const bare = (i: number): SurfaceTool => ({ name: `bare_${i}` })

  it('lets one forgotten tool in forty cost a little, and a bad quarter a grade', () => {
    // 39 perfect and one at 35: mean 98.4, worst ten 93.5.
    const one = gradeToolQuality([...Array.from({ length: 39 }, (_, i) => perfect(i)), bare(0)]).dimension
    expect([one.score, one.grade]).toEqual([96, 'A'])
    // 30 perfect and ten at 35: mean 83.75, worst ten 35.
    const ten = gradeToolQuality([
      ...Array.from({ length: 30 }, (_, i) => perfect(i)),
      ...Array.from({ length: 10 }, (_, i) => bare(i)),
    ]).dimension
    expect([ten.score, ten.grade]).toEqual([64, 'C'])
  })

  it('names the first three failing tools, then how many more, and the tool when only one fails', () => {
    const { score, reasons } = gradeToolQuality([perfect(0), perfect(1), ...Array.from({ length: 5 }, (_, i) => bare(i))]).dimension
    expect(score).toBe(46)
    expect(reasons.filter((r) => r.effect !== 'plus')).toEqual([
      { effect: 'info', text: 'Scored as 0.6 × the mean of its 7 tools (53.6) + 0.4 × the mean of its worst 2 tools (35).' },
      { effect: 'minus', text: '5 of 7 tools have no description: bare_0, bare_1, bare_2 and 2 more.', points: -24.9 },
      { effect: 'minus', text: '5 of 7 tools have no input schema of type object: bare_0, bare_1, bare_2 and 2 more.', points: -16.6 },
      { effect: 'minus', text: '5 of 7 tools declare no behaviour hints: bare_0, bare_1, bare_2 and 2 more.', points: -8.3 },
      { effect: 'minus', text: '5 of 7 tools have no title: bare_0, bare_1, bare_2 and 2 more.', points: -4.2 },
    ])
    const both = gradeToolQuality([bare(0), bare(1)]).dimension.reasons
    expect(both[1].text).toBe('Both tools have no description: bare_0, bare_1.')
  })
})

describe('a stranger’s surface', () => {
  it('grades the first 500 tools of a longer list, says so, and returns at most 100 lines', () => {
    const tools = Array.from({ length: 700 }, (_, i) => ({ ...base, name: `tool_${i}`, title: i % 3 === 0 ? undefined : 'A title' }))
    const { dimension, lines } = gradeToolQuality(tools)
    expect(MAX_GRADED_TOOLS).toBe(500)
    expect(dimension.score).toBe(97)
    expect(dimension.reasons.slice(0, 3)).toEqual([
      { effect: 'info', text: 'Scored as 0.6 × the mean of its 500 tools (98.3) + 0.4 × the mean of its worst 125 tools (95).' },
      { effect: 'info', text: 'Graded on the first 500 of its 700 tools.' },
      { effect: 'minus', text: '167 of 500 tools have no title: tool_0, tool_3, tool_6 and 164 more.', points: -3 },
    ])
    expect(lines.length).toBe(MAX_LINES)
    expect(lines[0]).toEqual({
      tool: 'tool_0',
      score: 95,
      failed: [{ check: 'title', text: 'It has no title: give it one ("title") for people to read instead of its name.' }],
    })
  })

  it('cuts a long tool name in a reason', () => {
    const name = 'n'.repeat(300)
    const { dimension } = gradeToolQuality([perfectNamed(name), { ...base, name: 'x', title: undefined }])
    expect(dimension.reasons.find((r) => r.effect === 'minus')?.text).toBe('1 of 2 tools has no title: x.')
    const cut = gradeToolQuality([
      { ...base, name, title: undefined },
      { ...base, name: 'y' },
    ]).dimension.reasons[1]
    expect(cut.text).toBe(`1 of 2 tools has no title: ${'n'.repeat(59)}….`)
    expect(cut.tool).toBe(name)
  })
})

function perfectNamed(name: string): SurfaceTool {
  return { ...base, name }
}
