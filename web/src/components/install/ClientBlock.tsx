import { ExternalLink } from 'lucide-react'
import type { ClientOutput } from '@shared/install'
import { CodeBlock } from '../CopyButton'
import { buttonClass } from '../ui/button'

/**
 * One client's configuration with the file it goes in and a link to the client's own
 * documentation of that file, then its one-click install link and one-line command where it has
 * them, then what the user should know (placeholders, where secrets come from).
 */
export function ClientBlock({ output }: { output: ClientOutput }) {
  const { client } = output
  return (
    <section aria-label={client.label} className="flex flex-col gap-2">
      <CodeBlock
        code={output.config}
        what={`${client.label} configuration`}
        title={
          <>
            <span className="font-semibold">{client.label}</span>
            <span className="block font-mono text-xs font-normal break-all text-zinc-600 sm:ml-2 sm:inline dark:text-zinc-400">
              {client.file}
            </span>
            <a
              href={client.docs}
              target="_blank"
              rel="noopener noreferrer"
              className="ml-2 inline-flex items-center gap-0.5 text-xs font-normal text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
            >
              docs
              <ExternalLink className="size-3" aria-hidden="true" />
              <span className="sr-only">: {client.label} documentation (opens in a new tab)</span>
            </a>
          </>
        }
      />
      {output.link && (
        <div>
          <a href={output.link.href} className={buttonClass('primary', 'sm')}>
            {output.link.label}
          </a>
        </div>
      )}
      {output.command && (
        <CodeBlock code={output.command} what={`${client.label} command`} title={`${client.label}: one command in a terminal`} />
      )}
      {output.notes.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-sm leading-6 text-zinc-700 dark:text-zinc-300">
          {output.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
