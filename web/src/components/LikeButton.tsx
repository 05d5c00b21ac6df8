import { Heart } from 'lucide-react'
import { useLikeServer } from '../hooks/useLike'
import { formatNumber } from '../lib/format'
import { buttonClass } from './ui/button'
import { cx } from './ui/cx'

interface LikeButtonProps {
  server: { id: string; displayName: string; isLiked: boolean; likeCount: number }
  /** 'card': heart and count; 'detail': 'Like' / 'Liked' and the count. */
  variant?: 'card' | 'detail'
}

/** Like / unlike a server; disabled while the request runs. */
export function LikeButton({ server, variant = 'card' }: LikeButtonProps) {
  const { toggle, pending } = useLikeServer(variant === 'card' ? 'log' : 'toast')
  const liked = server.isLiked
  return (
    <button
      type="button"
      className={buttonClass(
        variant === 'detail' ? (liked ? 'primary' : 'secondary') : 'ghost',
        variant === 'detail' ? 'md' : 'sm',
        'relative z-10',
      )}
      aria-pressed={liked}
      disabled={pending}
      onClick={() => void toggle(server)}
    >
      {/* The name is built from the text (visible and screen-reader-only parts), so what is seen is what is announced. */}
      <Heart
        className={cx('size-4', liked && 'fill-current', liked && variant === 'card' && 'text-red-600 dark:text-red-400')}
        aria-hidden="true"
      />
      {variant === 'detail' ? <span>{liked ? 'Liked' : 'Like'}</span> : <span className="sr-only">Like</span>}
      <span className="sr-only"> {server.displayName}, </span>
      <span className="tabular-nums">{formatNumber(server.likeCount)}</span>
      <span className="sr-only"> {server.likeCount === 1 ? 'like' : 'likes'}</span>
    </button>
  )
}
