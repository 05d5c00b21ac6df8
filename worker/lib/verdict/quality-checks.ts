/**
 * The checks of a tool's definition, as data: each one an id, a weight (the points a tool loses
 * when it fails), what it checks and why it weighs what it does (docs/tool-quality.md prints
 * both, and a test holds the page to this table), how a server's summary line reads, the line a
 * maintainer reads when one tool fails it (naming what to fix), and tools it must pass and fail
 * (quality-checks.test.ts runs every example). tool-quality.ts grades with them: a tool scores
 * 100 minus the weights it fails, floored at 0.
 *
 * A check is a small function over one tool, reading only what the server said (every string and
 * schema is a stranger's): texts are cut before patterns read them, schemas are walked within the
 * caps of tool-parameters.ts. English phrasing is what the closed-set and structured-output checks
 * read; a description in another language is left alone by them (they fail nothing they cannot
 * read), while the description checks count words in any script.
 *
 * Adding a check is one entry in QUALITY_CHECKS (and its row in docs/tool-quality.md). Hints
 * that claim more danger than the tool has are read by `overcautiousHints` of
 * worker/lib/scan/annotation-intent.ts, which the scanner's annotation-honesty class shares.
 */
import type { SurfaceTool } from '@shared/surface'
import { overcautiousHints } from '../scan/annotation-intent'
import { descriptionOf, isJsonObject, isTyped, KEPT_JSON_DEPTH, pathsOf, type ToolParameter, toolParameters } from './tool-parameters'

export interface QualityCheck {
  /** Stable: stored in ToolQualityLine.failed[].check and named in the docs. */
  id: string
  /** Points a tool loses when it fails this check. */
  weight: number
  /** What it checks, one sentence. */
  what: string
  /** Why it matters and weighs what it does, one or two sentences. */
  why: string
  /** How a failing tool reads in the server's summary: 'has a parameter without a description', and the plural. */
  failing: { one: string; many: string }
  /** The server's plus line when every tool passes. */
  passing: string
  /** The line a maintainer reads when this tool fails, naming what to fix; null when it passes. */
  test: (tool: SurfaceTool) => string | null
  /** Tools it must pass and tools it must fail. */
  examples: { pass: SurfaceTool[]; fail: SurfaceTool[] }
}

// ---------------------------------------------------------------------------------------------
// Caps and shared readings
// ---------------------------------------------------------------------------------------------

/**
 * Fewer words than this is a handful: four words hold a verb and its object ("Get a record",
 * "Navigate to a URL") and nothing of what comes back, what is needed or when to choose this
 * tool over its siblings, which is what a model picking a tool reads a description for.
 */
export const MIN_DESCRIPTION_WORDS = 5
/**
 * More characters than this is a wall of text: about 300 words, three paragraphs. Every
 * description is sent with every request, so a server of 30 such tools costs some 15,000 tokens
 * before anyone asks anything; past this length a description carries instructions and examples
 * that belong in the parameters' descriptions or the server's instructions. The longest real
 * description in the shipped surfaces is 1,096 characters.
 */
export const MAX_DESCRIPTION_CHARS = 2000
/** Characters of a text the patterns read: the phrasing they look for sits near the start, and a hostile text cannot make them slow. */
const PATTERN_CHARS = 1000
/** Names a failure line lists before "and N more", and the characters each keeps. */
const LISTED_NAMES = 5
const NAME_CHARS = 60

/** 2000 as '2,000', without depending on the runtime's locale data. */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** Parameter names as a failure line lists them: the first few, then how many more. */
export function nameList(names: readonly string[]): string {
  const shown = names.slice(0, LISTED_NAMES).map((n) => cut(n, NAME_CHARS))
  const more = names.length - shown.length
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ')
}

/** Words that say nothing of what a tool does, left out when comparing a description with the name. */
const FILLER = new Set(
  (
    'a an the this that these those to of for in on at by with from into onto via and or it its is are be ' +
    'tool function method endpoint api mcp server call calls use uses used using given specified provided specific ' +
    'new all some any one can will just simply'
  ).split(' '),
)

/** Letters and digits of any script, camelCase split: 'getUserIssues' is get, user, issues. */
const wordsOf = (text: string): string[] =>
  text
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')

/** A word without its common English endings: deletes, deleted, deleting and delete are one. */
const stem = (word: string) => (word.length > 3 ? word.replace(/(?:ing|ed|es|s)$/, '').replace(/e$/, '') : word)

/** Scripts written without spaces between words: each character counts as half a word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu

/** Words in a text, in any script. */
export function wordCount(text: string): number {
  let count = 0
  for (const token of text.split(/\s+/)) {
    if (token === '') continue
    const unspaced = token.match(UNSPACED)?.length ?? 0
    count += unspaced > 0 ? Math.max(1, unspaced / 2) : 1
  }
  return count
}

type DescriptionReading = 'missing' | 'restates' | 'terse' | 'wall' | 'fine'

/**
 * What a tool's description is, as the four description checks read it: each tool fails at most
 * one of them (a missing description is not also terse, a restated name not also terse).
 */
export function readDescription(tool: SurfaceTool): DescriptionReading {
  const text = typeof tool.description === 'string' ? tool.description.trim() : ''
  if (text === '') return 'missing'
  if (text.length > MAX_DESCRIPTION_CHARS) return 'wall'
  const named = new Set(wordsOf(typeof tool.name === 'string' ? tool.name : '').map(stem))
  const added = wordsOf(text.slice(0, PATTERN_CHARS)).filter((w) => !FILLER.has(w) && !named.has(stem(w)))
  if (added.length === 0) return 'restates'
  if (wordCount(text) < MIN_DESCRIPTION_WORDS) return 'terse'
  return 'fine'
}

// ---------------------------------------------------------------------------------------------
// Closed sets
// ---------------------------------------------------------------------------------------------

/** A value in quotes of any kind: 'asc', "asc", `asc`, ‘asc’, “asc”. */
const QUOTED = '(?:\'[^\'\\n]{1,40}\'|"[^"\\n]{1,40}"|`[^`\\n]{1,40}`|‘[^’\\n]{1,40}’|“[^”\\n]{1,40}”)'
const BARE = String.raw`[\p{L}\p{N}_.\/-]{1,30}`
const VALUE = `(?:${QUOTED}|${BARE})`
const SEPARATOR = String.raw`(?:\s*,\s*(?:(?:or|and)\s+)?|\s*\|\s*|\s+(?:or|and)\s+)`
const LIST = `(${VALUE}(?:${SEPARATOR}${VALUE})+)`
/** Phrases that close a set whatever its values look like. */
const STRONG_LEADS = [
  String.raw`\bone\s+of\s*(?:the\s+following\s*)?(?:values\s*)?[:-]?\s*`,
  String.raw`\b(?:possible|allowed|valid|accepted|supported|available|permitted)\s+(?:values|options|choices)\s*(?:are|include)?\s*[:-]?\s*`,
  String.raw`\b(?:options|choices)\s*(?:are\s*)?:\s*`,
]
/** Phrases that close a set only when its values are quoted: "must be lowercase or empty" is not a set, "must be 'asc' or 'desc'" is. */
const WEAK_LEADS = [String.raw`\b(?:must|should|can|may)\s+(?:only\s+)?be\s+`, String.raw`\beither\s+`]
const STRONG = STRONG_LEADS.map((lead) => new RegExp(lead + LIST, 'giu'))
const WEAK = WEAK_LEADS.map((lead) => new RegExp(lead + LIST, 'giu'))
/** Three or more 'value=meaning' pairs: "1=urgent, 2=high, 3=normal, 4=low". */
const MAPPING = /[\p{L}\p{N}_.-]{1,20}\s*=\s*[\p{L}\p{N}_-]+(?:\s*,\s*[\p{L}\p{N}_.-]{1,20}\s*=\s*[\p{L}\p{N}_-]+){2,}/giu
const VALUE_IN_LIST = new RegExp(VALUE, 'gu')
/** Words before a list that make it examples, not the set. */
const EXAMPLES_BEFORE = /(?:e\.g\.?|eg\.|for example|for instance|such as|like|including|i\.e\.?)[\s:,]*$/i
/** Words no closed set is made of: "one of the users or groups" lists no values. */
const NOT_VALUES = new Set(
  'a an the this that these those them it its your my our their his her any all none both each every some more other others or and'.split(
    ' ',
  ),
)

const isQuoted = (value: string) => /^['"`‘“]/.test(value)

function listedValues(list: string): string[] {
  return [...list.matchAll(VALUE_IN_LIST)].map((m) => m[0]).filter((v) => !/^(?:or|and)$/i.test(v))
}

function closesASet(text: string, patterns: readonly RegExp[], quotedOnly: boolean): boolean {
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      if (EXAMPLES_BEFORE.test(text.slice(Math.max(0, match.index - 20), match.index))) continue
      const values = listedValues(match[1])
      if (values.length < 2) continue
      if (values.some((v) => !isQuoted(v) && NOT_VALUES.has(v.toLowerCase()))) continue
      if (quotedOnly && !values.every(isQuoted)) continue
      return true
    }
  }
  return false
}

/**
 * Whether a description lists the only values a parameter takes, in English: "one of: a, b, c",
 * "possible values: ...", "options: ...", "either 'a' or 'b'", "must be 'x', 'y' or 'z'",
 * "1=urgent, 2=high, 3=low". Examples ("e.g. 'a', 'b'") are not a set.
 * @example listsClosedSet("Sort order, one of 'asc' or 'desc'") // true
 * @example listsClosedSet("Page format (e.g. 'A4', 'Letter')") // false
 */
export function listsClosedSet(description: string): boolean {
  const text = description.slice(0, PATTERN_CHARS)
  if (closesASet(text, STRONG, false) || closesASet(text, WEAK, true)) return true
  for (const match of text.matchAll(MAPPING)) {
    if (!EXAMPLES_BEFORE.test(text.slice(Math.max(0, match.index - 20), match.index))) return true
  }
  return false
}

/** Whether a schema already closes its values: an enum, a const, branches of consts, or a number bounded both ways. */
function closedBySchema(schema: Record<string, unknown>): boolean {
  if (Array.isArray(schema.enum) || 'const' in schema) return true
  for (const keyword of ['anyOf', 'oneOf']) {
    const branches = schema[keyword]
    if (Array.isArray(branches) && branches.some((b) => isJsonObject(b) && (Array.isArray(b.enum) || 'const' in b))) return true
  }
  return typeof schema.minimum === 'number' && typeof schema.maximum === 'number'
}

/** The parameters whose description lists a closed set their schema does not hold as an enum (an array's set belongs in its items). */
function openSets(parameters: readonly ToolParameter[]): string[] {
  const open: string[] = []
  for (const { path, schema, depth } of parameters) {
    // At the edge of what a stored surface keeps, its enum or items may have been emptied: not judged.
    if (!isJsonObject(schema) || depth + 1 >= KEPT_JSON_DEPTH) continue
    const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : []
    if (types.some((t) => t === 'boolean' || t === 'object')) continue
    if (closedBySchema(schema)) continue
    if (types.includes('array') && isJsonObject(schema.items) && closedBySchema(schema.items)) continue
    if (listsClosedSet(descriptionOf(schema))) open.push(path)
  }
  return [...new Set(open)]
}

// ---------------------------------------------------------------------------------------------
// Structured results
// ---------------------------------------------------------------------------------------------

/** What a description says it returns, when that is structured: JSON, an object, an array, a list of records... */
const STRUCTURED_RESULT = [
  /\b(?:returns?|returning|responds?\s+with|outputs?|gives\s+back|yields?)\b[^.\n]{0,60}?\b(?:json|objects?|array|list\s+of|dictionary|dict|map\s+of|records|key[- ]value|structured)\b/i,
  /\b(?:as|in)\s+(?:a\s+)?json\b/i,
  /\bjson\s+(?:object|array|format|response|document)\b/i,
]

/** Whether the tool's description (or title) says its result is structured. */
export function saysStructuredResult(tool: SurfaceTool): boolean {
  const texts = [tool.description, tool.title].filter((t): t is string => typeof t === 'string').map((t) => t.slice(0, PATTERN_CHARS))
  return texts.some((text) => STRUCTURED_RESULT.some((pattern) => pattern.test(text)))
}

// ---------------------------------------------------------------------------------------------
// Examples: a tool that passes every check, and the same with one thing wrong
// ---------------------------------------------------------------------------------------------

/**
 * A tool defined well on every check; each example changes what its check reads.
 * @example exampleTool({ title: undefined }) // fails only 'title'
 */
export function exampleTool(over: Partial<SurfaceTool> = {}): SurfaceTool {
  return {
    name: 'search_issues',
    title: 'Search issues',
    description: 'Searches the issues of one repository by their text and returns the matching issues, newest first.',
    inputSchema: {
      type: 'object',
      properties: {
        repository: { type: 'string', description: 'The repository, as owner/name.' },
        query: { type: 'string', description: 'Words the issue title or body contains.' },
        state: { type: 'string', enum: ['open', 'closed'], description: "Which issues: one of 'open' or 'closed'." },
      },
      required: ['repository', 'query'],
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
    ...over,
  }
}

/** The example tool's input schema with one parameter replaced (or added). */
const withParameter = (name: string, schema: unknown): SurfaceTool => {
  const base = exampleTool()
  const input = base.inputSchema as { properties: Record<string, unknown>; required: string[] }
  return { ...base, inputSchema: { ...input, properties: { ...input.properties, [name]: schema } } as SurfaceTool['inputSchema'] }
}

const OUTPUT_SCHEMA = {
  type: 'object',
  properties: { issues: { type: 'array', items: { type: 'object', properties: { number: { type: 'integer' } } } } },
} as const

// ---------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------

export const QUALITY_CHECKS: readonly QualityCheck[] = [
  {
    id: 'description-missing',
    weight: 30,
    what: 'The tool has a description.',
    why: 'A model chooses a tool by its description; without one it guesses from the name, and a person reviewing the server cannot tell what it does.',
    failing: { one: 'has no description', many: 'have no description' },
    passing: 'Every tool has a description.',
    test: (tool) =>
      readDescription(tool) === 'missing' ? 'It has no description: say what it does, what it needs and what it gives back.' : null,
    examples: {
      pass: [exampleTool()],
      fail: [exampleTool({ description: undefined }), exampleTool({ description: '   ' })],
    },
  },
  {
    id: 'description-restates-name',
    weight: 25,
    what: 'The description says more than the name: words beyond the name’s own (in any case or form) and filler such as "tool" or "the".',
    why: 'A description that only restates the name ("get_weather": "Gets the weather") tells a model nothing the name did not, so it is nearly as bad as none.',
    failing: { one: 'has a description that only restates its name', many: 'have a description that only restates their name' },
    passing: 'No description only restates its tool’s name.',
    test: (tool) =>
      readDescription(tool) === 'restates'
        ? 'Its description only restates its name: say what it acts on, what it gives back and when to use it.'
        : null,
    examples: {
      pass: [
        exampleTool(),
        exampleTool({ name: 'get_weather', description: 'Gets the weather forecast for a city, by day, for the next week.' }),
      ],
      fail: [
        exampleTool({ name: 'get_weather', description: 'Gets the weather.' }),
        exampleTool({ name: 'getWeather', description: 'GET WEATHER' }),
        exampleTool({ name: 'delete-file', description: 'This tool deletes files' }),
      ],
    },
  },
  {
    id: 'description-terse',
    weight: 10,
    what: `The description has at least ${MIN_DESCRIPTION_WORDS} words (a character of a script written without spaces counts as half a word).`,
    why: 'A handful of words names a verb and an object, not what comes back or when to pick this tool over its siblings.',
    failing: { one: 'has a description of only a few words', many: 'have a description of only a few words' },
    passing: `Every description has at least ${MIN_DESCRIPTION_WORDS} words.`,
    test: (tool) =>
      readDescription(tool) === 'terse'
        ? `Its description has fewer than ${MIN_DESCRIPTION_WORDS} words: add what it gives back and when to use it.`
        : null,
    examples: {
      pass: [exampleTool(), exampleTool({ name: 'weather', description: '获取指定城市未来七天的天气预报' })],
      fail: [
        exampleTool({ name: 'get_record', description: 'Fetch one record' }),
        exampleTool({ name: 'weather', description: '获取天气信息' }),
      ],
    },
  },
  {
    id: 'description-wall',
    weight: 10,
    what: `The description is at most ${thousands(MAX_DESCRIPTION_CHARS)} characters.`,
    why: 'Every description is sent with every request: a wall of text costs every user tokens, buries what the tool does, and carries instructions that belong in the parameters or the server’s instructions.',
    failing: {
      one: `has a description past ${thousands(MAX_DESCRIPTION_CHARS)} characters`,
      many: `have a description past ${thousands(MAX_DESCRIPTION_CHARS)} characters`,
    },
    passing: `No description runs past ${thousands(MAX_DESCRIPTION_CHARS)} characters.`,
    test: (tool) => {
      if (readDescription(tool) !== 'wall') return null
      const length = (tool.description ?? '').trim().length
      return `Its description runs to ${thousands(length)} characters: keep it under ${thousands(MAX_DESCRIPTION_CHARS)}, and move details to the parameters’ descriptions.`
    },
    examples: {
      pass: [exampleTool(), exampleTool({ description: `Searches issues. ${'word '.repeat(390)}`.trim() })],
      fail: [exampleTool({ description: `Searches issues. ${'word '.repeat(400)}` })],
    },
  },
  {
    id: 'input-schema',
    weight: 20,
    what: 'The tool has an input schema, and it describes an object (`"type": "object"`).',
    why: 'The protocol requires one of type object: without it a client cannot tell a model what to send, and a client that checks the protocol’s types may refuse the tool.',
    failing: { one: 'has no input schema of type object', many: 'have no input schema of type object' },
    passing: 'Every tool has an input schema of type object.',
    test: (tool) => {
      if (!isJsonObject(tool.inputSchema)) return 'It has no input schema: give it one of type object, with no properties if it takes none.'
      return tool.inputSchema.type === 'object' ? null : 'Its input schema is not of type object: set "type": "object".'
    },
    examples: {
      pass: [exampleTool(), exampleTool({ inputSchema: { type: 'object' } })],
      fail: [exampleTool({ inputSchema: undefined }), exampleTool({ inputSchema: { properties: {} } })],
    },
  },
  {
    id: 'parameters-typed',
    weight: 15,
    what: 'Every parameter, nested ones too, says what kind of value it takes: a type, an enum or const, a $ref, or branches that do.',
    why: 'An untyped parameter leaves the model to guess the value’s shape, and the server to reject (or misread) what it guessed.',
    failing: { one: 'has a parameter without a type', many: 'have a parameter without a type' },
    passing: 'Every parameter has a type.',
    test: (tool) => {
      const untyped = pathsOf(toolParameters(tool).parameters.filter((p) => !isTyped(p.schema, p.depth)))
      return untyped.length > 0 ? `Parameters without a type: ${nameList(untyped)}.` : null
    },
    examples: {
      pass: [exampleTool(), withParameter('limit', { anyOf: [{ type: 'integer' }, { type: 'null' }], description: 'At most this many.' })],
      fail: [
        withParameter('filter', { description: 'Any filter' }),
        withParameter('labels', { type: 'object', description: 'Labels', properties: { name: { description: 'A label' } } }),
        withParameter('required', ['repository']),
      ],
    },
  },
  {
    id: 'parameters-described',
    weight: 15,
    what: 'Every parameter, nested ones too, has a description (a const, a fixed value, needs none; a $ref’s lives with its definition).',
    why: 'A parameter’s name rarely says its format, its units or what it is for; the description is where a model learns what to put there.',
    failing: { one: 'has a parameter without a description', many: 'have a parameter without a description' },
    passing: 'Every parameter has a description.',
    test: (tool) => {
      const bare = pathsOf(
        toolParameters(tool).parameters.filter(
          (p) => descriptionOf(p.schema) === '' && !(isJsonObject(p.schema) && ('const' in p.schema || typeof p.schema.$ref === 'string')),
        ),
      )
      return bare.length > 0 ? `Parameters without a description: ${nameList(bare)}.` : null
    },
    examples: {
      pass: [exampleTool(), withParameter('kind', { type: 'string', const: 'issue' })],
      fail: [
        withParameter('page', { type: 'integer' }),
        withParameter('sort', {
          type: 'array',
          description: 'Sort keys',
          items: { type: 'object', properties: { field: { type: 'string' } } },
        }),
      ],
    },
  },
  {
    id: 'required-listed',
    weight: 10,
    what: 'An input schema with properties says which are required (`required`, an empty list when none is), and names only properties it has.',
    why: 'Without the list a model cannot tell what it must send from what it may leave out; a name the properties lack is a parameter nobody describes.',
    failing: { one: 'does not list its required parameters', many: 'do not list their required parameters' },
    passing: 'Every tool lists its required parameters.',
    test: (tool) => {
      const schema = tool.inputSchema
      if (!isJsonObject(schema) || !isJsonObject(schema.properties) || Object.keys(schema.properties).length === 0) return null
      if (!Array.isArray(schema.required))
        return Array.isArray(schema.properties.required)
          ? 'Its required list sits inside properties, where it reads as a parameter named "required": move it beside properties.'
          : 'Its input schema has no required list: name the parameters it cannot do without ("required": [] when none).'
      const properties = schema.properties
      const unknown = schema.required.filter((name): name is string => typeof name === 'string' && !Object.hasOwn(properties, name))
      return unknown.length > 0 ? `Its required list names parameters it does not define: ${nameList(unknown)}.` : null
    },
    examples: {
      pass: [
        exampleTool(),
        exampleTool({ inputSchema: { type: 'object', properties: { page: { type: 'integer', description: 'Page' } }, required: [] } }),
        exampleTool({ inputSchema: { type: 'object', properties: {} } }),
      ],
      fail: [
        exampleTool({ inputSchema: { type: 'object', properties: { page: { type: 'integer', description: 'Page' } } } }),
        exampleTool({
          inputSchema: { type: 'object', properties: { symbol: { type: 'string', description: 'A symbol' }, required: ['symbol'] } },
        }),
        exampleTool({ inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'Text' } }, required: ['query'] } }),
      ],
    },
  },
  {
    id: 'closed-sets-enum',
    weight: 5,
    what: 'A parameter whose description lists the only values it takes ("one of ...", "either \'a\' or \'b\'", "must be \'x\', \'y\' or \'z\'", "possible values: ...", "1=low, 2=high, 3=urgent") holds them as an enum (or consts, or a bounded number).',
    why: 'An enum lets the client check the value and shows the model every choice; a list in prose is read, or not, and an invented value fails only when the tool runs.',
    failing: {
      one: 'lists a closed set of values in prose but not as an enum',
      many: 'list a closed set of values in prose but not as an enum',
    },
    passing: 'Every closed set of values is an enum.',
    test: (tool) => {
      const open = openSets(toolParameters(tool).parameters)
      return open.length > 0 ? `Parameters that list their values in the description but have no enum: ${nameList(open)}.` : null
    },
    examples: {
      pass: [
        exampleTool(),
        withParameter('format', { type: 'string', description: "Page format (e.g. 'A4', 'Letter')" }),
        withParameter('priority', { type: 'integer', minimum: 1, maximum: 4, description: 'Priority: 1=urgent, 2=high, 3=normal, 4=low' }),
        withParameter('owner', { type: 'string', description: 'Either the ID or the login of one of the users or groups' }),
        withParameter('name', { type: 'string', description: 'Must be lowercase, alphanumeric or hyphens' }),
      ],
      fail: [
        withParameter('order', { type: 'string', description: "Sort order, one of 'asc' or 'desc'" }),
        withParameter('order', { type: 'string', description: "Either 'asc' or 'desc'" }),
        withParameter('format', { type: 'string', description: "Must be 'json', 'csv' or 'xml'" }),
        withParameter('level', { type: 'string', description: 'Possible values: debug, info, warn, error' }),
        withParameter('priority', { type: 'number', description: 'Filter by priority (1=urgent, 2=high, 3=normal, 4=low)' }),
        withParameter('fields', {
          type: 'array',
          items: { type: 'string' },
          description: 'Fields to return, each one of: id, title, body',
        }),
      ],
    },
  },
  {
    id: 'output-schema',
    weight: 5,
    what: 'A tool whose description says it returns JSON, an object, an array or a list of records declares an output schema.',
    why: 'An output schema lets a client check the result and a model read its fields without guessing; a description that promises structure is the tool saying it has one to declare.',
    failing: { one: 'returns structured results without an output schema', many: 'return structured results without an output schema' },
    passing: 'Every tool that returns structured results declares an output schema.',
    test: (tool) =>
      saysStructuredResult(tool) && tool.outputSchema === undefined
        ? 'Its description says it returns structured results, but it declares no output schema: add one.'
        : null,
    examples: {
      pass: [
        exampleTool(),
        exampleTool({
          description: 'Lists the open issues of a repository and returns them as a JSON array.',
          outputSchema: OUTPUT_SCHEMA,
        }),
        exampleTool({ description: 'Converts a JSON file to a CSV table and saves it beside the original.' }),
      ],
      fail: [
        exampleTool({ description: 'Lists the open issues of a repository and returns them as a JSON array.' }),
        exampleTool({ description: 'Looks up a user by login. Returns an object with the name, email and avatar URL.' }),
      ],
    },
  },
  {
    id: 'title',
    weight: 5,
    what: 'The tool has a title for people (`title`, or `annotations.title`).',
    why: 'Clients show the title where people approve and review tool calls; without one they show a name written for code.',
    failing: { one: 'has no title', many: 'have no title' },
    passing: 'Every tool has a title.',
    test: (tool) => {
      const title = [tool.title, tool.annotations?.title].find((t) => typeof t === 'string' && t.trim() !== '')
      return title === undefined ? 'It has no title: give it one ("title") for people to read instead of its name.' : null
    },
    examples: {
      pass: [exampleTool(), exampleTool({ title: undefined, annotations: { title: 'Search issues', readOnlyHint: true } })],
      fail: [exampleTool({ title: undefined }), exampleTool({ title: ' ' })],
    },
  },
  {
    id: 'annotations',
    weight: 10,
    what: 'The tool declares at least one behaviour hint (`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`).',
    why: 'Clients decide when to ask a person before a call from these hints; without them a reading tool and a destructive one look alike, and at least one assistant’s connector directory requires them.',
    failing: { one: 'declares no behaviour hints', many: 'declare no behaviour hints' },
    passing: 'Every tool declares behaviour hints.',
    test: (tool) => {
      const hints = tool.annotations
      const declared =
        isJsonObject(hints) &&
        (['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const).some((h) => typeof hints[h] === 'boolean')
      return declared
        ? null
        : 'It declares no behaviour hints: set readOnlyHint (and destructiveHint, idempotentHint, openWorldHint) so clients know when to ask first.'
    },
    examples: {
      pass: [exampleTool(), exampleTool({ annotations: { destructiveHint: false } })],
      fail: [exampleTool({ annotations: undefined }), exampleTool({ annotations: { title: 'Search issues' } })],
    },
  },
  {
    // A quality note, not a finding: the scanner's annotation-honesty class reads the opposite case
    // (a tool that acts but claims to be safe), which is a risk.
    id: 'hints-overcautious',
    weight: 5,
    what: 'A tool that only reads is not marked destructive (`destructiveHint: true`) or as writing (`readOnlyHint: false`).',
    why: 'Clients ask a person before every call of a tool marked destructive; a reading tool marked so trains people to approve prompts without reading them.',
    failing: { one: 'only reads but is marked as changing things', many: 'only read but are marked as changing things' },
    passing: 'No reading tool is marked as changing things.',
    test: (tool) => {
      const line = overcautiousHints(tool)
      return line === null ? null : `Its hints claim more danger than it has: ${line}`
    },
    examples: {
      pass: [exampleTool(), exampleTool({ name: 'delete_issue', title: 'Delete issue', annotations: { destructiveHint: true } })],
      fail: [exampleTool({ annotations: { destructiveHint: true } }), exampleTool({ annotations: { readOnlyHint: false } })],
    },
  },
]

export const QUALITY_CHECK_IDS: readonly string[] = QUALITY_CHECKS.map((c) => c.id)
