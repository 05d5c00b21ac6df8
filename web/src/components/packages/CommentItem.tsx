import { Trash2, UserRound } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import type { PackageComment } from '@shared/types'
import type { RemovableItemProps } from '../../hooks/useFocusAfterRemoval'
import { api, call } from '../../lib/api'
import { formatDateTime } from '../../lib/format'
import { Badge } from '../ui/Badge'
import { buttonClass } from '../ui/button'
import { ConfirmDialog } from '../ui/ConfirmDialog'

interface CommentItemProps extends RemovableItemProps {
  packageId: string
  comment: PackageComment
  onDeleted: () => void
}

/**
 * One comment: who (an account, or a guest's name), when, the text; delete when allowed. The
 * comment itself takes focus when a neighbour is deleted (see useFocusAfterRemoval).
 */
export function CommentItem({ packageId, comment, onDeleted, ...removable }: CommentItemProps) {
  const [confirming, setConfirming] = useState(false)
  const [pending, setPending] = useState(false)
  const who = comment.user?.username ?? comment.authorName ?? 'Anonymous'

  async function remove() {
    setPending(true)
    try {
      await call(api.packages[':id'].comments[':commentId'].$delete({ param: { id: packageId, commentId: comment.id } }))
      setConfirming(false)
      toast.success('Comment deleted')
      onDeleted()
    } catch {
      toast.error('Failed to delete comment.', { description: 'Please try again.' })
    } finally {
      setPending(false)
    }
  }

  return (
    <li className="flex gap-3 py-4" {...removable}>
      <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
        {comment.user?.avatarUrl ? (
          <img
            src={comment.user.avatarUrl}
            alt=""
            width={36}
            height={36}
            className="size-full object-cover"
            referrerPolicy="no-referrer"
            loading="lazy"
          />
        ) : (
          <UserRound className="size-5 text-zinc-500" aria-hidden="true" />
        )}
      </span>
      <article className="min-w-0 flex-1 rounded" aria-label={`Comment by ${who}`} tabIndex={-1}>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 font-medium wrap-anywhere">{who}</span>
          {!comment.user && <Badge>Guest</Badge>}
          <time dateTime={comment.createdAt} className="text-sm text-zinc-600 dark:text-zinc-400">
            {formatDateTime(comment.createdAt)}
          </time>
          {comment.canDelete && (
            <button
              type="button"
              className={buttonClass('ghost', 'sm', 'ml-auto')}
              onClick={() => setConfirming(true)}
              aria-label={`Delete comment by ${who}`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">Delete</span>
            </button>
          )}
        </div>
        <p className="mt-1 leading-7 whitespace-pre-line text-zinc-800 dark:text-zinc-200">{comment.content}</p>
      </article>
      {comment.canDelete && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete comment"
          message="Are you sure you want to delete this comment?"
          confirmLabel="Delete"
          pending={pending}
          onConfirm={() => void remove()}
        />
      )}
    </li>
  )
}
