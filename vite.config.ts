import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { cloudflare } from '@cloudflare/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// Local state (D1, KV) lives in .wrangler/state unless CATALOGUE_STATE names another folder
// (the browser tests and the benchmark keep their own databases).
const state = resolve(process.env.CATALOGUE_STATE ?? '.wrangler/state')
// The build goes to dist/ unless CATALOGUE_DIST names another folder (the benchmark's own build).
const outDir = resolve(process.env.CATALOGUE_DIST ?? 'dist')

/**
 * The font the Worker draws link-preview images with (worker/lib/render/og/render.ts reads it from these
 * paths through the asset binding): Inter's WOFF files from @fontsource/inter, put beside the
 * SPA's assets under fixed names. A static asset rather than part of the Worker, because neither
 * wrangler's bundler nor the Vite plugin imports a font file as bytes.
 */
function previewFonts(): Plugin {
  const files = ['inter-latin-400-normal.woff', 'inter-latin-700-normal.woff']
  const require = createRequire(import.meta.url)
  return {
    name: 'preview-fonts',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      for (const file of files) {
        this.emitFile({
          type: 'asset',
          fileName: `assets/og/${file}`,
          source: readFileSync(require.resolve(`@fontsource/inter/files/${file}`)),
        })
      }
    },
  }
}

// One build: the SPA (web/) as static assets and the Worker (worker/index.ts) beside it.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), previewFonts(), cloudflare({ configPath: '../wrangler.toml', persistState: { path: state } })],
  // `@shared/...` (worker/shared/), for the SPA and the Worker alike, as tsconfig.base.json's paths say.
  resolve: { tsconfigPaths: true },
  build: {
    outDir,
    emptyOutDir: true,
  },
  preview: { host: '127.0.0.1' },
})
