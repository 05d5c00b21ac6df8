import { Check, Copy, Download } from 'lucide-react'
import { useMemo } from 'react'
import {
  CLIENTS,
  type InstallOption,
  type InstallPlan,
  installPlan,
  type MergedCommand,
  mergedClientCommands,
  mergedClientConfig,
  mergedClientLinks,
} from '@shared/install'
import type { PackageDetail, ServerDetail, ServerSummary } from '@shared/types'
import { useCopy } from '../../hooks/useCopy'
import { usePackageServerDetails } from '../../hooks/usePackageData'
import { CodeBlock } from '../CopyButton'
import { ClientSelect, useRememberedClient } from '../install/ClientSelect'
import { buttonClass } from '../ui/button'

const MIME = { json: 'application/json', toml: 'application/toml', yaml: 'application/yaml' } as const

/** Saves text as a file through a temporary object URL (no inline script, so CSP is content). */
function download(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** '{name}-config.{ext}', with the characters no file system accepts replaced. */
function configFileName(packageName: string, ext: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a file name must not hold.
  const safe = packageName.replace(/[\u0000-\u001f/\\:*?"<>|]+/g, '-').trim() || 'package'
  return `${safe}-config.${ext}`
}

interface Planned {
  server: ServerSummary
  plan: InstallPlan
  /** The server's first installable option, the one its own page opens on; null when none. */
  option: InstallOption | null
  /** Why it is left out of the file. */
  reason: string | null
}

function planFor(server: ServerSummary, detail: ServerDetail | undefined): Planned {
  // A card has no packages or remotes: without its detail there is nothing to configure.
  const plan = installPlan(detail ?? { ...server, packages: [], remotes: [] })
  const option = plan.options.find((o) => !o.unsupported) ?? null
  const why = plan.options[0]?.unsupported ?? 'It names no package and no remote server.'
  const reason = option ? null : detail ? why : 'Its details could not be read.'
  return { server, plan, option, reason }
}

/**
 * The add commands one after another; a server the command cannot carry (headers Codex's command
 * cannot set) is a shell comment that says so, so pasting the whole block never runs a broken line.
 */
function commandScript(commands: MergedCommand[], client: string): string {
  return commands
    .map((c) => c.command ?? `# ${c.key}: ${client}'s add command cannot set its headers; add it from the file above.`)
    .join('\n')
}

/**
 * One file that installs every server of the package at once, for the client the visitor picks
 * (remembered): each entry is the one the server's own page opens on, so the servers' details
 * are read. What must be filled in is listed per server; a server with nothing to install is
 * named with the reason rather than left out silently.
 */
export function PackageConfigTab({ pkg }: { pkg: PackageDetail }) {
  const ids = pkg.servers.map((s) => s.id)
  const { data: details, isLoading } = usePackageServerDetails(pkg.id, ids)
  const { copied, copy } = useCopy()
  const [clientId, setClientId] = useRememberedClient('mcp-catalogue:package-client', 'claude-desktop')
  const planned = useMemo(() => pkg.servers.map((s) => planFor(s, details?.get(s.id))), [pkg.servers, details])

  if (!pkg.servers.length)
    return <p className="text-zinc-700 dark:text-zinc-300">This package has no servers yet, so there is nothing to configure.</p>
  if (isLoading && !details)
    return (
      <p role="status" className="text-zinc-700 dark:text-zinc-300">
        Preparing the configuration...
      </p>
    )

  const client = CLIENTS.find((c) => c.id === clientId)!
  const included = planned.filter((p): p is Planned & { option: InstallOption } => p.option !== null)
  const items = included.map(({ plan, option }) => ({ plan, option }))
  const text = mergedClientConfig(clientId, items)
  const commands = mergedClientCommands(clientId, items)
  const links = mergedClientLinks(clientId, items)
  const fileName = configFileName(pkg.name, client.format)
  const toFill = included.filter((p) => p.option.inputs.length > 0)
  const left = planned.filter((p) => p.option === null)
  const kind = client.format.toUpperCase()
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 flex-1 text-zinc-700 dark:text-zinc-300">
          {included.length === 1 ? 'The server' : `All ${included.length} servers`} of this package in one {client.label} file,{' '}
          <code className="font-mono text-sm">{client.file}</code> (merge with any servers you already have), then restart the client.
        </p>
        <ClientSelect label="Client" value={clientId} onChange={setClientId} clients={CLIENTS} />
      </div>
      {toFill.length > 0 && (
        <section
          aria-labelledby="package-fill-in"
          className="rounded-lg border border-zinc-200 bg-zinc-50 p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900"
        >
          <h3 id="package-fill-in" className="font-semibold">
            What you must fill in
          </h3>
          <ul className="mt-1 space-y-1">
            {toFill.map(({ server, option }) => (
              <li key={server.id}>
                <span className="font-medium">{server.displayName}</span>:{' '}
                {option.inputs.map((i, n) => (
                  <span key={i.id}>
                    {n > 0 && ', '}
                    <code className="font-mono">{i.label}</code>
                    {i.isSecret && ' (secret)'}
                  </span>
                ))}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-zinc-700 dark:text-zinc-300">
            Each server&apos;s Configuration tab says what every value is and how {client.label} is given secrets.
          </p>
        </section>
      )}
      {left.length > 0 && (
        // The note wraps the list: a list given another role leaves its items outside any list.
        <div role="note" aria-label="Servers not in the file">
          <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
            {left.map(({ server, reason }) => (
              <li key={server.id}>
                Not in the file: <span className="font-medium">{server.displayName}</span>. {reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <figure className="overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-200 bg-zinc-50 px-3 py-1.5 dark:border-zinc-800 dark:bg-zinc-900">
          <figcaption className="min-w-0 font-mono text-sm break-all">{fileName}</figcaption>
          <div className="flex gap-1.5">
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void copy(text)}>
              {copied ? (
                <Check className="size-4 text-green-700 dark:text-green-400" aria-hidden="true" />
              ) : (
                <Copy className="size-4" aria-hidden="true" />
              )}
              <span aria-live="polite">{copied ? 'Copied!' : `Copy ${kind}`}</span>
            </button>
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              onClick={() => download(text, fileName, MIME[client.format])}
              aria-label={`Download ${fileName}`}
            >
              <Download className="size-4" aria-hidden="true" />
              Download
            </button>
          </div>
        </div>
        <section aria-label={`Merged ${client.label} configuration`}>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must take focus so keyboard users can scroll it. */}
          <pre className="max-h-[32rem] overflow-auto bg-white p-3 font-mono text-[13px] leading-6 dark:bg-zinc-950" tabIndex={0}>
            <code>{text}</code>
          </pre>
        </section>
      </figure>
      {commands && commands.length > 0 && (
        <CodeBlock
          code={commandScript(commands, client.label)}
          what={`${client.label} commands`}
          title={`Or in a terminal: ${commands.length === 1 ? 'one command' : `${commands.length} commands, one per server`}`}
        />
      )}
      {links && links.length > 0 && (
        <section aria-labelledby="package-one-click" className="flex flex-col gap-2">
          <h3 id="package-one-click" className="text-sm font-semibold">
            Or one click per server
          </h3>
          <ul className="flex flex-wrap gap-2">
            {links.map((l) => (
              <li key={l.key}>
                <a href={l.href} className={buttonClass('secondary', 'sm')}>
                  {l.label}: <span className="font-mono">{l.key}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
