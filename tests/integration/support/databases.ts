import pg from 'pg';

export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let postgresAvailable: Promise<boolean> | undefined;

/** The PostgreSQL server on these machines, when it answers; PGlite always. */
export function isPostgresAvailable(): Promise<boolean> {
  postgresAvailable ??= (async () => {
    const client = new pg.Client({
      connectionString: TEST_POSTGRES_URL,
      connectionTimeoutMillis: 2000,
    });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return postgresAvailable;
}

export type DatabaseKind = 'pglite' | 'postgres';

export async function databaseKinds(): Promise<DatabaseKind[]> {
  return (await isPostgresAvailable()) ? ['pglite', 'postgres'] : ['pglite'];
}
