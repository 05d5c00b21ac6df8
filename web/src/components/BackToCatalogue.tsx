import { ArrowLeft } from 'lucide-react'
import { Link } from 'wouter'

/** The way back from a page that stands apart from the lists (the advisory, using the catalogue from an AI client). */
export function BackToCatalogue() {
  return (
    <Link
      href="/"
      className="inline-flex items-center gap-1 rounded text-sm text-zinc-700 underline-offset-2 hover:underline dark:text-zinc-300"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to the catalogue
    </Link>
  )
}
