import { Bold, Eraser, Italic, Link2, List, ListOrdered } from 'lucide-react'
import { type ClipboardEvent, type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { EMPTY_EDITOR_HTML, editorHtml, escapeHtml } from './editor-html'
import { LinkDialog } from './LinkDialog'

/*
 * A small rich-text editor on the browser's own editing (contentEditable + execCommand) rather
 * than an editor library: it needs only bold, italic, lists and links, the browser's undo stack
 * covers every command (Ctrl+Z after Clear restores the text), and it adds a few KB to this
 * screen's chunk instead of a hundred. execCommand is deprecated in name only: every browser
 * keeps it, and the Worker's sanitiser, not this code, is what guarantees safe output.
 */

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList'

interface RichTextEditorProps {
  id: string
  /** The HTML the editor starts from (sanitised by the Worker). Remount with a new `key` to replace it. */
  initialHtml: string
  onChange: (html: string) => void
  labelledBy: string
  describedBy?: string
}

function ToolbarButton({
  label,
  pressed,
  onPress,
  children,
}: {
  label: string
  pressed?: boolean
  onPress: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      // Keep the text selection in the editor when the button is clicked with a mouse.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPress}
      className="inline-flex size-8 items-center justify-center rounded text-zinc-700 hover:bg-zinc-200 hover:text-zinc-900 aria-pressed:bg-zinc-200 aria-pressed:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-700 dark:hover:text-zinc-50 dark:aria-pressed:bg-zinc-700 dark:aria-pressed:text-zinc-50"
    >
      {children}
    </button>
  )
}

export function RichTextEditor({ id, initialHtml, onChange, labelledBy, describedBy }: RichTextEditorProps) {
  const editor = useRef<HTMLDivElement>(null)
  /** The last selection inside the editor: toolbar and dialog take focus, commands need it back. */
  const saved = useRef<Range | null>(null)
  const [active, setActive] = useState({ bold: false, italic: false, ul: false, ol: false })
  const [link, setLink] = useState<{ url: string } | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per mount on purpose (see below).
  useLayoutEffect(() => {
    // Set once per mount (new content comes with a new key): React must not own these children.
    if (editor.current) editor.current.innerHTML = initialHtml || EMPTY_EDITOR_HTML
  }, [])

  useEffect(() => {
    const onSelection = () => {
      const sel = document.getSelection()
      if (!sel || sel.rangeCount === 0 || !editor.current?.contains(sel.anchorNode)) return
      saved.current = sel.getRangeAt(0).cloneRange()
      setActive({
        bold: document.queryCommandState('bold'),
        italic: document.queryCommandState('italic'),
        ul: document.queryCommandState('insertUnorderedList'),
        ol: document.queryCommandState('insertOrderedList'),
      })
    }
    document.addEventListener('selectionchange', onSelection)
    return () => document.removeEventListener('selectionchange', onSelection)
  }, [])

  const emit = () => {
    if (editor.current) onChange(editorHtml(editor.current))
  }

  /** Focus the editor with its last selection, so a command applies where the user left off. */
  const restore = () => {
    const el = editor.current
    if (!el) return
    el.focus()
    // New lines become paragraphs, which the sanitiser keeps and the card title reads.
    document.execCommand('defaultParagraphSeparator', false, 'p')
    const sel = document.getSelection()
    if (saved.current && sel) {
      sel.removeAllRanges()
      sel.addRange(saved.current)
    }
  }

  const run = (command: Command) => {
    restore()
    document.execCommand(command)
    emit()
  }

  const openLink = () => {
    restore()
    const anchor = document.getSelection()?.anchorNode
    const a = (anchor instanceof Element ? anchor : anchor?.parentElement)?.closest('a')
    setLink({ url: a && editor.current?.contains(a) ? (a.getAttribute('href') ?? '') : '' })
  }

  /**
   * The dialog traps focus until it has closed, so link commands wait for that moment: run
   * earlier, the trap would pull focus (and the selection) back into the dialog's field.
   */
  const afterDialog = useRef<(() => void) | null>(null)

  const applyLink = (url: string) => {
    afterDialog.current = () => {
      const sel = document.getSelection()
      if (!sel || sel.isCollapsed) {
        // Nothing selected: the address itself becomes the link's text.
        document.execCommand('insertHTML', false, `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`)
      } else {
        document.execCommand('createLink', false, url)
      }
    }
    setLink(null)
  }

  const removeLink = () => {
    afterDialog.current = () => document.execCommand('unlink')
    setLink(null)
  }

  const onDialogClosed = () => {
    restore()
    afterDialog.current?.()
    afterDialog.current = null
    emit()
  }

  const clear = () => {
    restore()
    // selectAll + delete instead of innerHTML = '', so Ctrl+Z brings the text back.
    document.execCommand('selectAll')
    document.execCommand('delete')
    if (editor.current && !editor.current.querySelector('p')) document.execCommand('formatBlock', false, 'p')
    emit()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
      e.preventDefault()
      openLink()
    }
  }

  // Pasted text arrives as plain text: formatting from other pages is not what the card shows.
  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault()
    document.execCommand('insertText', false, e.clipboardData.getData('text/plain'))
  }

  return (
    <div className="rounded-md border border-zinc-300 focus-within:border-blue-600 dark:border-zinc-700 dark:focus-within:border-blue-400">
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={id}
        className="flex flex-wrap gap-1 border-b border-zinc-200 bg-zinc-50 p-1 dark:border-zinc-800 dark:bg-zinc-800/50"
      >
        <ToolbarButton label="Bold" pressed={active.bold} onPress={() => run('bold')}>
          <Bold className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Italic" pressed={active.italic} onPress={() => run('italic')}>
          <Italic className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Bulleted list" pressed={active.ul} onPress={() => run('insertUnorderedList')}>
          <List className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Numbered list" pressed={active.ol} onPress={() => run('insertOrderedList')}>
          <ListOrdered className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Link" onPress={openLink}>
          <Link2 className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <span className="mx-1 w-px self-stretch bg-zinc-300 dark:bg-zinc-700" aria-hidden="true" />
        <button
          type="button"
          onMouseDown={(e) => e.preventDefault()}
          onClick={clear}
          className="inline-flex h-8 items-center gap-1 rounded px-2 text-sm text-zinc-700 hover:bg-zinc-200 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-700 dark:hover:text-zinc-50"
        >
          <Eraser className="size-4" aria-hidden="true" />
          Clear
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text is edited in a contentEditable region; no native element does it. */}
      <div
        id={id}
        ref={editor}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        contentEditable
        suppressContentEditableWarning
        tabIndex={0}
        onInput={emit}
        onBlur={emit}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
        className="featured-body min-h-40 px-3 py-2 text-sm"
      />
      <LinkDialog
        open={link !== null}
        initialUrl={link?.url ?? ''}
        onApply={applyLink}
        onRemove={removeLink}
        onClose={() => setLink(null)}
        onClosed={onDialogClosed}
      />
    </div>
  )
}
