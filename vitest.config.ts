import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: the server suites share them with PGlite's WebAssembly; more workers only add contention.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module graph per worker: the server suites build apps, never patch modules (no vi.mock), and every
          // module-level hook is per app and cleared on close, so re-importing the server for each file only cost time
          // (8 files, one worker: 295–310 s isolated, 141–174 s not; decision 035). TEST_ISOLATE=1 isolates each file
          // again, to tell a leak between files from a failure of the file itself.
          isolate: process.env.TEST_ISOLATE === '1',
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file in a VM context of its own (isolated, as the files mock modules) on one jsdom per worker: the
          // default pool made a jsdom per file, half of the web project's time (decision 054).
          pool: 'vmThreads',
          // A component test waits on user events and a fake server; under a loaded 2-core machine 5 s was too short
          // (four files timed out at load 9 while nothing was wrong), so the web project gets the margin 15 s gives.
          testTimeout: 15_000,
          setupFiles: ['./apps/web/src/test/vm-pool-setup.ts'],
        },
      },
    ],
  },
});
