import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  startServer,
  startWorker,
  type RunningServer,
  type WorkerProcess,
} from '../../e2e/support/server.js';
import { TEST_POSTGRES_URL } from './databases.js';
import { signUpOverHttp } from '../../fixtures/accounts/sign-up-over-http.js';

export interface ScaledDeployment {
  api: RunningServer;
  db: pg.Client;
  startWorker(): WorkerProcess;
  /** A signed-in free user. */
  signUp(): Promise<{ cookie: string; userId: string }>;
  /** A signed-in Pro user (whole files, so jobs run long enough to interrupt). */
  signUpPro(): Promise<{ cookie: string; userId: string }>;
  stop(): Promise<void>;
}

/**
 * The scaled-out shape: one API process without workers and separate worker processes, all on a
 * PostgreSQL database of their own, sharing the audio folder.
 */
export async function startScaledDeployment(
  options: { postgresUrl?: string } = {},
): Promise<ScaledDeployment> {
  const postgresUrl = options.postgresUrl ?? TEST_POSTGRES_URL;
  const databaseName = `sonoscript_scaled_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  // A test may restart the server under these clients; their queries fail then, not the run.
  admin.on('error', () => undefined);
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(postgresUrl);
  url.pathname = `/${databaseName}`;
  const shared = {
    DATABASE_URL: url.toString(),
    WORKER_CONCURRENCY: '1',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const api = await startServer({ ...shared, RUN_WORKERS: 'false' });
  const workerEnv = {
    ...shared,
    BASE_URL: api.baseUrl,
    AUDIO_DIR: `${api.dataDir}/audio`,
    DATA_DIR: api.dataDir,
  };
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  db.on('error', () => undefined);
  const workers: WorkerProcess[] = [];
  function signUp(): Promise<{ cookie: string; userId: string }> {
    return signUpOverHttp(api.baseUrl, { name: 'Scaled' });
  }

  return {
    api,
    db,
    startWorker() {
      const worker = startWorker(workerEnv);
      workers.push(worker);
      return worker;
    },
    signUp,
    async signUpPro() {
      const account = await signUp();
      await db.query(
        `INSERT INTO subscriptions (id, user_id, provider, provider_subscription_id, status, current_period_end)
         VALUES ($1, $2, 'test', $3, 'active', now() + interval '30 days')`,
        [randomUUID(), account.userId, `sub_${randomUUID()}`],
      );
      return account;
    },
    async stop() {
      await Promise.all(workers.map((worker) => worker.kill('SIGKILL')));
      await api.stop();
      await db.end();
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Every transcription job of one transcription, as pg-boss stored it. */
export async function jobsOf(db: pg.Client, transcriptionId: string) {
  const { rows } = await db.query<{ state: string; retry_count: number }>(
    `SELECT state, retry_count FROM pgboss.job WHERE name = 'transcription' AND singleton_key = $1`,
    [transcriptionId],
  );
  return rows;
}
