/**
 * The tools of a surface as the search index reads them (`servers.tool_text`, the `tools` column
 * of `servers_search`), and which tool a search's words found. Pure: the probe's writer builds the
 * text, the search reads it back from the page's own rows.
 *
 * One line per tool: its name, a tab, then the name's words where the index would not split them
 * itself (camelCase: 'createIssue' -> 'create issue'; the tokenizer already splits on '_', '-' and
 * '.'), its title and its description. Everything is a stranger's text: whitespace and control
 * characters become single spaces, so a line is always one tool and its name always comes first.
 */
import { termWords, wordHead } from './vocabulary'

/** What the index keeps of a surface's tools, as for README text (migrations/0010). */
export const TOOL_TEXT_CAP = 16_000
/** A long description says what the tool does in its first lines; the rest is examples and caveats. */
const DESCRIPTION_CAP = 600
const TITLE_CAP = 200
/** The specification's longest tool name. */
const NAME_CAP = 128

/** Control characters, line and paragraph separators and every run of whitespace: one space. */
const plain = (text: string | undefined) => (text ?? '').replace(/[\p{C}\p{Z}\s]+/gu, ' ').trim()

/** At most `n` UTF-16 units, never half a surrogate pair, ended at a word where one is near. */
function clip(text: string, n: number): string {
  if (text.length <= n) return text
  let cut = text.slice(0, n)
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  const space = cut.lastIndexOf(' ')
  return (space > n * 0.8 ? cut.slice(0, space) : cut).trimEnd()
}

/** A name's words where only case joins them ('getHTMLPage' -> 'get html page'); '' when the index splits it alike. */
function nameWords(name: string): string {
  const split = name.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
  const words = termWords(split)
  return words.join(' ') === termWords(name).join(' ') ? '' : words.join(' ')
}

interface ToolLike {
  name: string
  title?: string
  description?: string
  annotations?: { title?: string }
}

/**
 * The text the search index holds for a surface's tools, at most TOOL_TEXT_CAP characters. When
 * every tool does not fit, descriptions are shortened evenly so that every name stays findable;
 * only past that are the last tools left out.
 * @example toolSearchText({ ...surface, tools: [{ name: 'createIssue', description: 'Opens an issue' }] })
 * // 'createIssue\tcreate issue Opens an issue'
 */
export function toolSearchText(surface: { tools: readonly ToolLike[] }): string {
  const tools = surface.tools
    .map((tool) => {
      const name = clip(plain(tool.name).replace(/ /g, '_'), NAME_CAP)
      const title = clip(plain(tool.title ?? tool.annotations?.title), TITLE_CAP)
      const head = [nameWords(name), title !== name ? title : ''].filter(Boolean).join(' ')
      return { name, head, description: clip(plain(tool.description), DESCRIPTION_CAP) }
    })
    .filter((tool) => tool.name)
  const line = (tool: (typeof tools)[number], room: number) => {
    const rest = [tool.head, clip(tool.description, room)].filter(Boolean).join(' ')
    return rest ? `${tool.name}\t${rest}` : tool.name
  }
  let lines = tools.map((tool) => line(tool, DESCRIPTION_CAP))
  if (lines.join('\n').length > TOOL_TEXT_CAP) {
    const heads = tools.reduce((n, tool) => n + tool.name.length + tool.head.length + 3, 0)
    const room = Math.max(0, Math.floor((TOOL_TEXT_CAP - heads) / tools.length) - 1)
    lines = tools.map((tool) => line(tool, room))
  }
  const kept: string[] = []
  let length = 0
  for (const l of lines) {
    const next = length + (kept.length ? 1 : 0) + l.length
    if (next > TOOL_TEXT_CAP) break
    kept.push(l)
    length = next
  }
  return kept.join('\n')
}

/** A word is among `words` when one of them starts with its head ('screenshots' ~ 'screenshot'). */
const holds = (words: readonly string[], word: string) => words.some((w) => w.startsWith(wordHead(word)))

/**
 * The tool whose line holds most of the typed words (a word in its name counting double), the
 * first in the surface's order on a tie; null when none holds any. Reads `tool_text` as
 * `toolSearchText` wrote it.
 * @example matchingTool('take_screenshot\ttake screenshot Captures the page', ['screenshots']) // 'take_screenshot'
 */
export function matchingTool(toolText: string | null, words: readonly string[]): string | null {
  if (!toolText) return null
  let best: { name: string; score: number } | null = null
  for (const line of toolText.split('\n')) {
    const tab = line.indexOf('\t')
    const name = tab < 0 ? line : line.slice(0, tab)
    const named = termWords(`${name} ${nameWords(name)}`)
    const all = termWords(line)
    const score = words.reduce((n, w) => n + (holds(named, w) ? 2 : holds(all, w) ? 1 : 0), 0)
    if (score > 0 && (!best || score > best.score)) best = { name, score }
  }
  return best?.name ?? null
}

/**
 * What a row's tool text must contain for `matchingTool` to find anything: each word's head, so
 * the search's SQL reads the text back only for rows whose tools may have matched.
 */
export const toolWordHeads = (words: readonly string[]) => [...new Set(words.map(wordHead))]
