/**
 * One-line commands for a POSIX shell (bash, zsh). Literal text is single-quoted when it holds
 * anything the shell would act on ('<path>' would otherwise redirect); a secret is written as a
 * reference the shell fills in from the user's environment, never as text.
 */

/** Literal text, or the name of an environment variable the shell expands. */
export type ShellPart = string | { env: string }

/** A literal word, bare when safe and single-quoted otherwise. */
export function shellQuote(text: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(text)) return text
  return `'${text.replace(/'/g, `'\\''`)}'`
}

/** One word from parts: double-quoted with `${NAME}` for references when it has any. */
export function shellWord(parts: ShellPart[]): string {
  if (parts.every((p) => typeof p === 'string')) return shellQuote(parts.join(''))
  const body = parts.map((p) => (typeof p === 'string' ? p.replace(/[\\"$`]/g, '\\$&') : `\${${p.env}}`)).join('')
  return `"${body}"`
}

/** Words joined into one line. */
export function shellLine(words: string[]): string {
  return words.join(' ')
}
