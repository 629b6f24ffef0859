// The built server (`npm run build` first) in a process of its own on a free port, with a
// database of its own, for the benchmarks that measure it as deployed.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { Database, DatabaseTarget } from '../src/server/db/database.js';
import { transcriptions, type StoredSegment } from '../src/server/db/schema.js';
import { freePort } from './free-port.mjs';

export { freePort };

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A completed transcript written straight to the database (the server stopped meanwhile). */
export async function insertCompletedTranscript(
  db: Database,
  input: { userId: string; filename: string; segments: StoredSegment[]; text?: string },
): Promise<string> {
  const id = randomUUID();
  const { segments } = input;
  await db.insert(transcriptions).values({
    id,
    userId: input.userId,
    filename: input.filename,
    text: input.text ?? segments.map((segment) => segment.text).join(' '),
    segments,
    durationInSeconds: segments.at(-1)?.end ?? 60,
    fileSize: 1000,
    status: 'completed',
    progress: 100,
    language: 'en',
    engine: 'whisper',
    model: 'base.en',
    audioFormat: 'wav',
    audioKey: `${id}.wav`,
    completedAt: new Date(),
  });
  return id;
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
