import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema.js';
import { lockDatabaseDirectory } from './pglite-lock.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  { kind: 'pglite'; directory: string } | { kind: 'postgres'; url: string };

export interface DatabaseHandle {
  kind: DatabaseTarget['kind'];
  db: Database;
  /** The raw connection, for pg-boss. */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string };
  /** Runs the migrations of `migrationsFolder` (default: this version's) not yet applied. */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /**
   * Told when an idle PostgreSQL connection breaks (the server restarted or went away). The pool
   * drops that connection and opens a new one when the server answers again; without a listener
   * the error would end the process.
   */
  onConnectionLost?: (error: Error) => void;
}

export async function openDatabase(
  target: DatabaseTarget,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    const unlock = lockDatabaseDirectory(target.directory);
    try {
      const client = await PGlite.create(target.directory);
      const db = drizzlePglite(client, { schema }) as unknown as Database;
      return {
        kind: 'pglite',
        db,
        driver: { kind: 'pglite', client },
        migrate: (migrationsFolder = MIGRATIONS_FOLDER) =>
          migratePglite(drizzlePglite(client), { migrationsFolder }),
        close: async () => {
          await client.close();
          unlock();
        },
      };
    } catch (error) {
      unlock();
      throw error;
    }
  }

  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    // A database that does not answer fails the request (503) instead of holding it open.
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', (error) => options.onConnectionLost?.(error));
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  const migrationsSchema = 'drizzle';
  return {
    kind: 'postgres',
    db,
    driver: { kind: 'postgres', pool, url: target.url },
    migrate: async (migrationsFolder = MIGRATIONS_FOLDER) => {
      // API and worker processes may start together: one migrates while the others wait.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock(hashtext($1))', [migrationsSchema]);
        await migratePostgres(drizzlePostgres(pool), {
          migrationsFolder,
          migrationsSchema,
        });
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock(hashtext($1))', [migrationsSchema]);
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The database connections of this process, for /metrics (PGlite is one connection, always). */
export function poolConnections(database: DatabaseHandle): {
  total: number;
  idle: number;
  waiting: number;
} {
  if (database.driver.kind === 'pglite') return { total: 1, idle: 0, waiting: 0 };
  const { pool } = database.driver;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
