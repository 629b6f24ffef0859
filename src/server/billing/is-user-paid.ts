import { and, eq, inArray, isNull, max, or, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { subscriptions } from '../db/schema.js';
import type { PaidState, PaidStateCache } from './paid-state-cache.js';

export const ENTITLED_STATUSES = ['active', 'trialing'] as const;

/** Pro is derived from what the server stored from the provider: active or trialing, period not over. */
export async function readPaidState(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<PaidState> {
  const rows = await db
    .select({
      entitled: sql<number>`count(*)`.mapWith(Number),
      endless:
        sql<number>`count(*) filter (where ${subscriptions.currentPeriodEnd} is null)`.mapWith(
          Number,
        ),
      lastEnd: max(subscriptions.currentPeriodEnd),
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...ENTITLED_STATUSES]),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
      ),
    );
  const row = rows[0];
  if (!row || row.entitled === 0) return { isPaid: false, paidUntil: null };
  return { isPaid: true, paidUntil: row.endless > 0 ? null : (row.lastEnd ?? null) };
}

export async function isUserPaid(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<boolean> {
  return (await readPaidState(db, userId, now)).isPaid;
}

/** `isUserPaid` answered from memory when this process read it recently (see paid-state-cache.ts). */
export async function isUserPaidCached(
  db: Database,
  cache: PaidStateCache,
  userId: string,
): Promise<boolean> {
  const cached = cache.get(userId);
  if (cached !== undefined) return cached;
  const generation = cache.generation();
  const state = await readPaidState(db, userId);
  cache.remember(userId, state, generation);
  return state.isPaid;
}
