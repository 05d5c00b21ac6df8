import { Lock } from 'lucide-react'
import { type Input, type InputKind, type InstallOption, runCommand } from '@shared/install'
import { CodeBlock } from '../CopyButton'
import { Badge } from '../ui/Badge'

const KIND: Record<InputKind, string> = {
  env: 'environment variable',
  argument: 'argument',
  header: 'HTTP header',
  url: 'part of the address',
}

function InputItem({ input }: { input: Input }) {
  return (
    <li className="flex flex-col gap-1 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm font-semibold break-all">{input.label}</code>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{KIND[input.kind]}</span>
        {input.isSecret && (
          <Badge>
            <Lock className="size-3" aria-hidden="true" />
            secret
          </Badge>
        )}
      </div>
      {input.description && <p className="text-sm leading-6 text-zinc-700 dark:text-zinc-300">{input.description}</p>}
      {input.default !== null && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Starts as <code className="font-mono break-all">{input.default}</code>
        </p>
      )}
      {input.choices.length > 0 && <p className="text-sm text-zinc-700 dark:text-zinc-300">One of: {input.choices.join(', ')}</p>}
    </li>
  )
}

/**
 * What the user must supply before the server works, above the configuration, so nobody learns
 * it from a crash: each required value with its description and whether it is secret; the
 * optional ones folded away; then what the machine needs (a runtime) and other notes.
 */
export function FillInPanel({ option }: { option: InstallOption }) {
  return (
    <section
      aria-labelledby="fill-in-heading"
      className="rounded-lg border border-zinc-200 bg-zinc-50 p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 id="fill-in-heading" className="font-semibold">
        What you must fill in
      </h3>
      {option.inputs.length ? (
        <ul className="mt-1 divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Required values">
          {option.inputs.map((i) => (
            <InputItem key={i.id} input={i} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">Nothing: this server needs no values from you.</p>
      )}
      {option.optional.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer rounded font-medium">
            Optional ({option.optional.length}), left out of the configuration
          </summary>
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {option.optional.map((i) => (
              <InputItem key={i.id} input={i} />
            ))}
          </ul>
        </details>
      )}
      {option.kind === 'package' && option.remote && (
        <div className="mt-3">
          <CodeBlock code={runCommand(option) ?? ''} what="start command" title="Start it first" />
        </div>
      )}
      {option.notes.length > 0 && (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm leading-6 text-zinc-700 dark:text-zinc-300">
          {option.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
