import { Check, Copy } from 'lucide-react'
import { useCopy } from '../hooks/useCopy'
import { buttonClass } from './ui/button'

interface CopyButtonProps {
  text: string
  /** What is copied, for screen readers: 'Copy {what}'. */
  what: string
}

/** 'Copy', then 'Copied!' for 2 seconds. */
export function CopyButton({ text, what }: CopyButtonProps) {
  const { copied, copy } = useCopy()
  return (
    <button
      type="button"
      className={buttonClass('secondary', 'sm')}
      aria-label={copied ? `Copied ${what}` : `Copy ${what}`}
      onClick={() => void copy(text)}
    >
      {copied ? (
        <Check className="size-4 text-green-700 dark:text-green-400" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
    </button>
  )
}

interface CodeBlockProps {
  code: string
  what: string
  /** A caption above the block (client name, file). */
  title?: React.ReactNode
}

/** Selectable monospace text with its copy button in the corner; long lines scroll inside. */
export function CodeBlock({ code, what, title }: CodeBlockProps) {
  return (
    <figure className="overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 bg-zinc-50 px-3 py-1.5 dark:border-zinc-800 dark:bg-zinc-900">
        <figcaption className="min-w-0 text-sm font-medium">{title ?? what}</figcaption>
        <CopyButton text={code} what={what} />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must take focus so keyboard users can scroll it. */}
      <pre className="overflow-x-auto bg-white p-3 font-mono text-[13px] leading-6 dark:bg-zinc-950" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  )
}
