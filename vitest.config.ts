import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit and integration files run two at a time even on 2 cores (Vitest's default there is one):
 * most of an integration file's time is spent waiting on child processes, sockets and job polls,
 * which another file's work fills. TEST_MAX_WORKERS overrides it.
 */
const maxWorkers = Number(process.env.TEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          maxWorkers,
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          maxWorkers,
          include: ['tests/integration/**/*.test.ts'],
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
          fileParallelism: false,
        },
      },
    ],
  },
});
