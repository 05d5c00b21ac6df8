import { toast } from 'sonner'

/**
 * Copies text; when the browser refuses (no permission, insecure context) the visitor is told to
 * copy by hand, which the selectable text always allows. Resolves true when it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    toast.error('Failed to copy', { description: 'Please copy manually.' })
    return false
  }
}
