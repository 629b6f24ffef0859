import pg from 'pg';

/** `npm test` starts a PostgreSQL server of the run's own and names it here. */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let postgresReady: Promise<void> | undefined;

/** Fails loudly when PostgreSQL does not answer: its half of the suite must never vanish. */
export function requirePostgres(): Promise<void> {
  postgresReady ??= (async () => {
    const client = new pg.Client({
      connectionString: TEST_POSTGRES_URL,
      connectionTimeoutMillis: 5000,
    });
    try {
      await client.connect();
      await client.query('SELECT 1');
    } catch (error) {
      throw new Error(
        `PostgreSQL does not answer at ${TEST_POSTGRES_URL} (${String(error)}). Run the tests with \`npm test\`, which starts a server of its own, or set TEST_POSTGRES_URL.`,
        { cause: error },
      );
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return postgresReady;
}

export type DatabaseKind = 'pglite' | 'postgres';

export async function databaseKinds(): Promise<DatabaseKind[]> {
  await requirePostgres();
  return ['pglite', 'postgres'];
}
