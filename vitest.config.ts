import { defineConfig } from 'vitest/config'

// a warning of node-postgres (a statement name Postgres cuts short) fails the test it appeared in
const DRIVER_WARNINGS = './tests/setup/driver-warnings.ts'

// the picture queue's encoder runs at the lowest CPU priority in a shop; here the suite's own
// workers keep both cores busy, and at nice 19 it would get almost none (server/modules/images/encoder.ts)
process.env.IMAGE_ENCODER_NICE ??= '0'

export default defineConfig({
  test: {
    // vitest's default is one worker per core less one: a single worker on a 2-core machine. Most API
    // test time is spent waiting on Postgres, argon2 threads and child processes, so 3 workers
    // keep both cores busy.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        // the PWA's unit tests run through the app's own Vite config (router plugin, Lingui macro)
        extends: './vite.config.ts',
        // a form typed into by user-event in jsdom takes seconds on a busy 2-core machine: 5 s was too tight
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 15_000 },
      },
      {
        // pages drawn on the server (src/entry-server.tsx), in Node as the server runs them, against a test shop's API
        extends: './vite.config.ts',
        test: { name: 'ssr', include: ['tests/ssr/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        test: { name: 'node', include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node', setupFiles: [DRIVER_WARNINGS] },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          setupFiles: [DRIVER_WARNINGS],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // the scale-out test (decision 78): four processes of its own and 200 shoppers; `npm test` runs it alone, after the others
        test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], environment: 'node', setupFiles: [DRIVER_WARNINGS], testTimeout: 60_000, hookTimeout: 180_000 },
      },
    ],
  },
})
