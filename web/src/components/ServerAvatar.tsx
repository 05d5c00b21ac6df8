import { useState } from 'react'
import { initials } from '../lib/format'
import { cx } from './ui/cx'

interface ServerAvatarProps {
  name: string
  /** Tried in order: the repository owner's avatar, then the server's icon. */
  sources: Array<string | null | undefined>
  size?: 'sm' | 'md' | 'lg'
}

const boxes = { sm: 'size-10 text-sm', md: 'size-12 text-base', lg: 'size-16 text-xl' }
const pixels = { sm: 40, md: 48, lg: 64 }

/**
 * A fixed-size box (no layout shift when an image arrives or fails): the owner's avatar, else
 * the icon, else up to two initials. An image that fails to load falls through to the next.
 */
export function ServerAvatar({ name, sources, size = 'sm' }: ServerAvatarProps) {
  const candidates = sources.filter((s): s is string => typeof s === 'string' && /^https?:\/\//i.test(s))
  const [failed, setFailed] = useState(0)
  const src = candidates[failed]
  const box = cx(
    'flex shrink-0 items-center justify-center overflow-hidden rounded-md border border-zinc-200 bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-800',
    boxes[size],
  )
  if (src) {
    return (
      <span className={box}>
        <img
          key={src}
          src={src}
          alt=""
          width={pixels[size]}
          height={pixels[size]}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailed((n) => n + 1)}
        />
      </span>
    )
  }
  return (
    <span className={cx(box, 'font-semibold text-zinc-700 dark:text-zinc-200')} aria-hidden="true">
      {initials(name) || '?'}
    </span>
  )
}
