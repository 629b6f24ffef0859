// Whether answer times tell a taken address from a new one: sign-up (new vs taken) and sign-in
// (existing vs unknown address, both with a wrong password), interleaved, on PGlite, through the
// real app. Prints medians and the difference. Usage: npm run bench:sign-up-timing
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';

const ROUNDS = 30;
const ORIGIN = 'http://localhost:3000';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-bench-sign-up-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RUN_WORKERS: 'false',
  BASE_URL: ORIGIN,
  TRUST_PROXY: 'true',
});
const database = await openDatabase(config.database);
await database.migrate();
const { server } = await buildApp({
  config,
  database,
  logger: false,
  runWorkers: false,
  signInAttemptsPerMinute: 100_000,
});
await server.ready();

async function timed(url: string, payload: object, ip: string): Promise<number> {
  const started = performance.now();
  await server.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, 'x-forwarded-for': ip },
    payload,
  });
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const taken = 'taken@example.com';
const signUp = { password: 'some password', name: 'Someone' };
await timed('/api/identity/sign-up/email', { ...signUp, email: taken }, '10.0.0.1');
// One known account per round, so no per-account limit or slow-down enters the figures.
for (let round = 0; round < ROUNDS; round++)
  await timed(
    '/api/identity/sign-up/email',
    { ...signUp, email: `known-${round}@example.com` },
    '10.0.0.2',
  );
const results = {
  newSignUp: [] as number[],
  takenSignUp: [] as number[],
  knownSignIn: [] as number[],
  unknownSignIn: [] as number[],
};
for (let round = 0; round < ROUNDS; round++) {
  const ip = `10.1.0.${round + 1}`;
  results.newSignUp.push(
    await timed(
      '/api/identity/sign-up/email',
      { ...signUp, email: `new-${round}@example.com` },
      ip,
    ),
  );
  results.takenSignUp.push(
    await timed('/api/identity/sign-up/email', { ...signUp, email: taken }, ip),
  );
  results.knownSignIn.push(
    await timed(
      '/api/identity/sign-in/email',
      { email: `known-${round}@example.com`, password: 'wrong password' },
      ip,
    ),
  );
  results.unknownSignIn.push(
    await timed(
      '/api/identity/sign-in/email',
      { email: `nobody-${round}@example.com`, password: 'wrong password' },
      ip,
    ),
  );
}
const row = (label: string, a: number[], b: number[]) =>
  console.log(
    `${label.padEnd(44)} ${median(a).toFixed(1).padStart(7)} ms ${median(b).toFixed(1).padStart(7)} ms  difference ${(median(a) - median(b)).toFixed(1)} ms`,
  );
console.log(`medians of ${ROUNDS} interleaved rounds (PGlite, in-process requests)`);
row('sign-up: new address vs taken address', results.newSignUp, results.takenSignUp);
row('sign-in, wrong password: known vs unknown', results.knownSignIn, results.unknownSignIn);
await server.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
