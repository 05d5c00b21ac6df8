import { ShieldX } from 'lucide-react'

/** What an admin screen shows anyone else: the screen's name in the sentence, nothing of its data. */
export function AccessDenied({ what }: { what: string }) {
  return (
    <div className="container-page py-24 text-center">
      <ShieldX className="mx-auto size-10 text-zinc-500" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-semibold">Access denied</h1>
      <p className="mt-3 text-zinc-700 dark:text-zinc-300">Only administrators can see {what}.</p>
    </div>
  )
}
