import { startTransition, useEffect, useState } from 'react'

/**
 * Whether a screen may render its rest: false when it mounts, true a task later. A screen renders
 * what fills the visitor's first view at once and the rest (cards past the first screenful, a side
 * column, the body of a tab) in a second task, so its first render commits and lays out in one
 * short task rather than one long task that holds back a tap or a key (and counts as blocking time
 * on a phone). Whatever comes later must not move what is already in view.
 * @example const rest = useRestLater(); const shown = rest ? servers : servers.slice(0, 4)
 */
export function useRestLater(): boolean {
  const [rest, setRest] = useState(false)
  useEffect(() => {
    if (rest) return
    const timer = setTimeout(() => startTransition(() => setRest(true)))
    return () => clearTimeout(timer)
  }, [rest])
  return rest
}
