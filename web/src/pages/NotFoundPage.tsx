import { Link } from 'wouter'
import { buttonClass } from '../components/ui/button'
import { useDocumentMeta } from '../hooks/useDocumentMeta'

/** Any path no route knows. */
export default function NotFoundPage() {
  useDocumentMeta('Page Not Found', 'This page does not exist.')
  return (
    <div className="container-page py-24 text-center">
      <h1 className="text-3xl font-semibold">404 Page Not Found</h1>
      <p className="mt-3 text-zinc-700 dark:text-zinc-300">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link href="/" className={buttonClass('primary', 'md')}>
          Go Home
        </Link>
        <Link href="/servers" className={buttonClass('secondary', 'md')}>
          Browse Servers
        </Link>
      </div>
    </div>
  )
}
