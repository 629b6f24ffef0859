#!/usr/bin/env node
// Runs every test (unit, integration, e2e) with Vitest and ends with one plain summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const report = 'test-results/vitest.json';
mkdirSync('test-results', { recursive: true });
rmSync(report, { force: true });
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
if (!existsSync(report)) {
  process.stdout.write('Tests: 0 passed, 1 failed\n');
  process.exit(result.status || 1);
}
const summary = JSON.parse(readFileSync(report, 'utf8'));
const failed =
  summary.numFailedTests +
  (summary.numFailedTestSuites > 0 && summary.numFailedTests === 0 ? 1 : 0);
process.stdout.write(`\nTests: ${summary.numPassedTests} passed, ${failed} failed\n`);
process.exit(result.status ?? 1);
