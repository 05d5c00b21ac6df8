/**
 * The Node entry (`@mcp-catalogue/mcp-client/node`): everything of the Worker's entry, and the probe
 * over stdio, which spawns a process and so runs on Node only (the probe runner, scripts). The
 * Worker never imports this entry.
 */
export * from './index'
export { meaningfulLine, type ProbeStdioOptions, probeStdio, wantedVariable } from './stdio'
