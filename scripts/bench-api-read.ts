// Read throughput of the signed-in API beside a bare Fastify hello-world, in one run, on PGlite
// and on PostgreSQL: autocannon, 50 connections, 10 s per route, RUN_WORKERS=false, LOG_LEVEL=warn.
// Each build's shares are of the hello-world measured just before and after its routes; the CPU
// share compares the server process's CPU time per request, which this VM's drifting speed and
// the load generator sharing its cores disturb far less than req/s.
// Usage: npm run bench:api-read [-- --duration 10 --connections 50 --build before=/path/to/old/checkout]
// Each --build names a checkout with a built dist/ to measure beside this one (before/after).
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signUpOverHttp } from '../tests/fixtures/accounts/sign-up-over-http.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    build: { type: 'string', multiple: true, default: [] },
    database: { type: 'string', multiple: true, default: ['pglite', 'postgres'] },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const BUILDS = [
  ...values.build.map((spec) => {
    const [label = spec, directory = spec] = spec.split('=');
    return { label, directory: path.resolve(directory) };
  }),
  { label: 'this build', directory: ROOT },
];

interface Measure {
  label: string;
  requestsPerSecond: number;
  p99: number;
  failures: number;
  /** Microseconds of the server process's CPU (user + system) per answered request. */
  cpuMicrosPerRequest: number;
}

const CLOCK_TICKS_PER_SECOND = Number(
  spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100,
);

/** CPU seconds a process has used so far (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 400_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer:\n${output()}`);
}

function spawnNode(args: string[], env: Record<string, string>, cwd: string) {
  let log = '';
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, output: () => log, stop };
}

async function measure(
  label: string,
  url: string,
  serverPid: number,
  headers: Record<string, string> = {},
): Promise<Measure> {
  const cpuBefore = cpuSeconds(serverPid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const cpu = cpuSeconds(serverPid) - cpuBefore;
  return {
    label,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuMicrosPerRequest: (cpu * 1e6) / Math.max(1, result.requests.total),
  };
}

/**
 * A bare Fastify hello-world kept running beside the builds: measured just before and just after
 * each build's routes, so each share compares with the machine as it was at that moment (this
 * VM's speed drifts by a third over minutes).
 */
async function startHelloWorld() {
  const port = await freePort();
  const script = `import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const server = spawnNode(['--input-type=module', '-e', script], {}, ROOT);
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url, server.child, server.output);
  const pid = server.child.pid ?? 0;
  return { measure: () => measure('bare Fastify hello-world', url, pid), stop: server.stop };
}

async function signUp(baseUrl: string): Promise<string> {
  return (await signUpOverHttp(baseUrl, { name: 'Bench' })).cookie;
}

async function measureBuild(
  build: { label: string; directory: string },
  database: string,
): Promise<Measure[]> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-bench-api-'));
  const databaseName = `sonoscript_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    RUN_WORKERS: 'false',
    LOG_LEVEL: 'warn',
    WHISPER_MODEL: 'none',
  };
  if (database === 'postgres') {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${databaseName}"`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }
  const server = spawnNode(['dist/server/main.js'], env, build.directory);
  try {
    await waitFor(`${baseUrl}/api/health`, server.child, server.output);
    const cookie = await signUp(baseUrl);
    const signedIn = { cookie };
    // Warm-up (JIT, connection pools), not recorded: otherwise the first route pays for it.
    await autocannon({ url: `${baseUrl}/api/auth/status`, connections: CONNECTIONS, duration: 3 });
    await autocannon({
      url: `${baseUrl}/api/transcriptions`,
      connections: CONNECTIONS,
      duration: 3,
      headers: signedIn,
    });
    const pid = server.child.pid ?? 0;
    return [
      await measure('`/api/auth/status` anonymous', `${baseUrl}/api/auth/status`, pid),
      await measure('`/api/auth/status` signed in', `${baseUrl}/api/auth/status`, pid, signedIn),
      await measure('`/api/auth/user`', `${baseUrl}/api/auth/user`, pid, signedIn),
      await measure('`/api/usage`', `${baseUrl}/api/usage`, pid, signedIn),
      await measure(
        '`GET /api/transcriptions` (empty)',
        `${baseUrl}/api/transcriptions`,
        pid,
        signedIn,
      ),
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (database === 'postgres') {
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin.end();
    }
  }
}

const round = (value: number) => Math.round(value).toLocaleString('en-US');

console.log(
  `bench:api-read: ${CONNECTIONS} connections, ${DURATION} s per route, load average before: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
for (const database of values.database) {
  const hello = await startHelloWorld();
  console.log(`\n### ${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}\n`);
  console.log(
    '| build | route | req/s | p99 | % of hello-world | server CPU per request | % of hello-world by CPU | failed |',
  );
  console.log('| ----- | ----- | ----- | --- | ---------------- | --- | --- | ------ |');
  try {
    for (const build of BUILDS) {
      const helloBefore = await hello.measure();
      const rows = await measureBuild(build, database);
      const helloAfter = await hello.measure();
      const reference = (helloBefore.requestsPerSecond + helloAfter.requestsPerSecond) / 2;
      const cpuReference = (helloBefore.cpuMicrosPerRequest + helloAfter.cpuMicrosPerRequest) / 2;
      for (const row of [helloBefore, ...rows, helloAfter]) {
        const share = Math.round((100 * row.requestsPerSecond) / reference);
        const cpuShare = Math.round((100 * cpuReference) / row.cpuMicrosPerRequest);
        console.log(
          `| ${build.label} | ${row.label} | ${round(row.requestsPerSecond)} | ${row.p99} ms | ${share}% | ${Math.round(row.cpuMicrosPerRequest)} µs | ${cpuShare}% | ${row.failures} |`,
        );
      }
    }
  } finally {
    await hello.stop();
  }
}
console.log(
  `\nload average after: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
