import { Download, ExternalLink, KeyRound, Lock, RotateCw } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import type { PackageDetail } from '@shared/types'
import { usePackageRegistryActions } from '../../hooks/usePackageData'
import { ALLOWLIST_FORMS, type RegistrySetup, registrySetups, registryUrl } from '../../lib/registry-setup'
import { CodeBlock } from '../CopyButton'
import { buttonClass } from '../ui/button'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { OptionSelect } from '../ui/OptionSelect'

const AUDIENCE = { user: 'For yourself', admin: 'For your organization' } as const

function SetupSteps({ setup }: { setup: RegistrySetup }) {
  return (
    <section aria-label={`${setup.label} setup`} className="flex flex-col gap-3">
      <ol className="list-decimal space-y-1 pl-5 leading-7 text-zinc-800 dark:text-zinc-200">
        {setup.steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {setup.snippet && <CodeBlock code={setup.snippet.code} what={setup.snippet.what} />}
      <p className="text-sm leading-6 text-zinc-700 dark:text-zinc-300">
        <span className="font-medium">What it checks: </span>
        {setup.validates}
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {setup.docs.map((d) => (
          <li key={d.href}>
            <a
              href={d.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
            >
              {d.label}
              <ExternalLink className="size-3" aria-hidden="true" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The package as an MCP registry (docs/package-registries.md): its URL to copy, where each client
 * and policy that reads a registry takes it (docs/package-registry-clients.md), the allowlists
 * those policies match against, and for a private package's owner the secret link's rotation.
 */
export function RegistryPanel({ pkg }: { pkg: PackageDetail }) {
  const url = registryUrl(window.location.origin, pkg.registryPath)
  const setups = url ? registrySetups(url) : []
  const [setupId, setSetupId] = useState('vscode')
  const [confirming, setConfirming] = useState(false)
  const [pending, setPending] = useState(false)
  const { rotate } = usePackageRegistryActions(pkg.id)
  const secret = !pkg.isPublic

  if (!url || !pkg.registryPath)
    return (
      <p className="text-zinc-700 dark:text-zinc-300">
        This package is private: only its owner has its registry link. Ask them for it, or use the Configuration tab.
      </p>
    )

  async function doRotate() {
    setPending(true)
    try {
      await rotate()
      setConfirming(false)
      toast.success('New secret link made', { description: 'The old link no longer answers.' })
    } catch {
      toast.error('Failed to rotate the secret link.', { description: 'The old link still works. Please try again.' })
    } finally {
      setPending(false)
    }
  }

  const setup = setups.find((s) => s.id === setupId) ?? setups[0]
  const options = setups.map((s) => ({ value: s.id, label: s.label, group: AUDIENCE[s.audience] }))
  const count = pkg.servers.length
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="registry-url-title" className="flex flex-col gap-3">
        <h2 id="registry-url-title" className="text-lg font-semibold">
          Use this package as an MCP registry
        </h2>
        <p className="max-w-3xl leading-7 text-zinc-700 dark:text-zinc-300">
          Editors and policies that read an MCP registry can point at this package: they see only its{' '}
          {count === 1 ? 'server' : `${count} servers`}, each at the version the package pins (or its newest not held back by the
          supply-chain watch).
        </p>
        {secret && (
          <p className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm leading-6 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
            <Lock className="mt-1 size-4 shrink-0" aria-hidden="true" />
            <span>
              This is the package&apos;s secret link: anyone who has it can read the servers&apos; listings, and no one can find it without
              it. Rotate it to stop the old link answering.
            </span>
          </p>
        )}
        <CodeBlock code={url} what="registry URL" title={secret ? 'Secret registry URL' : 'Registry URL'} />
        {secret && pkg.isOwner && (
          <div>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setConfirming(true)}>
              <RotateCw className="size-4" aria-hidden="true" />
              Rotate secret link
            </button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="Rotate the secret link?"
              message="The current link stops working at once: every editor and policy set up with it must be given the new one."
              confirmLabel="Rotate link"
              pending={pending}
              onConfirm={() => void doRotate()}
            />
          </div>
        )}
      </section>

      <section aria-labelledby="registry-setup-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="registry-setup-title" className="font-semibold">
            Set it up
          </h3>
          <OptionSelect label="Client or policy" value={setup.id} options={options} onChange={setSetupId} />
        </div>
        <SetupSteps setup={setup} />
      </section>

      <section aria-labelledby="registry-allowlist-title" className="flex flex-col gap-3">
        <h3 id="registry-allowlist-title" className="flex items-center gap-2 font-semibold">
          <KeyRound className="size-4 text-zinc-500 dark:text-zinc-400" aria-hidden="true" />
          Allowlists
        </h3>
        <p className="max-w-3xl text-sm leading-6 text-zinc-700 dark:text-zinc-300">
          The servers this registry answers with, in the forms allowlist policies take. A list matched by name alone can be got around by
          renaming a server in a configuration file; one matched by URL or command cannot.
        </p>
        <ul className="grid gap-3 md:grid-cols-3">
          {ALLOWLIST_FORMS.map((f) => (
            <li key={f.file} className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
              <a
                href={`${pkg.registryPath}/${f.file}`}
                download
                className={buttonClass('secondary', 'sm', 'self-start')}
                aria-label={`Download the ${f.label} allowlist (${f.file})`}
              >
                <Download className="size-4" aria-hidden="true" />
                {f.label}
              </a>
              <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{f.file}</span>
              <p className="text-sm leading-6 text-zinc-700 dark:text-zinc-300">{f.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
