/**
 * What the list screens (servers, packages) read from their URL: the page and a choice among
 * known options. One reading for both, so the two lists treat odd addresses alike.
 */

/** The page named in the URL: a positive whole number, else 1. */
export function readPage(params: URLSearchParams): number {
  const raw = params.get('page') ?? ''
  const page = /^\d+$/.test(raw) ? Number(raw) : 1
  return Number.isSafeInteger(page) && page >= 1 ? page : 1
}

/** The option the URL names under `name`, or null when it names none or an unknown one. */
export function readOption<T extends string>(params: URLSearchParams, name: string, options: ReadonlyArray<{ value: T }>): T | null {
  const raw = params.get(name)
  return options.find((o) => o.value === raw)?.value ?? null
}

/** Adds the page to a canonical address's query; page 1 is the default and left out. */
export function writePage(params: URLSearchParams, page: number | undefined): void {
  if (page && page > 1) params.set('page', String(page))
}
