import type { ServerDetail } from '../../../../worker/shared/types'
import { clientConfigs, prettyJson } from '../../lib/client-config'
import { CodeBlock } from '../CopyButton'

/** A configuration block per AI client, then the server's additional metadata. */
export function ConfigurationTab({ server }: { server: ServerDetail }) {
  const configs = clientConfigs(server)
  const hasMetadata = Object.keys(server.metadata ?? {}).length > 0
  return (
    <div className="flex flex-col gap-6">
      <p className="text-zinc-700 dark:text-zinc-300">Add this server to your AI client: copy the block into the file named beside the client, then restart the client.</p>
      {configs.map((c) => (
        <CodeBlock
          key={c.id}
          code={c.json}
          what={`${c.label} configuration`}
          title={
            <>
              <span className="font-semibold">{c.label}</span>
              <span className="block font-mono text-xs font-normal break-all text-zinc-600 sm:ml-2 sm:inline dark:text-zinc-400">{c.file}</span>
            </>
          }
        />
      ))}
      <section className="flex flex-col gap-3">
        <h3 className="text-lg font-semibold">Additional Metadata</h3>
        {hasMetadata ? (
          <CodeBlock code={prettyJson(server.metadata)} what="additional metadata" title="metadata.json" />
        ) : (
          <p className="text-zinc-700 dark:text-zinc-300">No additional metadata.</p>
        )}
      </section>
    </div>
  )
}
