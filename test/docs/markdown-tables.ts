/**
 * Markdown read as GitHub reads it (remark with GFM), for the checks that hold the README's tables
 * and steps to the code: a section, its tables cell by cell, the commands it shows in order. Pure
 * (no file system), so the Worker tests use it too, on the README imported as text
 * (test/worker/readme-endpoints.test.ts).
 */
import type { Nodes, Root, RootContent } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'

export const parseMarkdown = (text: string): Root => unified().use(remarkParse).use(remarkGfm).parse(text)

/** The text a node shows: its text and code spans, without the Markdown around them. */
export function shownText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') return node.value
  return 'children' in node ? (node.children as Nodes[]).map(shownText).join('') : ''
}

/**
 * The nodes under the heading whose text is `title`, up to the next heading of its level or
 * above, in document order. Throws when the document has no such heading (or more than one).
 */
export function section(root: Root, title: string): RootContent[] {
  const starts = root.children.flatMap((n, i) => (n.type === 'heading' && shownText(n).trim() === title ? [i] : []))
  if (starts.length !== 1) throw new Error(`expected one heading "${title}", found ${starts.length}`)
  const start = starts[0]
  const depth = (root.children[start] as { depth: number }).depth
  const end = root.children.findIndex((n, i) => i > start && n.type === 'heading' && n.depth <= depth)
  return root.children.slice(start + 1, end === -1 ? undefined : end)
}

/** A table cell: its shown text, and its code spans in order (paths, names, values). */
export interface Cell {
  text: string
  code: string[]
}

export interface TableRow {
  /** The row's 1-based line in the document. */
  line: number
  cells: Cell[]
}

export interface MarkdownTable {
  header: string[]
  rows: TableRow[]
}

function cellOf(node: Nodes): Cell {
  const code: string[] = []
  visit(node, 'inlineCode', (c) => {
    code.push(c.value)
  })
  return { text: shownText(node).trim(), code }
}

/** Every table among these nodes (nested ones too), header as text and rows as cells. */
export function tables(nodes: RootContent[]): MarkdownTable[] {
  const found: MarkdownTable[] = []
  for (const node of nodes) {
    visit(node, 'table', (table) => {
      const [head, ...body] = table.children
      found.push({
        header: head.children.map((c) => shownText(c).trim()),
        rows: body.map((row) => ({ line: row.position?.start.line ?? 0, cells: row.children.map(cellOf) })),
      })
    })
  }
  return found
}

/**
 * The one table of a section whose header is exactly `header` (the columns by name), with each row
 * as a record by column name. Throws when there is none or more than one: a table renamed or
 * split should fail its check, not pass it with nothing to check.
 */
export function tableOf(root: Root, title: string, header: string[]): { line: number; cells: Record<string, Cell> }[] {
  const matching = tables(section(root, title)).filter((t) => t.header.join('|') === header.join('|'))
  if (matching.length !== 1) throw new Error(`expected one table [${header.join(' | ')}] under "${title}", found ${matching.length}`)
  return matching[0].rows.map((row) => ({
    line: row.line,
    cells: Object.fromEntries(header.map((name, i) => [name, row.cells[i] ?? { text: '', code: [] }])),
  }))
}

export interface Command {
  /** The document's 1-based line the command is on. */
  line: number
  /** The command as typed, `npx ` dropped: `wrangler d1 create mcp-catalogue`. */
  command: string
}

/** What a reader types: a code span that starts with one of these reads as a command too. */
const COMMAND_WORDS = /^(npx|npm|wrangler|node)\s/

/** `npx wrangler x` is `wrangler x`: the same command, run from the project's node_modules. */
const asTyped = (command: string) => command.trim().replace(/^npx\s+/, '')

/**
 * The commands among these nodes in document order: each line of a code block (comments cut,
 * `a && b` as two commands), and each code span in prose that reads as a command
 * (`npx wrangler tail`). A step told in a sentence is a step the reader takes as much as one in a
 * block, so both count.
 */
export function commands(nodes: RootContent[]): Command[] {
  const found: Command[] = []
  for (const node of nodes) {
    visit(node, (n) => {
      const start = n.position?.start.line ?? 0
      if (n.type === 'code') {
        n.value.split('\n').forEach((raw, i) => {
          const line = raw.replace(/(^|\s)#.*$/, '')
          for (const part of line.split('&&')) if (part.trim()) found.push({ line: start + 1 + i, command: asTyped(part) })
        })
      } else if (n.type === 'inlineCode' && COMMAND_WORDS.test(n.value)) {
        for (const part of n.value.split('&&')) found.push({ line: start, command: asTyped(part) })
      }
    })
  }
  return found
}
