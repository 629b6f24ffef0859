import { randomUUID } from 'node:crypto';
import type { Plan } from '../../core/plans.js';
import { eq, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/database.js';
import { withRawTransaction, type ExecuteSql } from '../db/raw-transaction.js';
import { livePreviewLeases } from '../db/schema.js';
import { USER_LOCK_SQL, userLockKey } from '../db/user-lock.js';
import { recordLivePreviewCharge } from '../quota/live-preview-charges.js';

/** A lease lasts this long unless renewed: a process that dies frees its places within it. */
export const LIVE_LEASE_SECONDS = 30;
/** Each open session renews its lease this often. */
export const LIVE_LEASE_RENEW_SECONDS = 10;

export interface LivePreviewPlaces {
  /** Sessions open at once across every API process. */
  maxSessions: number;
  /** Places only Pro sessions may take. */
  proReserved: number;
  sessionsPerAccount: number;
}

export type LiveAdmission =
  | { admitted: true; leaseId: string }
  | { admitted: false; reason: 'monthly-limit' | 'account-limit' | 'free-places-taken' | 'full' };

const PLACES_LOCK = 'live-preview-places';

/**
 * Admits a live preview or says why not, in one transaction: under the user's lock (the same
 * the uploads' quota check takes) and a lock on the places, expired leases go, the account's,
 * the Free plan's and everybody's open sessions are counted, and on a plan with a monthly
 * quota the preview is checked against it, counted as one transcription of the month and its
 * charge kept for the recording's upload to claim (the lease's id is the preview's id).
 */
export async function admitLivePreview(
  database: DatabaseHandle,
  input: { userId: string; plan: Plan; places: LivePreviewPlaces; now?: Date },
): Promise<LiveAdmission> {
  const { userId, plan, places } = input;
  const month = (input.now ?? new Date()).toISOString().slice(0, 7);
  return withRawTransaction(database, async (executeSql) => {
    await executeSql(USER_LOCK_SQL, [userLockKey(userId)]);
    await executeSql('SELECT pg_advisory_xact_lock(hashtext($1))', [PLACES_LOCK]);
    const monthlyLimit = plan.limits.transcriptionsPerMonth;
    if (monthlyLimit !== null && (await monthCount(executeSql, userId, month)) >= monthlyLimit) {
      return { admitted: false, reason: 'monthly-limit' };
    }
    await executeSql('DELETE FROM live_preview_leases WHERE expires_at <= now()');
    const { rows } = await executeSql(
      `SELECT count(*)::int AS total,
              (count(*) FILTER (WHERE plan = 'free'))::int AS free,
              (count(*) FILTER (WHERE user_id = $1))::int AS mine
         FROM live_preview_leases`,
      [userId],
    );
    const open = rows[0] as { total: number; free: number; mine: number };
    if (open.mine >= places.sessionsPerAccount) return { admitted: false, reason: 'account-limit' };
    if (open.total >= places.maxSessions) return { admitted: false, reason: 'full' };
    if (plan.id === 'free' && open.free >= places.maxSessions - places.proReserved) {
      return { admitted: false, reason: 'free-places-taken' };
    }
    const leaseId = randomUUID();
    if (monthlyLimit !== null) {
      await executeSql(
        `INSERT INTO monthly_transcription_counts (user_id, month, count) VALUES ($1, $2, 1)
         ON CONFLICT (user_id, month) DO UPDATE SET count = monthly_transcription_counts.count + 1`,
        [userId, month],
      );
      // The recording's upload claims this instead of being counted again.
      await recordLivePreviewCharge(executeSql, { previewId: leaseId, userId, month });
    }
    await executeSql(
      `INSERT INTO live_preview_leases (id, user_id, plan, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [leaseId, userId, plan.id, LIVE_LEASE_SECONDS],
    );
    return { admitted: true, leaseId };
  });
}

async function monthCount(executeSql: ExecuteSql, userId: string, month: string): Promise<number> {
  const { rows } = await executeSql(
    'SELECT count FROM monthly_transcription_counts WHERE user_id = $1 AND month = $2',
    [userId, month],
  );
  return Number((rows[0] as { count?: number } | undefined)?.count ?? 0);
}

/** Keeps a session's place; false when the lease was lost (it ran out while this process stalled). */
export async function renewLivePreviewLease(db: Database, leaseId: string): Promise<boolean> {
  const renewed = await db
    .update(livePreviewLeases)
    .set({ expiresAt: sql`now() + make_interval(secs => ${LIVE_LEASE_SECONDS})` })
    .where(eq(livePreviewLeases.id, leaseId))
    .returning({ id: livePreviewLeases.id });
  return renewed.length > 0;
}

export async function releaseLivePreviewLease(db: Database, leaseId: string): Promise<void> {
  await db.delete(livePreviewLeases).where(eq(livePreviewLeases.id, leaseId));
}
