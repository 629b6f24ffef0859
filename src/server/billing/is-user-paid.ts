import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { subscriptions } from '../db/schema.js';

export const ENTITLED_STATUSES = ['active', 'trialing'] as const;

/** Pro is derived from what the server stored from the provider: active or trialing, period not over. */
export async function isUserPaid(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...ENTITLED_STATUSES]),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
