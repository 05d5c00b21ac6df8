import { ArrowLeft } from 'lucide-react'
import { Link } from 'wouter'
import { buttonClass } from '../ui/button'

/** A package that does not exist, is private to someone else, or could not be loaded. */
export function PackageNotFound({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="container-page py-24 text-center" role="alert">
      <h1 className="text-3xl font-semibold">{message}</h1>
      <p className="mt-3 text-zinc-700 dark:text-zinc-300">
        {onRetry ? 'The catalogue did not answer. Check your connection and try again.' : 'It may have been made private or removed.'}
      </p>
      <div className="mt-8 flex justify-center gap-2">
        <Link href="/packages" className={buttonClass('primary', 'md')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Packages
        </Link>
        {onRetry && (
          <button type="button" className={buttonClass('secondary', 'md')} onClick={onRetry}>
            Try Again
          </button>
        )}
      </div>
    </div>
  )
}
