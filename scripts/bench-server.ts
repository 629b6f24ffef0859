// The built server (`npm run build` first) in a process of its own on a free port, with a
// database of its own, for the benchmarks that measure it as deployed.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../src/server/db/database.js';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function freePort(): Promise<number> {
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

export interface BenchServer {
  pid: number;
  /** Whether the process ended without being asked to. */
  crashed: () => boolean;
  /** The server's output so far. */
  log: () => string;
  stop: () => Promise<void>;
}

/** Starts `dist/server/main.js` in `directory`; resolves once `/api/health` answers. */
export async function startServer(
  directory: string,
  env: Record<string, string>,
  baseUrl: string,
): Promise<BenchServer> {
  let log = '';
  let stopping = false;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: directory,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const server: BenchServer = {
    pid: child.pid ?? 0,
    crashed: () => ended() && !stopping,
    log: () => log,
    stop: async () => {
      stopping = true;
      if (ended()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (ended()) throw new Error(`the server exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** PGlite in `dataDir`, or a new PostgreSQL database that `drop` removes again. */
export async function databaseFor(
  kind: string,
  dataDir: string,
): Promise<{ target: DatabaseTarget; env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    return {
      target: { kind: 'pglite' as const, directory: path.join(dataDir, 'db') },
      env: {},
      drop: async () => {},
    };
  }
  const name = `sonoscript_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres' as const, url: url.toString() },
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
