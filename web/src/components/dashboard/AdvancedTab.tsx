import { Cloud, Gauge, KeyRound, Rocket } from 'lucide-react'
import { Badge } from '../ui/Badge'
import { Card } from '../ui/Card'

const ROADMAP = [
  { icon: Cloud, title: 'Cloud hosting', text: 'Run your MCP servers in the cloud without keeping a machine on.' },
  { icon: KeyRound, title: 'Managed secrets', text: 'Keep API keys out of configuration files; inject them at start.' },
  { icon: Gauge, title: 'Usage analytics', text: 'Requests, latency and errors per server and per client.' },
  { icon: Rocket, title: 'One-click deploys', text: 'Deploy from a repository and get an endpoint to paste into any client.' },
]

/** 'Coming Soon': marketing text only; nothing here calls the API. */
export function AdvancedTab() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <div className="flex items-center gap-2">
          <h2 className="text-lg font-semibold">Advanced features</h2>
          <Badge className="border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200">
            Coming Soon
          </Badge>
        </div>
        <p className="mt-1 max-w-3xl text-zinc-700 dark:text-zinc-300">
          We are building hosted MCP servers for teams that want their tools available everywhere, with the catalogue&apos;s configuration
          as the starting point. Here is what is on the roadmap.
        </p>
      </div>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {ROADMAP.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="flex h-full gap-3 p-4">
              <Icon className="mt-0.5 size-5 shrink-0 text-blue-700 dark:text-blue-400" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-zinc-700 dark:text-zinc-300">{text}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {/* Pricing is not announced yet: the card is kept in the page but hidden until it is. */}
      <Card className="p-4" hidden data-testid="pricing-card">
        <h3 className="font-semibold">Free tier</h3>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">1K requests a month, free.</p>
      </Card>
    </div>
  )
}
