import { ArrowLeft } from 'lucide-react'
import { Link } from 'wouter'
import { buttonClass } from '../ui/button'

/** A server id that does not exist (or is not a valid id). */
export function ServerNotFound() {
  return (
    <div className="container-page py-24 text-center">
      <h1 className="text-3xl font-semibold">Server Not Found</h1>
      <p className="mt-3 text-zinc-700 dark:text-zinc-300">The requested MCP server could not be found.</p>
      <Link href="/servers" className={buttonClass('primary', 'md', 'mt-8')}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Servers
      </Link>
    </div>
  )
}
