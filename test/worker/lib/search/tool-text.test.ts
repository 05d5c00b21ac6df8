import { describe, expect, it } from 'vitest'
import { buildFtsQuery, FACETS, filterExpression, searchWords } from '../../../../worker/lib/search/query'
import { matchingTool, TOOL_TEXT_CAP, toolSearchText, toolWordHeads } from '../../../../worker/lib/search/tool-text'

const text = (...tools: Array<{ name: string; title?: string; description?: string }>) => toolSearchText({ tools })

describe('toolSearchText', () => {
  it('writes one line per tool: the name, a tab, its title and description', () => {
    expect(
      text(
        { name: 'create_issue', title: 'Create issue', description: 'Opens an issue in a repository' },
        { name: 'list_repos', description: 'Lists repositories' },
      ),
    ).toBe('create_issue\tCreate issue Opens an issue in a repository\nlist_repos\tLists repositories')
  })

  it("adds a name's words where the index would not split them (camelCase)", () => {
    expect(text({ name: 'linear_createIssue' })).toBe('linear_createIssue\tlinear create issue')
    expect(text({ name: 'getHTMLPage' })).toBe('getHTMLPage\tget html page')
    expect(text({ name: 'fetchV2' })).toBe('fetchV2\tfetch v2')
    // The tokenizer splits '_', '-' and '.' itself: nothing to add.
    expect(text({ name: 'take_screenshot' })).toBe('take_screenshot')
    expect(text({ name: 'get-k8s-pod-logs' })).toBe('get-k8s-pod-logs')
  })

  it('takes the title from the annotations when the tool has none, and leaves out a title that is the name', () => {
    expect(toolSearchText({ tools: [{ name: 'search', annotations: { title: 'Web search' } }] })).toBe('search\tWeb search')
    expect(text({ name: 'search', title: 'search', description: 'Searches' })).toBe('search\tSearches')
  })

  it("keeps a stranger's text to one line per tool with its name first: whitespace and control characters become spaces", () => {
    const out = text(
      { name: 'evil\nname\there', title: 'T\u0000itle', description: 'line one\n\nline two\r\n\tindented\u2028more' },
      { name: 'next' },
    )
    expect(out.split('\n')).toEqual(['evil_name_here\tT itle line one line two indented more', 'next'])
    expect(text({ name: '  \n ' }, { name: 'kept' })).toBe('kept')
  })

  it('caps each description, and the whole text at 16,000 characters, keeping every name', () => {
    const long = 'word '.repeat(1000)
    const one = text({ name: 'a', description: long })
    expect(one.length).toBeLessThanOrEqual('a\t'.length + 600)
    const many = Array.from({ length: 200 }, (_, i) => ({ name: `tool_number_${i}`, description: long }))
    const out = text(...many)
    expect(out.length).toBeLessThanOrEqual(TOOL_TEXT_CAP)
    expect(out.split('\n').map((l) => l.split('\t')[0])).toEqual(many.map((t) => t.name))
    // Past what names alone fit, the last tools are left out, whole.
    const huge = Array.from({ length: 2000 }, (_, i) => ({ name: `a_rather_long_tool_name_${i}` }))
    const capped = text(...huge)
    expect(capped.length).toBeLessThanOrEqual(TOOL_TEXT_CAP)
    expect(capped.split('\n').every((l, i) => l === huge[i].name)).toBe(true)
  })

  it('never cuts a surrogate pair in half', () => {
    const out = text({ name: 'emoji', description: `${'x'.repeat(599)}😀 tail` })
    expect(out).not.toMatch(/[\uD800-\uDBFF]$/)
    expect(out.endsWith('x')).toBe(true)
  })
})

describe('matchingTool', () => {
  const tools = text(
    { name: 'browser_navigate', description: 'Open a URL' },
    { name: 'browser_take_screenshot', description: 'Take a screenshot of the current page' },
    { name: 'linear_createIssue', description: 'Create a new issue in Linear' },
  )

  it('names the tool whose line holds the words, a word in its name counting most', () => {
    expect(matchingTool(tools, ['screenshots'])).toBe('browser_take_screenshot')
    expect(matchingTool(tools, ['create', 'issue'])).toBe('linear_createIssue')
    expect(matchingTool(tools, ['url'])).toBe('browser_navigate')
    expect(matchingTool(tools, ['current', 'page'])).toBe('browser_take_screenshot')
  })

  it('is null when no tool holds a word, or there are no tools', () => {
    expect(matchingTool(tools, ['kubernetes'])).toBeNull()
    expect(matchingTool(null, ['screenshot'])).toBeNull()
    expect(matchingTool('', ['screenshot'])).toBeNull()
  })

  it("gives the heads the SQL looks for in a row's tools before reading them back", () => {
    expect(toolWordHeads(['screenshots', 'issue', 'ai', 'issues'])).toEqual(['screensh', 'iss', 'ai'])
  })
})

describe('the facets of the tools known and remote available filters', () => {
  it('narrow an index by tokens of their own column, beside tags and categories', () => {
    expect(filterExpression([], [], ['toolsKnown'])).toBe(`facets : "${FACETS.toolsKnown}"`)
    expect(filterExpression(['ai'], ['databases'], ['toolsKnown', 'remote'])).toBe(
      `tags : "ai" AND (categories : "databases") AND facets : "${FACETS.toolsKnown}" AND facets : "${FACETS.remote}"`,
    )
    expect(filterExpression([], [])).toBeNull()
  })

  it('are tokens no typed query holds', () => {
    expect(searchWords(`${FACETS.toolsKnown}remote ${FACETS.remote}`)).toEqual(['remote'])
    expect(buildFtsQuery(searchWords(`${FACETS.remote} tools`)).any).not.toContain(FACETS.remote)
  })
})
