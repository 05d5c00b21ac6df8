import { useEffect } from 'react'
import { toast } from 'sonner'
import { useLocation, useSearch } from 'wouter'

/** What the Worker's `/?authError=<key>` means, in words (keys from worker/lib/github-oauth.ts). */
const MESSAGES: Record<string, string> = {
  access_denied: 'Sign-in was cancelled on GitHub.',
  invalid_state: 'The sign-in link expired or was already used. Please try again.',
  github_error: 'GitHub could not complete the sign-in. Please try again.',
  account_conflict: 'This GitHub account is already linked to another account.',
  invalid_username: 'That username is not valid.',
  not_configured: 'Sign-in is not configured on this site yet.',
  sign_in_failed: 'Sign-in failed. Please try again.',
}

/** A failed sign-in comes home with `?authError=key`: say so once, then tidy the address. */
export function AuthErrorNotice() {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const key = new URLSearchParams(search).get('authError')
  useEffect(() => {
    if (!key) return
    toast.error('Sign-in failed', { description: MESSAGES[key] ?? MESSAGES.sign_in_failed })
    const rest = new URLSearchParams(search)
    rest.delete('authError')
    const qs = rest.toString()
    navigate(qs ? `${location}?${qs}` : location, { replace: true })
  }, [key, search, location, navigate])
  return null
}
