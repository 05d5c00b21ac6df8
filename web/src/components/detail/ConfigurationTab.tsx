import { useId, useMemo, useState } from 'react'
import { CLIENTS, clientConfig, type InstallOption, type InstallPlan, installPlan } from '@shared/install'
import { withWatchPins } from '@shared/install/pins'
import type { ServerDetail } from '@shared/types'
import { CodeBlock } from '../CopyButton'
import { ClientBlock } from '../install/ClientBlock'
import { ClientSelect, useRememberedClient } from '../install/ClientSelect'
import { FillInPanel } from '../install/FillInPanel'
import { PostInstallSteps } from '../install/PostInstallSteps'
import { HeldBack } from '../supply/HeldBack'
import { optionInstalls } from '../supply/labels'
import { cx } from '../ui/cx'

const PRIMARY = CLIENTS.filter((c) => c.group === 'primary')
const OTHERS = CLIENTS.filter((c) => c.group !== 'primary')

/** The ways to run the server, when there is more than one (a remote and a package, two packages). */
function OptionPicker({ plan, value, onChange }: { plan: InstallPlan; value: string; onChange: (id: string) => void }) {
  const name = useId()
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold">How to run it</legend>
      {plan.options.map((o) => (
        <label
          key={o.id}
          className={cx(
            'flex cursor-pointer items-start gap-2 rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800',
            'has-[:checked]:border-blue-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 dark:has-[:checked]:border-blue-400',
          )}
        >
          <input type="radio" name={name} value={o.id} checked={o.id === value} onChange={() => onChange(o.id)} className="mt-1" />
          <span className="min-w-0">
            <span className="font-medium">{o.label}</span>
            <span className="ml-2 font-mono text-sm break-all text-zinc-600 dark:text-zinc-400">{o.detail}</span>
            {o.unsupported && <span className="block text-sm text-zinc-600 dark:text-zinc-400">No command can be written for it</span>}
          </span>
        </label>
      ))}
    </fieldset>
  )
}

/**
 * The registry's versions of the server, newest first: the configurations below use the chosen
 * one's packages (the latest, which the listing shows, by default).
 */
function VersionPicker({ server, value, onChange }: { server: ServerDetail; value: string; onChange: (v: string) => void }) {
  const id = useId()
  if (server.versions.length < 2) return null
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="font-semibold">
        Version
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        {server.versions.map((v) => (
          <option key={v.version} value={v.version}>
            {v.version}
            {v.version === server.version ? ' (latest)' : ''}
            {v.status !== 'active' ? ` (${v.status})` : ''}
          </option>
        ))}
      </select>
    </div>
  )
}

function Unsupported({ option, githubUrl }: { option: InstallOption; githubUrl: string | null }) {
  return (
    <div
      role="note"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="leading-7">{option.unsupported}</p>
      {githubUrl && (
        <a
          href={githubUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-block font-medium underline underline-offset-2"
        >
          Open the repository on GitHub
        </a>
      )}
    </div>
  )
}

function ClientConfigs({ plan, option, server }: { plan: InstallPlan; option: InstallOption; server: ServerDetail }) {
  const [other, setOther] = useRememberedClient('mcp-catalogue:install-client', 'claude-code')
  const otherOutput = clientConfig(plan, option, other)
  // A newer version of this option's package held back by the supply-chain watch: said beside the configuration that pins the one before.
  const heldBack = server.supplyChain.packages.filter((p) => p.heldBack && optionInstalls(option, p))
  return (
    <>
      {heldBack.map((p) => (
        <HeldBack key={`${p.registry}:${p.name}`} pkg={p} />
      ))}
      <FillInPanel option={option} />
      {PRIMARY.map((c) => {
        const output = clientConfig(plan, option, c.id)
        return output && <ClientBlock key={c.id} output={output} />
      })}
      <section aria-labelledby="other-clients-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="other-clients-heading" className="text-lg font-semibold">
            Other clients
          </h3>
          <ClientSelect label="Other client" value={other} onChange={setOther} clients={OTHERS} />
        </div>
        {otherOutput && <ClientBlock output={otherOutput} />}
      </section>
      <PostInstallSteps option={option} />
    </>
  )
}

/**
 * How to install the server in each AI client, from the install generator: the ways to run it
 * (a remote needing nothing local first), what the user must fill in, the specification's four
 * clients, then any other client picked from a remembered list, then the package's post-install
 * steps (shown, never run); then the additional metadata.
 */
export function ConfigurationTab({ server }: { server: ServerDetail }) {
  const [version, setVersion] = useState(server.version)
  // Unpinned packages pin the version the supply-chain watch chose when a newer one is held back.
  const plan = useMemo(() => installPlan(withWatchPins(server, server.supplyChain.packages), { version }), [server, version])
  const [picked, setPicked] = useState(plan.options[0]?.id ?? '')
  const option = plan.options.find((o) => o.id === picked) ?? plan.options[0]
  const hasMetadata = Object.keys(server.metadata ?? {}).length > 0
  return (
    <div className="flex flex-col gap-6">
      <p className="text-zinc-700 dark:text-zinc-300">
        Add this server to your AI client: fill in what it needs, then use the one-click link or command, or paste the block into the file
        named beside your client, and restart the client.
      </p>
      <VersionPicker server={server} value={version} onChange={setVersion} />
      {plan.options.length > 1 && <OptionPicker plan={plan} value={option.id} onChange={setPicked} />}
      {!option ? (
        <p className="text-zinc-700 dark:text-zinc-300">
          This listing names no package and no remote server, so there is nothing to configure.
        </p>
      ) : option.unsupported ? (
        <>
          <Unsupported option={option} githubUrl={server.githubUrl} />
          <PostInstallSteps option={option} />
        </>
      ) : (
        <ClientConfigs plan={plan} option={option} server={server} />
      )}
      <section className="flex flex-col gap-3">
        <h3 className="text-lg font-semibold">Additional Metadata</h3>
        {hasMetadata ? (
          <CodeBlock code={JSON.stringify(server.metadata, null, 2)} what="additional metadata" title="metadata.json" />
        ) : (
          <p className="text-zinc-700 dark:text-zinc-300">No additional metadata.</p>
        )}
      </section>
    </div>
  )
}
