import { defineConfig } from 'vitest/config'

// Browser tests: Node drives Chromium against the built app (see test/e2e/global-setup.ts).
export default defineConfig({
  // `@shared/...`, as tsconfig.base.json's paths say (what vite.config.ts resolves for the build).
  resolve: { tsconfigPaths: true },
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['./test/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One app and one database for all files: run files one at a time so state is predictable.
    fileParallelism: false,
  },
})
