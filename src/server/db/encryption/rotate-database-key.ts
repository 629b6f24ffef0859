import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { openDatabase } from '../database.js';
import { DatabaseLockedError } from '../pglite-lock.js';
import { DatabaseKeyError, rewrapDatabaseKey } from './database-key.js';

export type DatabaseRotation = 'rewrapped' | 'already' | 'none' | 'in use';

/**
 * `npm run rotate-key`, its database part: the database key re-wrapped from `oldKey` to `newKey`
 * (one row; no value is re-encrypted). An embedded database held by a running server is left to
 * it: a server started with the new key and ENCRYPTION_PREVIOUS_KEY re-wraps it at its start.
 */
export async function rotateDatabaseKey(
  config: Pick<Config, 'database'>,
  oldKey: Buffer,
  newKey: Buffer,
  online: boolean,
): Promise<DatabaseRotation> {
  if (config.database.kind === 'pglite' && !existsSync(config.database.directory)) return 'none';
  let database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    if (online) return 'in use';
    throw new DatabaseKeyError(
      `${error.message} Stop the server before an offline rotation; nothing was changed.`,
    );
  }
  try {
    const table = await database.db.execute<{ exists: boolean }>(
      sql`SELECT to_regclass('encryption_keys') IS NOT NULL AS exists`,
    );
    if (!(table as unknown as { rows: { exists: boolean }[] }).rows[0]?.exists) return 'none';
    return await rewrapDatabaseKey(database.db, oldKey, newKey);
  } finally {
    await database.close();
  }
}
