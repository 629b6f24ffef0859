import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import type { ExecuteSql } from '../db/raw-transaction.js';
import { accountDeletions } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

export const ACCOUNT_DELETED_MESSAGE = 'This account has been deleted. Nothing was saved.';

/**
 * Refuses new content for an account that is being (or has been) deleted. Runs under the user
 * lock (see db/user-lock.ts), so an upload that was in flight when the owner deleted the
 * account cannot leave a transcript behind.
 */
export async function assertAccountActive(
  executeSql: ExecuteSql,
  db: Database,
  userId: string,
): Promise<void> {
  const query = db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, userId))
    .toSQL();
  const { rows } = await executeSql(query.sql, query.params);
  if (rows.length > 0) throw new AppError('unauthenticated', ACCOUNT_DELETED_MESSAGE);
}
