import type { InstallOption } from '@shared/install'
import { CodeBlock } from '../CopyButton'
import { Badge } from '../ui/Badge'

/** Only an http(s) page is a link; anything else the listing gave is not shown as one. */
const isPage = (url: string) => /^https?:\/\//i.test(url)

/**
 * The package's post-install steps (the registry draft's `postInstallInstructions`), beside the
 * configuration: each step's text, its command in a block to copy (the catalogue never runs it and
 * never writes it into a client's file), and its documentation as the only link. Everything here
 * comes from the listing, so it is rendered as text, never as HTML.
 */
export function PostInstallSteps({ option }: { option: InstallOption }) {
  if (option.postInstall.length === 0) return null
  return (
    <section aria-labelledby={`post-install-${option.id}`} className="flex flex-col gap-3">
      <h3 id={`post-install-${option.id}`} className="text-lg font-semibold">
        After installing
      </h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        The package lists these steps to take yourself once it is installed. Nothing here is run for you: read each command before you run
        it.
      </p>
      <ol className="flex list-decimal flex-col gap-4 pl-6" aria-label="Post-install steps">
        {option.postInstall.map((step, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the listing's steps are fixed and in its order; two may read alike.
          <li key={`${i}:${step.description}`} className="flex flex-col gap-2">
            <p className="leading-7 break-words">
              {step.description} {step.optional && <Badge>optional</Badge>}
            </p>
            {step.command && <CodeBlock code={step.command} what={`the command of step ${i + 1}`} title="Command to run yourself" />}
            {step.documentation && isPage(step.documentation) && (
              <a
                href={step.documentation}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="self-start font-medium break-all text-blue-700 underline underline-offset-2 dark:text-blue-400"
              >
                Setup documentation
                <span className="sr-only"> for step {i + 1} (opens in a new tab)</span>
              </a>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
