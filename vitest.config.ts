import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files of one worker share one app and database (startTestApp in test/harness.ts).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/src/**/*.test.ts'],
          globalSetup: ['e2e/src/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll's own default (1 s) is shorter than a debounced search (800 ms) plus its request
          // on a loaded CI machine: a poll waits up to 10 s, and still fails if the page never gets there.
          expect: { poll: { timeout: 10_000 } },
          // Files share the one server global-setup starts but nothing else: each registers its own
          // tenants and runs its own Chromium. Two at a time keep a 2-core machine busy, not swamped.
          maxWorkers: 2,
        },
      },
    ],
  },
});
