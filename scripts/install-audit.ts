/**
 * `tsx scripts/install-audit.ts`: how many of the bundled snapshot's servers get a wrong command,
 * before (every configuration ran `npx -y <first package>` with no arguments) and now (the
 * install generator's first option). Wrong: npx for a package that is not an npm one, or a
 * declared required argument left out. An option that honestly offers no command (an unknown
 * registry) is counted apart, since it tells the user rather than failing them.
 */
import { readFileSync } from 'node:fs'
import { type InstallOption, installPlan, placeholder } from '@shared/install'
import { entriesOf, mapRegistryEntry } from '../worker/lib/registry-entry'

type Pkg = Record<string, unknown>

const requiredArgs = (pkg: Pkg | undefined) =>
  ((pkg?.packageArguments ?? pkg?.package_arguments ?? []) as Pkg[]).filter((a) => (a.isRequired ?? a.is_required) !== false)

/** Whether the option's command line holds a declared argument, or the input asked in its place. */
function carries(line: string, arg: Pkg, option: InstallOption): boolean {
  const text = String(arg.value ?? arg.default ?? arg.name ?? '').trim()
  const m = /^(-{1,2}[^\s=]+)(?:[\s=]+([\s\S]+))?$/.exec(text)
  if (arg.type === 'named' && m && !line.includes(m[1])) return false
  const value = arg.type === 'named' ? m?.[2] : text
  if (!value || line.includes(value)) return true
  const env = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(value)?.[1]
  if (env) return line.includes(env)
  return option.inputs.some((i) => i.kind === 'argument' && line.includes(placeholder(i)))
}

const doc = JSON.parse(readFileSync('data/mcp-registry-seed-2025-05-16.json', 'utf8'))
const servers = entriesOf(doc).flatMap((e) => {
  const r = mapRegistryEntry(e)
  return r.ok ? [r.server] : []
})

const before = { wrong: 0, notNpm: 0, unknownRegistry: 0, droppedArgs: 0 }
const after = { wrong: 0, notNpm: 0, droppedArgs: 0, noCommand: 0, remoteFirst: 0 }
for (const s of servers) {
  const first = s.packages[0] as Pkg | undefined
  const type = String(first?.registry_type ?? first?.registryType ?? '')
  const notNpm = type !== 'npm'
  const dropped = requiredArgs(first).length > 0
  if (notNpm) before.notNpm++
  if (type === 'unknown' || !first) before.unknownRegistry++
  if (dropped) before.droppedArgs++
  if (notNpm || dropped) before.wrong++

  const plan = installPlan({ name: s.name, version: s.version, packages: s.packages, remotes: s.remotes })
  const option = plan.options[0]
  if (!option || option.unsupported) {
    after.noCommand++
    continue
  }
  if (option.kind === 'remote') {
    after.remoteFirst++
    continue
  }
  const pkg = s.packages[Number(option.id.split('-')[1]) - 1] as Pkg
  const line = [
    option.stdio!.command,
    ...option.stdio!.args.map((v) =>
      v.map((p) => (typeof p === 'string' ? p : placeholder(option.inputs.find((i) => i.id === p.input)!))).join(''),
    ),
  ].join(' ')
  const wrongRuntime = option.stdio!.command === 'npx' && option.registryType !== 'npm'
  const lost = requiredArgs(pkg).some((a) => !carries(line, a, option))
  if (wrongRuntime) after.notNpm++
  if (lost) after.droppedArgs++
  if (wrongRuntime || lost) after.wrong++
}

console.log(`${servers.length} servers in the snapshot (as imported)`)
console.log(
  `before: ${before.wrong} wrong commands (npx for a non-npm package: ${before.notNpm}, of which no known registry: ${before.unknownRegistry}; required arguments dropped: ${before.droppedArgs})`,
)
console.log(
  `after:  ${after.wrong} wrong commands (npx for a non-npm package: ${after.notNpm}; required arguments dropped: ${after.droppedArgs})`,
)
console.log(`        ${after.noCommand} say plainly that no command can be written; ${after.remoteFirst} start with a remote server`)
