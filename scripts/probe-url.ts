/**
 * `tsx scripts/probe-url.ts [--url] URL [--sse]`: probes one remote MCP server with the Worker's own
 * probe (packages/mcp-client) and prints the outcome as JSON. A developer's tool, and the client
 * the official conformance suite drives (it appends the server's URL as the last argument), so
 * loopback is allowed; private addresses are still refused. Exits 0 whenever the probe ran,
 * whatever its status; 2 on a usage error.
 */
import { probeRemote } from '@mcp-catalogue/mcp-client'

const args = process.argv.slice(2)
const flag = args.indexOf('--url')
const url = flag >= 0 ? args[flag + 1] : args.filter((arg) => !arg.startsWith('--')).at(-1)
if (!url) {
  console.error('usage: probe-url.ts [--url] URL [--sse]')
  process.exit(2)
}
const outcome = await probeRemote({
  url,
  transport: args.includes('--sse') ? 'sse' : 'streamable-http',
  allowLoopback: true,
})
console.log(JSON.stringify(outcome, null, 2))
// A server may keep a stream open after the probe closed its side; the probe is over.
process.exit(0)
