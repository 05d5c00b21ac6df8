#!/usr/bin/env node
// The probe runner's command: `mcp-probe-runner [--once] [--batch N] ...` (src/main.ts says what
// each flag does). The runner and the MCP client it imports are TypeScript, read as written: tsx's
// loader is registered first, then the runner starts.
import { register } from 'tsx/esm/api'

register()
await import('../src/main.ts')
