import type { DatabaseHandle } from './database.js';

export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Runs statements on one connection inside one transaction, whatever the driver. Used where two
 * libraries (our rows and the job queue's) must commit together.
 */
export async function withRawTransaction<T>(
  database: DatabaseHandle,
  work: (executeSql: ExecuteSql) => Promise<T>,
): Promise<T> {
  const { driver } = database;
  if (driver.kind === 'pglite') {
    return driver.client.transaction((tx) =>
      work(async (text, values) => ({ rows: (await tx.query(text, values)).rows })),
    );
  }
  const client = await driver.pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(async (text, values) => ({
      rows: (await client.query(text, values)).rows,
    }));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
