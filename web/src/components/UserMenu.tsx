import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { LayoutDashboard, LogOut, RefreshCw, Settings, ShieldAlert } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import type { SessionUser } from '@shared/types'
import { initials } from '../lib/format'
import { LINKS } from '../lib/links'

const item =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none select-none data-[disabled]:cursor-default data-[disabled]:opacity-60 data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800'

function UserAvatar({ user }: { user: SessionUser }) {
  const [failed, setFailed] = useState(false)
  const src = user.avatarUrl ?? user.profileImageUrl
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        width={32}
        height={32}
        className="size-8 rounded-full"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    )
  }
  return (
    <span
      className="flex size-8 items-center justify-center rounded-full bg-zinc-200 text-xs font-semibold dark:bg-zinc-700"
      aria-hidden="true"
    >
      {initials(user.firstName || user.username || '?')}
    </span>
  )
}

/** The signed-in user's menu: Dashboard, Registry sync and Review queue (admins), Settings (not built yet) and Log out. */
export default function UserMenu({ user }: { user: SessionUser }) {
  const [, navigate] = useLocation()
  const name = user.firstName || user.username || user.email || 'Account'
  return (
    <DropdownMenu.Root>
      {/* The name is text, not aria-label: a label that differs from the visible initials fails
          WCAG 2.5.3 (label in name). */}
      <DropdownMenu.Trigger className="rounded-full">
        <span className="sr-only">User menu for {name}</span>
        <UserAvatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-md border border-zinc-200 bg-white p-1 text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <DropdownMenu.Label className="truncate px-2 py-1.5 text-xs text-zinc-600 dark:text-zinc-400" title={name}>
            {name}
          </DropdownMenu.Label>
          <DropdownMenu.Item className={item} onSelect={() => navigate('/dashboard')}>
            <LayoutDashboard className="size-4" aria-hidden="true" />
            Dashboard
          </DropdownMenu.Item>
          {user.isAdmin && (
            <DropdownMenu.Item className={item} onSelect={() => navigate('/admin/sync')}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Registry sync
            </DropdownMenu.Item>
          )}
          {user.isAdmin && (
            <DropdownMenu.Item className={item} onSelect={() => navigate('/admin/review')}>
              <ShieldAlert className="size-4" aria-hidden="true" />
              Review queue
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={item} disabled>
            <Settings className="size-4" aria-hidden="true" />
            Settings
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-700" />
          <DropdownMenu.Item className={item} onSelect={() => window.location.assign(LINKS.logout)}>
            <LogOut className="size-4" aria-hidden="true" />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
