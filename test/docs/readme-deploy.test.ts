/**
 * The README's deploy steps work on a fresh account: everything wrangler.toml binds that must exist
 * before `wrangler deploy` accepts the configuration (the D1 database, each KV namespace, every
 * queue a producer or consumer names) is created by a command placed before the first deploy, under
 * the name wrangler.toml gives it; so are the migrations applied and the SPA built (the assets
 * folder is build output). Commands count wherever the steps show them: in a block or in a sentence.
 */
import { describe, expect, it } from 'vitest'
import { read } from './markdown'
import { type Command, commands, parseMarkdown, section } from './markdown-tables'
import { bindings, wrangler } from './wrangler-config'

const SECTION = 'Deploying to Cloudflare'

/** Every command a deploy needs first, with why: what wrangler.toml binds that does not make itself. */
function neededBeforeDeploy(): { command: string; why: string }[] {
  const config = wrangler()
  const needed: { command: string; why: string }[] = []
  const queues = new Set<string>()
  for (const b of bindings(config)) {
    if (b.kind === 'D1 database') {
      needed.push({ command: `wrangler d1 create ${b.resource}`, why: `the D1 database ${b.name}` })
      needed.push({ command: `wrangler d1 migrations apply ${b.name} --remote`, why: `${b.name}'s tables` })
    }
    if (b.kind === 'KV namespace') needed.push({ command: `wrangler kv namespace create ${b.name}`, why: `the KV namespace ${b.name}` })
    if (b.kind === 'queue producer' || b.kind === 'queue consumer') {
      if (b.resource) queues.add(b.resource)
      if (b.deadLetterQueue) queues.add(b.deadLetterQueue)
    }
    if (b.kind === 'static assets') needed.push({ command: 'npm run build', why: `the assets folder ${b.resource}` })
  }
  for (const queue of queues) needed.push({ command: `wrangler queues create ${queue}`, why: `the queue ${queue}` })
  return needed
}

/** Whether a command creates or does what `want` says (arguments may follow: `--location`, ...). */
const does = (c: Command, want: string) => c.command === want || c.command.startsWith(`${want} `)
const isDeploy = (c: Command) => /^wrangler deploy\b/.test(c.command) && !c.command.includes('--dry-run')

describe("the README's deploy steps", () => {
  const steps = commands(section(parseMarkdown(read('README.md')), SECTION))
  const firstDeploy = steps.findIndex(isDeploy)
  const needed = neededBeforeDeploy()

  it('deploy with wrangler', () => {
    expect(firstDeploy, steps.map((s) => s.command).join('\n')).toBeGreaterThanOrEqual(0)
  })

  it('create every resource wrangler.toml binds, apply the migrations and build, before the first deploy', () => {
    expect(needed.some((n) => n.command.startsWith('wrangler queues create'))).toBe(true)
    const late = needed
      .filter((n) => !steps.slice(0, firstDeploy).some((s) => does(s, n.command)))
      .map((n) => {
        const after = steps.find((s) => does(s, n.command))
        return `${n.why}: \`${n.command}\` ${after ? `only after the first deploy (README.md:${after.line})` : 'nowhere'}`
      })
    expect(late).toEqual([])
  })

  it('create nothing under a name wrangler.toml does not use', () => {
    const names = new Set(needed.map((n) => n.command))
    const creates = steps.filter((s) => /^wrangler (d1|kv namespace|queues) create\b/.test(s.command))
    const stray = creates.filter((s) => ![...names].some((n) => does(s, n))).map((s) => `README.md:${s.line} ${s.command}`)
    expect(stray).toEqual([])
  })
})
