import type { Plan } from '../../core/plans.js';
import type { Database } from '../db/database.js';
import type { ExecuteSql } from '../db/raw-transaction.js';
import { USER_LOCK_SQL, userLockKey } from '../db/user-lock.js';
import { AppError } from '../errors/app-error.js';
import { monthlyLimitMessage, storageLimitMessage } from './quota-messages.js';
import { usageStatements } from './usage.js';

/** The one number a raw aggregate query returns (its column has no stable name). */
function firstValue(rows: unknown[]): number {
  const row = rows[0];
  return row && typeof row === 'object' ? Number(Object.values(row)[0] ?? 0) : 0;
}

/**
 * Serialises a user's quota checks inside the caller's transaction, so two parallel requests
 * cannot both pass the check before either counts.
 */
export async function lockUserQuota(executeSql: ExecuteSql, userId: string): Promise<void> {
  await executeSql(USER_LOCK_SQL, [userLockKey(userId)]);
}

/** Refuses when the plan's transcriptions for this calendar month (UTC) are used up. */
export async function assertMonthlyQuota(
  executeSql: ExecuteSql,
  db: Database,
  plan: Plan,
  userId: string,
): Promise<void> {
  const limit = plan.limits.transcriptionsPerMonth;
  if (limit === null) return;
  const { monthCount } = usageStatements(db, userId, new Date());
  const { rows } = await executeSql(monthCount.sql, monthCount.params);
  if (firstValue(rows) >= limit) throw new AppError('forbidden', monthlyLimitMessage(plan));
}

/** Refuses when `addedBytes` more audio would not fit in the plan's storage. */
export async function assertStorageQuota(
  executeSql: ExecuteSql,
  db: Database,
  plan: Plan,
  userId: string,
  addedBytes: number,
): Promise<void> {
  const { storage } = usageStatements(db, userId, new Date());
  const { rows } = await executeSql(storage.sql, storage.params);
  if (firstValue(rows) + addedBytes > plan.limits.storageBytes)
    throw new AppError('forbidden', storageLimitMessage(plan));
}

/** One more transcription in the month's ledger (kept when the transcript is deleted). */
export async function countTranscription(
  executeSql: ExecuteSql,
  db: Database,
  userId: string,
  at: Date,
): Promise<void> {
  const { countOne } = usageStatements(db, userId, at);
  await executeSql(countOne.sql, countOne.params);
}
