/**
 * The bench log: `npm run bench` appends a dated entry with its commit and table
 * (scripts/bench-log.mjs), and the log stays a list of dated entries, oldest first.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { appendBenchLog, benchLogEntry } from '../../scripts/bench-log.mjs'
import { anchors, read } from './markdown'

const TABLE = ['| scenario | req/s |', '| -------- | ----: |', '| list     |   210 |'].join('\n')

describe('benchLogEntry', () => {
  it('heads the entry with the date and the commit, then the setup, the table and the summary', () => {
    const entry = benchLogEntry({
      date: new Date('2026-12-01T10:20:30Z'),
      commit: 'abc1234',
      setup: '100000 servers, 10 connections',
      table: `\n${TABLE}\n`,
      lines: ['Every aim met.'],
    })
    expect(entry).toBe(
      [
        '## 2026-12-01: full run at abc1234',
        '',
        '`npm run bench` (100000 servers, 10 connections):',
        '',
        TABLE,
        '',
        '- Every aim met.',
      ].join('\n'),
    )
  })
})

describe('appendBenchLog', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-log-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('adds the entry at the end, after one blank line, leaving what was there', () => {
    const file = join(dir, 'log.md')
    writeFileSync(file, '# Bench log\n\n## 2026-11-24: full run at 1c5ef3f\n\nFigures.\n')
    appendBenchLog(file, '## 2026-12-01: full run at abc1234\n\nMore figures.')
    appendBenchLog(file, '## 2026-12-02: full run at def5678\n\nAnd more.')
    expect(readFileSync(file, 'utf8')).toBe(
      '# Bench log\n\n## 2026-11-24: full run at 1c5ef3f\n\nFigures.\n\n## 2026-12-01: full run at abc1234\n\nMore figures.\n\n## 2026-12-02: full run at def5678\n\nAnd more.\n',
    )
  })

  it('copes with a log that does not end with a newline', () => {
    const file = join(dir, 'unterminated.md')
    writeFileSync(file, '# Bench log')
    appendBenchLog(file, '## 2026-12-01: full run at abc1234')
    expect(readFileSync(file, 'utf8')).toBe('# Bench log\n\n## 2026-12-01: full run at abc1234\n')
  })
})

describe('docs/bench-log.md', () => {
  it('is dated entries, oldest first', () => {
    const headings = read('docs/bench-log.md')
      .split('\n')
      .filter((l) => l.startsWith('## '))
    expect(headings.length).toBeGreaterThan(5)
    const dates = headings.map((h) => h.match(/^## (\d{4}-\d{2}-\d{2}): /)?.[1])
    expect(dates.every(Boolean), headings.join('\n')).toBe(true)
    expect([...dates].sort()).toEqual(dates)
    expect(anchors('docs/bench-log.md').size).toBe(headings.length + 1)
  })
})
