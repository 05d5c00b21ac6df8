import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Browser tests that fire the every-minute cron: it probes due remotes, enrols and reads packages
 * for the supply-chain watch and grades listings across the whole shared catalogue, which the
 * other files read as their fixtures left it. They run after every other file.
 */
const FIRES_THE_CRON = ['test/e2e/grade-drop.test.ts']

class CronLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const fires = (f: TestSpecification) => FIRES_THE_CRON.some((path) => f.moduleId.endsWith(path))
    return [...sorted.filter((f) => !fires(f)), ...sorted.filter(fires)]
  }
}

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
    sequence: { sequencer: CronLast },
  },
})
