import { Heart } from 'lucide-react'
import { useLikePackage } from '../../hooks/useLike'
import { formatCompact } from '../../lib/format'
import { buttonClass } from '../ui/button'
import { cx } from '../ui/cx'

interface PackageLikeButtonProps {
  pkg: { id: string; name: string; isLiked: boolean; likeCount: number }
  /** 'card': heart and count above the card's link; 'detail': 'Like' / 'Liked' and the count. */
  variant?: 'card' | 'detail'
}

/** Like / unlike a package; disabled while the request runs; guests are asked to sign in. */
export function PackageLikeButton({ pkg, variant = 'card' }: PackageLikeButtonProps) {
  const { toggle, pending } = useLikePackage()
  const liked = pkg.isLiked
  const detail = variant === 'detail'
  return (
    <button
      type="button"
      className={buttonClass(detail ? (liked ? 'primary' : 'secondary') : 'ghost', detail ? 'md' : 'sm', 'relative z-10')}
      aria-pressed={liked}
      disabled={pending}
      onClick={() => void toggle(pkg)}
    >
      {/* The name is the text itself (seen and screen-reader-only parts), as the server like button does. */}
      <Heart className={cx('size-4', liked && 'fill-current', liked && !detail && 'text-red-600 dark:text-red-400')} aria-hidden="true" />
      {detail ? <span>{liked ? 'Liked' : 'Like'}</span> : <span className="sr-only">Like</span>}
      <span className="sr-only"> package {pkg.name}, </span>
      <span className="tabular-nums">{formatCompact(pkg.likeCount)}</span>
      <span className="sr-only"> {pkg.likeCount === 1 ? 'like' : 'likes'}</span>
    </button>
  )
}
