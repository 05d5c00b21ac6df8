import { resolve } from 'node:path'
import { cloudflare } from '@cloudflare/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Local state (D1, KV) lives in .wrangler/state unless CATALOGUE_STATE names another folder
// (the browser tests and the benchmark keep their own databases).
const state = resolve(process.env.CATALOGUE_STATE ?? '.wrangler/state')
// The build goes to dist/ unless CATALOGUE_DIST names another folder (the benchmark's own build).
const outDir = resolve(process.env.CATALOGUE_DIST ?? 'dist')

// One build: the SPA (web/) as static assets and the Worker (worker/index.ts) beside it.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), cloudflare({ configPath: '../wrangler.toml', persistState: { path: state } })],
  build: {
    outDir,
    emptyOutDir: true,
  },
  preview: { host: '127.0.0.1' },
})
