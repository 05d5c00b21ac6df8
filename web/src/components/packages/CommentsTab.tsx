import { MessageSquare } from 'lucide-react'
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { useFocusAfterRemoval } from '../../hooks/useFocusAfterRemoval'
import { type CommentSort, commentsKey, useComments } from '../../hooks/usePackageData'
import { useSession } from '../../hooks/useSession'
import { isKeyOf } from '../../lib/api'
import { formatNumber } from '../../lib/format'
import { buttonClass } from '../ui/button'
import { OptionSelect } from '../ui/OptionSelect'
import { CommentForm } from './CommentForm'
import { CommentItem } from './CommentItem'
import { PageNav } from './PageNav'

const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const

/** The package's comments, 10 a page, newest or oldest first, and the form to add one. */
export function CommentsTab({ packageId }: { packageId: string }) {
  const { user } = useSession()
  const [sort, setSort] = useState<CommentSort>('newest')
  const [page, setPage] = useState(1)
  const { data, error, isLoading, mutate } = useComments(packageId, sort, page)
  const { mutate: globalMutate } = useSWRConfig()
  const removal = useFocusAfterRemoval(data?.comments.map((c) => c.id) ?? [])

  // Every page and sort of this package's comments may have moved: refetch what is shown now.
  const refresh = () => globalMutate((key) => isKeyOf(key, commentsKey(packageId)))

  function changePage(next: number) {
    setPage(next)
    document.getElementById('comments-title')?.scrollIntoView({ block: 'start' })
  }

  let list: React.ReactNode
  if (error && !data)
    list = (
      <div role="alert" className="py-8 text-center">
        <p className="font-medium">Failed to load comments</p>
        <button type="button" className={buttonClass('secondary', 'md', 'mt-4')} onClick={() => void mutate()}>
          Try Again
        </button>
      </div>
    )
  else if (isLoading && !data)
    list = (
      <p role="status" className="py-8 text-center text-zinc-700 dark:text-zinc-300">
        Loading comments...
      </p>
    )
  else if (!data?.comments.length)
    list = (
      <div className="py-10 text-center text-zinc-700 dark:text-zinc-300">
        <MessageSquare className="mx-auto size-8 text-zinc-500" aria-hidden="true" />
        <p className="mt-2">No comments yet. Be the first to share what you think.</p>
      </div>
    )
  else
    list = (
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Comments">
        {data.comments.map((c) => (
          <CommentItem key={c.id} packageId={packageId} comment={c} onDeleted={() => void refresh()} {...removal.item(c.id)} />
        ))}
      </ul>
    )

  return (
    <section aria-labelledby="comments-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-title" ref={removal.heading} tabIndex={-1} className="rounded text-lg font-semibold">
          Comments{data ? ` (${formatNumber(data.total)})` : ''}
        </h2>
        <OptionSelect
          label="Sort comments"
          value={sort}
          options={SORTS}
          onChange={(s) => {
            setSort(s)
            setPage(1)
          }}
        />
      </div>
      <CommentForm
        packageId={packageId}
        user={user}
        onPosted={() => {
          setPage(1)
          void refresh()
        }}
      />
      {list}
      {data && <PageNav page={page} totalPages={data.totalPages} onSelect={changePage} label="Comment pages" />}
    </section>
  )
}
