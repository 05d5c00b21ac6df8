/** The loading state of a block of live figures (the advisory's): a status whose name says what loads, and two pulsing bars. */
export function FiguresSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="flex min-h-48 flex-col gap-3">
      <span className="sr-only">{label}...</span>
      <div className="h-16 w-full animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-32 w-full animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
    </div>
  )
}
