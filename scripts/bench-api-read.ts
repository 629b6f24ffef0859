// Read throughput of the signed-in API beside a bare Fastify hello-world, in one run, on PGlite
// and on PostgreSQL: autocannon, 50 connections, RUN_WORKERS=false, LOG_LEVEL=warn. Rounds
// interleave the hello-world with every build's routes (3 s slices, 5 rounds by default) and each
// share is of the hello-world measured just before and after; the table gives medians. The CPU
// share compares the server process's CPU time per request, which this VM's drifting speed and
// the load generator sharing its cores disturb less than req/s.
// Usage: npm run bench:api-read [-- --duration 3 --rounds 5 --connections 50 --database pglite
//   --build before=/path/to/old/checkout]
// Each --build names a checkout with a built dist/ to measure beside this one (before/after).
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signUpOverHttp } from '../tests/fixtures/accounts/sign-up-over-http.js';
import { freePort } from './free-port.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    build: { type: 'string', multiple: true, default: [] },
    database: { type: 'string', multiple: true, default: ['pglite', 'postgres'] },
  },
});
const DURATION = Number(values.duration);
const ROUNDS = Number(values.rounds);
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

interface Route {
  label: string;
  url: string;
  headers: Record<string, string>;
}

interface RunningBuild {
  label: string;
  pid: number;
  routes: Route[];
  stop: () => Promise<void>;
}

async function startBuild(
  build: { label: string; directory: string },
  database: string,
): Promise<RunningBuild> {
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
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (database === 'postgres') {
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin.end();
    }
  };
  try {
    await waitFor(`${baseUrl}/api/health`, server.child, server.output);
    const signedIn = { cookie: await signUp(baseUrl) };
    const routes: Route[] = [
      { label: '`/api/auth/status` anonymous', url: `${baseUrl}/api/auth/status`, headers: {} },
      {
        label: '`/api/auth/status` signed in',
        url: `${baseUrl}/api/auth/status`,
        headers: signedIn,
      },
      { label: '`/api/auth/user`', url: `${baseUrl}/api/auth/user`, headers: signedIn },
      { label: '`/api/usage`', url: `${baseUrl}/api/usage`, headers: signedIn },
      {
        label: '`GET /api/transcriptions` (empty)',
        url: `${baseUrl}/api/transcriptions`,
        headers: signedIn,
      },
    ];
    // Warm-up (JIT, connection pools, caches), not recorded: otherwise the first slice pays for it.
    for (const route of routes) {
      await autocannon({
        url: route.url,
        connections: CONNECTIONS,
        duration: 2,
        headers: route.headers,
      });
    }
    return { label: build.label, pid: server.child.pid ?? 0, routes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const round = (value: number) => Math.round(value).toLocaleString('en-US');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

interface Slice extends Measure {
  /** This slice's req/s as a share of the hello-world measured just before and after it. */
  share: number;
  /** The hello-world's CPU per request over this route's, around the same moment. */
  cpuShare: number;
}

/**
 * Interleaved rounds: every round measures the hello-world, then each build's routes, then the
 * hello-world again, so each slice compares with the machine as it was within seconds (this VM's
 * speed drifts by half within a minute). The table gives each figure's median over the rounds.
 */
async function measureDatabase(database: string): Promise<void> {
  const hello = await startHelloWorld();
  const builds: RunningBuild[] = [];
  const slices = new Map<string, Slice[]>();
  const helloSlices: Measure[] = [];
  try {
    for (const build of BUILDS) builds.push(await startBuild(build, database));
    let helloBefore = await hello.measure();
    helloSlices.push(helloBefore);
    for (let index = 0; index < ROUNDS; index += 1) {
      for (const build of builds) {
        const measured: Array<[string, Measure]> = [];
        for (const route of build.routes) {
          measured.push([
            `${build.label}\t${route.label}`,
            await measure(route.label, route.url, build.pid, route.headers),
          ]);
        }
        const helloAfter = await hello.measure();
        helloSlices.push(helloAfter);
        const reference = (helloBefore.requestsPerSecond + helloAfter.requestsPerSecond) / 2;
        const cpuReference = (helloBefore.cpuMicrosPerRequest + helloAfter.cpuMicrosPerRequest) / 2;
        for (const [key, slice] of measured) {
          const list = slices.get(key) ?? [];
          list.push({
            ...slice,
            share: slice.requestsPerSecond / reference,
            cpuShare: cpuReference / slice.cpuMicrosPerRequest,
          });
          slices.set(key, list);
        }
        helloBefore = helloAfter;
      }
    }
  } finally {
    for (const build of builds) await build.stop();
    await hello.stop();
  }
  console.log(`\n### ${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}\n`);
  console.log(
    '| build | route | req/s | p99 (worst) | % of hello-world | server CPU per request | % of hello-world by CPU | failed |',
  );
  console.log('| ----- | ----- | ----- | ----------- | ---------------- | --- | --- | ------ |');
  const percent = (values: number[]) =>
    `${Math.round(100 * median(values))}% (${Math.round(100 * Math.min(...values))}-${Math.round(100 * Math.max(...values))}%)`;
  console.log(
    `| | bare Fastify hello-world | ${round(median(helloSlices.map((slice) => slice.requestsPerSecond)))} (${round(Math.min(...helloSlices.map((slice) => slice.requestsPerSecond)))}-${round(Math.max(...helloSlices.map((slice) => slice.requestsPerSecond)))}) | ${Math.max(...helloSlices.map((slice) => slice.p99))} ms | 100% | ${Math.round(median(helloSlices.map((slice) => slice.cpuMicrosPerRequest)))} µs | 100% | 0 |`,
  );
  for (const [key, list] of slices) {
    const [buildLabel, routeLabel] = key.split('\t');
    console.log(
      `| ${buildLabel} | ${routeLabel} | ${round(median(list.map((slice) => slice.requestsPerSecond)))} | ${Math.max(...list.map((slice) => slice.p99))} ms | ${percent(list.map((slice) => slice.share))} | ${Math.round(median(list.map((slice) => slice.cpuMicrosPerRequest)))} µs | ${percent(list.map((slice) => slice.cpuShare))} | ${list.reduce((sum, slice) => sum + slice.failures, 0)} |`,
    );
  }
}

console.log(
  `bench:api-read: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s per route, load average before: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
for (const database of values.database) await measureDatabase(database);
console.log(
  `\nload average after: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
