import { LoaderCircle } from 'lucide-react'

/** The full-page 'Loading...' shown while the session (and so the whole shell) loads. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <LoaderCircle className="size-8 animate-spin text-blue-700 dark:text-blue-400" aria-hidden="true" />
      <span className="ml-3 text-zinc-700 dark:text-zinc-300">Loading...</span>
    </div>
  )
}

/** A lazily loaded page that is still on its way. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <LoaderCircle className="size-6 animate-spin text-zinc-500" aria-hidden="true" />
      <span className="sr-only">Loading...</span>
    </div>
  )
}
