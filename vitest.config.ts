import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files run two at a time even on 2 cores (Vitest's default there is one): most of an
 * integration or browser file's time is spent waiting on child processes, Chromium, sockets and
 * job polls, which another file's work fills. Set once for every project, so Vitest puts all three
 * in one pool instead of running the browser files one by one at the end.
 * TEST_MAX_WORKERS overrides it.
 */
const maxWorkers = Number(process.env.TEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers,
    // expect.poll waits what a person would wait for a page or a job to catch up. Vitest's 1 s
    // default failed CI twice on a loaded 2-core machine (a recovered recording offered after
    // the browser freed a crashed tab's lock); a bound this long is only reached when it fails.
    expect: { poll: { timeout: 20_000 } },
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          globalSetup: ['./tests/integration/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
