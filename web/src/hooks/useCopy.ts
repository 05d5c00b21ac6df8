import { useEffect, useRef, useState } from 'react'
import { copyText } from '../lib/clipboard'

/** How long a copy button says 'Copied!'. */
export const COPIED_MS = 2000

/** Copy with a 2-second 'Copied!' state for the button that did it. */
export function useCopy() {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  async function copy(text: string) {
    if (!(await copyText(text))) return false
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), COPIED_MS)
    return true
  }

  return { copied, copy }
}
