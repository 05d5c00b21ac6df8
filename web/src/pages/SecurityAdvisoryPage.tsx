import { ShieldAlert } from 'lucide-react'
import { BackToCatalogue } from '../components/BackToCatalogue'
import { ScanStatsSection } from '../components/scan/ScanStatsSection'
import { SupplyStatsSection } from '../components/supply/SupplyStatsSection'
import { Card } from '../components/ui/Card'
import { useDocumentMeta } from '../hooks/useDocumentMeta'

/** The scan's figures, as published. */
const SCAN = {
  analysed: '1,227',
  updatedInWindow: 193,
  windowStart: '2025-09-14',
  windowEnd: '2025-09-23',
  bands: [
    {
      level: 'High',
      count: 28,
      range: '10 or more',
      tone: 'border-red-300 bg-red-50 text-red-950 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100',
    },
    {
      level: 'Medium',
      count: 227,
      range: '5 to 9',
      tone: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100',
    },
    {
      level: 'Low',
      count: 380,
      range: '1 to 4',
      tone: 'border-zinc-300 bg-zinc-50 text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
    },
  ],
}

const FAQ = [
  {
    q: 'Is a server with a High score compromised?',
    a: 'Not necessarily. A score counts warning signs; it does not prove anything. A High score means the package deserves a careful look before you install or update it, nothing more.',
  },
  {
    q: 'Is a server with no score safe?',
    a: 'A score of zero means the scan found none of the indicators it looks for. It is not a guarantee: review what you install, and keep versions pinned.',
  },
  {
    q: 'Why does an update inside the window matter?',
    a: 'Packages that published new versions between 2025-09-14 and 2025-09-23 may have been released while the attack was active, possibly from a stolen maintainer token. Those releases are the ones to check first.',
  },
  {
    q: 'Does the catalogue remove flagged servers?',
    a: 'No. The catalogue lists what maintainers publish and does not host their code. The advisory helps you decide; maintainers can respond by publishing a clean, verifiable release.',
  },
  {
    q: 'I maintain a flagged package. What should I do?',
    a: 'Follow the guidance for developers below, publish a new release from a clean environment, and describe what you checked in your repository so users can see it.',
  },
]

const REFERENCES = [
  {
    label: 'CISA: Widespread Supply Chain Compromise Impacting npm Ecosystem',
    href: 'https://www.cisa.gov/news-events/alerts/2025/09/23/widespread-supply-chain-compromise-impacting-npm-ecosystem',
  },
  { label: 'npm Docs: Trusted publishing for npm packages', href: 'https://docs.npmjs.com/trusted-publishers' },
  { label: 'npm Docs: Generating provenance statements', href: 'https://docs.npmjs.com/generating-provenance-statements' },
  {
    label: 'Model Context Protocol: Security best practices',
    href: 'https://modelcontextprotocol.io/specification/draft/basic/security_best_practices',
  },
]

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 flex flex-col gap-3 leading-7 text-zinc-800 dark:text-zinc-200">{children}</div>
    </section>
  )
}

/**
 * /security/mcp-supply-chain: the advisory about the npm supply-chain scan (its text and figures
 * as published), then the live figures of the catalogue's own watch of package versions and of
 * its scan of tool descriptions.
 */
export default function SecurityAdvisoryPage() {
  useDocumentMeta(
    'Security advisory: npm supply-chain scan of MCP servers',
    'Results of an independent scan of the npm packages behind MCP servers after the September 2025 supply-chain attack: 1,227 analysed, 28 High, 227 Medium, 380 Low.',
  )
  return (
    <article className="container-page max-w-3xl py-8">
      <BackToCatalogue />
      <header className="mt-4">
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-amber-800 dark:text-amber-300">
          <ShieldAlert className="size-4" aria-hidden="true" />
          Security advisory
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">npm supply-chain scan of MCP servers</h1>
        <p className="mt-3 text-lg leading-8 text-zinc-700 dark:text-zinc-300">
          In September 2025 a wave of attacks on the npm registry published malicious versions of popular packages from hijacked maintainer
          accounts. Many MCP servers are installed with <code className="font-mono">npx</code> straight from npm, so an independent scan
          checked the npm packages behind the servers in this catalogue for signs of that attack.
        </p>
      </header>

      <Section id="scan" title="The scan">
        <p>
          The scan analysed <strong>{SCAN.analysed}</strong> npm packages used by listed MCP servers. Of these,{' '}
          <strong>{SCAN.updatedInWindow}</strong> published a new version within the attack window, from{' '}
          <time dateTime={SCAN.windowStart}>{SCAN.windowStart}</time> to <time dateTime={SCAN.windowEnd}>{SCAN.windowEnd}</time>.
        </p>
        <p>Every package received a risk score. The packages with a score above zero fall into three bands:</p>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {SCAN.bands.map((b) => (
            <li key={b.level} className={`rounded-lg border p-4 ${b.tone}`}>
              <p className="text-sm font-medium">{b.level}</p>
              <p className="text-3xl font-bold tabular-nums">{b.count}</p>
              <p className="text-sm">score {b.range}</p>
            </li>
          ))}
        </ul>
        <p>The remaining 592 packages showed none of the indicators.</p>
      </Section>

      <Section id="scoring" title="How the score works">
        <p>
          The score starts at zero and adds <strong>+1 for each indicator</strong> found in a package: for example a release inside the
          attack window, install-time scripts (<code className="font-mono">preinstall</code>, <code className="font-mono">postinstall</code>
          ), newly added obfuscated code, code that reads credentials or environment secrets and sends them over the network, or a change in
          who publishes the package.
        </p>
        <p>
          A score of 10 or more is <strong>High</strong>, 5 to 9 is <strong>Medium</strong>, and 1 to 4 is <strong>Low</strong>.
        </p>
        <Card className="p-4">
          <p className="font-medium">A score is not proof of compromise.</p>
          <p className="mt-1 text-zinc-700 dark:text-zinc-300">
            Many legitimate packages use install scripts, ship minified code or were simply updated during those days. The score tells you
            where to look first, not what you will find.
          </p>
        </Card>
      </Section>

      <SupplyStatsSection />

      <ScanStatsSection />

      <Section id="users" title="Guidance for users">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Check the packages of the MCP servers you run, starting with any you installed or updated between 2025-09-14 and 2025-09-23.
          </li>
          <li>
            Pin exact versions in your client configuration (for example <code className="font-mono">package@1.2.3</code>) instead of always
            running the latest release.
          </li>
          <li>Prefer releases with npm provenance, and servers whose repository and package clearly belong to the same maintainer.</li>
          <li>
            If you ran a suspicious version, rotate the credentials it could reach: npm and GitHub tokens, cloud keys and API keys in your
            environment.
          </li>
          <li>Give each server only the credentials and access it needs, and remove servers you no longer use.</li>
        </ul>
      </Section>

      <Section id="developers" title="Guidance for developers">
        <ul className="list-disc space-y-2 pl-6">
          <li>Turn on two-factor authentication for npm and GitHub, and revoke tokens you do not need.</li>
          <li>Publish from CI with trusted publishing and provenance rather than from a personal machine with a long-lived token.</li>
          <li>Review every release published in the attack window; if in doubt, deprecate it and publish a clean version.</li>
          <li>Avoid install-time scripts unless the package cannot work without them.</li>
          <li>Lock and review your own dependencies, and say in your README what you checked, so users can trust the next release.</li>
        </ul>
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <dl className="flex flex-col gap-4">
          {FAQ.map((item) => (
            <div key={item.q}>
              <dt className="font-semibold">{item.q}</dt>
              <dd className="mt-1 text-zinc-700 dark:text-zinc-300">{item.a}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="references" title="References">
        <ul className="list-disc space-y-2 pl-6">
          {REFERENCES.map((r) => (
            <li key={r.href}>
              <a
                href={r.href}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded text-blue-700 underline underline-offset-2 dark:text-blue-400"
              >
                {r.label}
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="disclaimer" title="Disclaimer">
        <p className="text-zinc-700 dark:text-zinc-300">
          This advisory summarises an independent, automated scan and is provided for information only, without warranty of any kind. It
          does not state that any package or maintainer is malicious. The catalogue does not host, build or verify the packages it lists;
          you are responsible for reviewing the software you install. Maintainers who believe a result is wrong are welcome to publish a
          verifiable release and tell us.
        </p>
      </Section>
    </article>
  )
}
