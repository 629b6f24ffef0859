import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { buildApp, type App, type AppDependencies } from '../../../src/server/app.js';
import type { SpeechEngineSupervisor } from '../../../src/server/speech/speech-engine-supervisor.js';
import { loadConfig, type Config } from '../../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/database.js';
import { TEST_POSTGRES_URL, type DatabaseKind } from './databases.js';
import { copyTemplate, pgliteTemplateDirectory } from './pglite-template.js';

export const TEST_BASE_URL = 'http://localhost:3000';
export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-better-auth';
/** The operator token for /api/health's details in test apps. */
export const TEST_HEALTH_TOKEN = 'test-health-token-for-operators';
/** Headers that show /api/health's operator details. */
export const OPERATOR = { authorization: `Bearer ${TEST_HEALTH_TOKEN}` };

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Each PostgreSQL test app gets a database of its own, created on the shared server. */
async function administer(run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

export interface TestApp extends App {
  config: Config;
  database: DatabaseHandle;
  dataDir: string;
  /** The app's log records, when created with `logger: true`. */
  logLines(): Array<{ level: number; msg: string } & Record<string, unknown>>;
  close(): Promise<void>;
}

/** The engine of an app started with RUN_WORKERS=true (one without workers has none). */
export function speechOf(app: App): SpeechEngineSupervisor {
  if (!app.speech) throw new Error('this app runs no speech: create it with RUN_WORKERS=true');
  return app.speech;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  signInAttemptsPerMinute?: number;
  /** `null` leaves BASE_URL unset, as a self-hoster who never set it runs the server. */
  baseUrl?: string | null;
  /** Points the Stripe SDK at a local fake Stripe. */
  stripeApi?: AppDependencies['stripeApi'];
  /** Keep the app's log (at LOG_LEVEL) for the test to read. */
  logger?: boolean;
  /** The recorder's live preview settings (a short idle time, say). */
  liveTranscription?: AppDependencies['liveTranscription'];
}

/** A real app on a fresh database of the given kind: a PGlite copy or a PostgreSQL schema. */
export async function createTestApp(
  kind: DatabaseKind,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-test-'));
  const databaseName = `sonoscript_test_${randomBytes(6).toString('hex')}`;
  const postgresUrl = withDatabase(TEST_POSTGRES_URL, databaseName);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(options.baseUrl === null ? {} : { BASE_URL: options.baseUrl ?? TEST_BASE_URL }),
    AUTH_SECRET: TEST_AUTH_SECRET,
    HEALTH_TOKEN: TEST_HEALTH_TOKEN,
    LOG_LEVEL: 'silent',
    // Speech (an engine and its workers) only where a test transcribes: it loads models and
    // takes memory. Without it, what needs an engine goes to worker processes through the queue.
    RUN_WORKERS: 'false',
    // No background download of the default whisper model from the internet; tests that want
    // one set WHISPER_MODEL and WHISPER_MODEL_BASE_URL (a local model server).
    WHISPER_MODEL: 'none',
    ...(kind === 'postgres' ? { DATABASE_URL: postgresUrl } : {}),
    ...options.env,
  });
  let database: DatabaseHandle;
  if (kind === 'pglite') {
    const directory = path.join(dataDir, 'db');
    copyTemplate(await pgliteTemplateDirectory(), directory);
    database = await openDatabase({ kind: 'pglite', directory });
  } else {
    await administer((client) => client.query(`CREATE DATABASE "${databaseName}"`));
    database = await openDatabase({ kind: 'postgres', url: postgresUrl });
  }
  await database.migrate();
  const logLines: Array<{ level: number; msg: string } & Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) logLines.push(JSON.parse(line) as (typeof logLines)[number]);
      }
      callback();
    },
  });
  const app = await buildApp({
    config: {
      ...config,
      database: kind === 'pglite' ? { kind, directory: path.join(dataDir, 'db') } : config.database,
    },
    database,
    logger: options.logger ?? false,
    logStream,
    signInAttemptsPerMinute: options.signInAttemptsPerMinute ?? 1000,
    stripeApi: options.stripeApi,
    liveTranscription: options.liveTranscription,
  });
  await app.server.ready();
  return {
    ...app,
    config,
    database,
    dataDir,
    logLines: () => logLines,
    async close() {
      await app.server.close();
      await database.close();
      if (kind === 'postgres') {
        await administer((client) =>
          client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`),
        );
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
