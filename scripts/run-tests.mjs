#!/usr/bin/env node
// Runs every test (unit, integration, e2e) with Vitest and ends with one plain summary line.
// Every run covers both databases: PGlite, and a PostgreSQL server of the run's own (or the one
// TEST_POSTGRES_URL names). A run that cannot start PostgreSQL fails and says why.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { startPrivatePostgres } from './private-postgres.mjs';

const log = (message) => process.stdout.write(`[sonoscript] ${message}\n`);

let postgres;
let postgresUrl = process.env.TEST_POSTGRES_URL;
if (!postgresUrl) {
  try {
    postgres = await startPrivatePostgres();
    postgresUrl = postgres.url;
    log(`PostgreSQL for this run: port ${postgres.port} (${postgres.directory})`);
  } catch (error) {
    log(`Could not start a PostgreSQL server for the tests: ${error.message}`);
    process.stdout.write('Tests: 0 passed, 1 failed\n');
    process.exit(1);
  }
}

const report = 'test-results/vitest.json';
mkdirSync('test-results', { recursive: true });
rmSync(report, { force: true });
let result;
try {
  result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...process.argv.slice(2),
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'test', TEST_POSTGRES_URL: postgresUrl },
    },
  );
} finally {
  postgres?.remove();
}
if (!existsSync(report)) {
  process.stdout.write('Tests: 0 passed, 1 failed\n');
  process.exit(result.status || 1);
}
const summary = JSON.parse(readFileSync(report, 'utf8'));
const tests = summary.testResults.flatMap((file) => file.assertionResults);
const ranOn = (pattern) =>
  tests.filter((test) => test.status === 'passed' && pattern.test(test.fullName)).length;
log(
  `Ran on PostgreSQL: ${ranOn(/postgres/i)} tests; on PGlite: ${ranOn(/pglite/i)} tests (by test name)`,
);
const failed =
  summary.numFailedTests +
  (summary.numFailedTestSuites > 0 && summary.numFailedTests === 0 ? 1 : 0);
process.stdout.write(`\nTests: ${summary.numPassedTests} passed, ${failed} failed\n`);
process.exit(result.status ?? 1);
