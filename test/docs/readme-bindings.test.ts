/**
 * The README's bindings table is wrangler.toml's bindings: each D1 database, KV namespace, queue
 * producer and consumer, rate limiter and the static assets, by kind, by the name the Worker reads
 * it by and with what it binds (the database, the queue, the folder); nothing wrangler.toml does not
 * bind. A binding added to wrangler.toml without a row fails here.
 */
import { describe, expect, it } from 'vitest'
import { read } from './markdown'
import { parseMarkdown, tableOf } from './markdown-tables'
import { type Binding, bindings } from './wrangler-config'

const COLUMNS = ['binding', 'kind', 'resource', 'what it is for']

const describeBinding = (b: Binding) => `${b.kind} ${b.name ?? '(no name)'}${b.resource ? ` -> ${b.resource}` : ''}`

describe('the README bindings table', () => {
  const rows = tableOf(parseMarkdown(read('README.md')), 'Configuration', COLUMNS)
  const declared = bindings()

  /** The bindings a row stands for: same kind, same name (none for a consumer), naming the resource. */
  const matches = (row: (typeof rows)[number], b: Binding) =>
    row.cells.kind.text === b.kind &&
    (b.name === null ? row.cells.binding.code.length === 0 : row.cells.binding.code.length === 1 && row.cells.binding.code[0] === b.name) &&
    (b.resource === null || row.cells.resource.code.includes(b.resource))

  it('has a row for every binding of wrangler.toml', () => {
    expect(declared.length).toBeGreaterThan(0)
    const missing = declared.filter((b) => !rows.some((row) => matches(row, b))).map(describeBinding)
    expect(missing).toEqual([])
  })

  it('has no row that wrangler.toml does not bind, and says what each is for', () => {
    const extra = rows
      .filter((row) => declared.filter((b) => matches(row, b)).length !== 1)
      .map((row) => `README.md:${row.line} ${row.cells.kind.text} ${row.cells.binding.text} ${row.cells.resource.text}`)
    expect(extra).toEqual([])
    expect(rows.filter((row) => row.cells['what it is for'].text === '').map((row) => row.line)).toEqual([])
  })
})
