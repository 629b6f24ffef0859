import { and, eq, inArray, isNull, max, or, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { proGrants, subscriptions } from '../db/schema.js';
import type { PaidState, PaidStateCache } from './paid-state-cache.js';

export const ENTITLED_STATUSES = ['active', 'trialing'] as const;

/**
 * Pro is derived from what the server stored from the provider (active or trialing, period not
 * over), or from a grant by an admin.
 */
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
      // Pro an admin granted (admin/pro-grants.ts) holds until an admin removes it.
      granted: sql<boolean>`exists (select 1 from ${proGrants} where ${proGrants.userId} = ${userId} and ${proGrants.removedAt} is null)`,
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
  if (row?.granted === true) return { isPaid: true, paidUntil: null };
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
