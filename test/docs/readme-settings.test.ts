/**
 * The README's settings table is the deploy configuration's own list: every `[vars]` key of
 * wrangler.toml with its value there as the default, and every secret worker/secrets.d.ts declares,
 * marked as a secret; and nothing else. A setting added to either file without a row fails here.
 */
import { describe, expect, it } from 'vitest'
import { read } from './markdown'
import { parseMarkdown, tableOf } from './markdown-tables'
import { secrets, vars } from './wrangler-config'

const COLUMNS = ['name', 'kind', 'default', 'meaning']

describe('the README settings table', () => {
  const rows = tableOf(parseMarkdown(read('README.md')), 'Configuration', COLUMNS).map(({ line, cells }) => ({
    line,
    name:
      cells.name.code.length === 1 && cells.name.text === cells.name.code[0]
        ? cells.name.code[0]
        : `(not one code span: ${cells.name.text})`,
    kind: cells.kind.text,
    defaultCell: cells.default,
    meaning: cells.meaning.text,
  }))
  const settings = vars()
  const secretNames = secrets()

  it('names each setting once, each with what it means', () => {
    const names = rows.map((r) => r.name)
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([])
    expect(rows.filter((r) => r.meaning === '').map((r) => r.name)).toEqual([])
  })

  it('names every [vars] key and every secret, and nothing that is neither', () => {
    const named = rows.map((r) => r.name).sort()
    expect(named).toEqual([...Object.keys(settings), ...secretNames].sort())
  })

  it('marks settings as var and secrets as secret', () => {
    const wrongKind = rows
      .filter((r) => (r.name in settings ? r.kind !== 'var' : secretNames.includes(r.name) && !/^secret\b/.test(r.kind)))
      .map((r) => `README.md:${r.line} ${r.name}: ${r.kind}`)
    expect(wrongKind).toEqual([])
  })

  it("gives each setting wrangler.toml's value as its default ('empty' for none)", () => {
    const wrongDefault = rows
      .filter((r) => r.name in settings)
      .filter((r) => {
        const value = settings[r.name]
        const cell = r.defaultCell
        return value === '' ? cell.text !== 'empty' : cell.code.length !== 1 || cell.code[0] !== value || cell.text !== value
      })
      .map((r) => `README.md:${r.line} ${r.name}: "${r.defaultCell.text}", wrangler.toml has "${settings[r.name]}"`)
    expect(wrongDefault).toEqual([])
  })
})
