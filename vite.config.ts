import { cloudflare } from '@cloudflare/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// One build: the SPA (web/) as static assets and the Worker (worker/index.ts) beside it.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), cloudflare({ configPath: '../wrangler.toml', persistState: { path: '../.wrangler/state' } })],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    reportCompressedSize: true,
  },
})
