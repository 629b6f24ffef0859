import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer } from '../../e2e/support/server.js';
import { TEST_POSTGRES_URL } from './databases.js';

export interface TwoApiProcesses {
  first: RunningServer;
  second: RunningServer;
  /** A client of their database, for what a test must see or change underneath them. */
  db: pg.Client;
  stop(): Promise<void>;
}

/**
 * Two API processes (no workers) sharing one PostgreSQL database of their own and one sign-in
 * secret, as behind a load balancer: a session made on one is valid on the other.
 */
export async function startTwoApiProcesses(
  env: Record<string, string> = {},
): Promise<TwoApiProcesses> {
  const databaseName = `sonoscript_two_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${databaseName}`;
  const shared = {
    DATABASE_URL: url.toString(),
    RUN_WORKERS: 'false',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...env,
  };
  const [first, second] = await Promise.all([startServer(shared), startServer(shared)]);
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return {
    first,
    second,
    db,
    async stop() {
      await db.end();
      await Promise.all([first.stop(), second.stop()]);
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
