import { buttonClass } from './button'

interface LoadFailedProps {
  title: string
  message?: string
  onRetry: () => void
  /** 'page' fills the screen with an h1; 'panel' sits inside a page under its heading. */
  variant?: 'page' | 'panel'
}

/** The error state of a screen or a list: what happened, and 'Try Again'. */
export function LoadFailed({
  title,
  message = 'The catalogue did not answer. Check your connection and try again.',
  onRetry,
  variant = 'panel',
}: LoadFailedProps) {
  const Heading = variant === 'page' ? 'h1' : 'h2'
  return (
    <div
      role="alert"
      className={
        variant === 'page'
          ? 'container-page py-24 text-center'
          : 'rounded-lg border border-red-300 bg-red-50 px-6 py-10 text-center dark:border-red-900 dark:bg-red-950/40'
      }
    >
      <Heading className={variant === 'page' ? 'text-2xl font-semibold' : 'text-lg font-semibold'}>{title}</Heading>
      <p className={variant === 'page' ? 'mt-2 text-zinc-700 dark:text-zinc-300' : 'mt-1 text-zinc-700 dark:text-zinc-300'}>{message}</p>
      <button type="button" className={buttonClass('secondary', 'md', 'mt-6')} onClick={onRetry}>
        Try Again
      </button>
    </div>
  )
}
