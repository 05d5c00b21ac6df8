/**
 * The bench log (docs/bench-log.md): `npm run bench` appends a dated entry after every full run,
 * so each run's figures stay in the repository beside the commit they measured.
 */
import { appendFileSync, readFileSync } from 'node:fs'

/**
 * One run as Markdown: a heading with the date and the commit, the machine and the options, the
 * results table as the bench printed it, and the summary lines below it.
 *
 * @example benchLogEntry({ date: new Date(), commit: 'abc1234', setup: '100000 servers', table: '| ... |', lines: ['Every aim met.'] })
 */
export function benchLogEntry({ date, commit, setup, table, lines = [] }) {
  const day = date.toISOString().slice(0, 10)
  return [`## ${day}: full run at ${commit}`, '', `\`npm run bench\` (${setup}):`, '', table.trim(), '', ...lines.map((l) => `- ${l}`)]
    .join('\n')
    .trimEnd()
}

/** Appends an entry at the end of the log, one blank line after what is there. */
export function appendBenchLog(file, entry) {
  const text = readFileSync(file, 'utf8')
  appendFileSync(file, `${text.endsWith('\n') ? '' : '\n'}\n${entry}\n`)
}
