import { readdir } from 'node:fs/promises';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';

async function entriesOf(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * What the target's files already hold, read without changing anything: the embedded database's
 * folder and the local audio folder must be missing or empty.
 */
export async function describeTargetFiles(config: Config): Promise<string[]> {
  const found: string[] = [];
  if (config.database.kind === 'pglite' && (await entriesOf(config.database.directory)).length > 0)
    found.push(`the embedded database folder ${config.database.directory} is not empty`);
  if (config.storage.kind === 'local') {
    const files = await entriesOf(config.storage.directory);
    if (files.length > 0)
      found.push(`the audio folder ${config.storage.directory} holds ${files.length} file(s)`);
  }
  return found;
}

/** A PostgreSQL target must be a new database: no tables in any schema of its own. */
export async function describeTargetDatabase(database: DatabaseHandle): Promise<string[]> {
  if (database.driver.kind !== 'postgres') return [];
  const { rows } = await database.driver.pool.query<{ schema: string; tables: string }>(
    `SELECT schemaname AS schema, count(*)::text AS tables FROM pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema') GROUP BY schemaname ORDER BY 1`,
  );
  return rows.map(
    (row) => `the database already has ${row.tables} table(s) in schema "${row.schema}"`,
  );
}
