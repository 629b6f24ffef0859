import type { Database } from '../db/database.js';
import { isEntitled, isPayable } from './subscription-states.js';
import { listSubscriptionsForUser, type SubscriptionRow } from './subscription.repository.js';

export interface AccountSubscription {
  plan: 'free' | 'pro';
  subscription: {
    status: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
}

/** The subscription worth showing: the one that makes the user Pro, else one still owing, else the latest. */
export function pickRelevantSubscription(
  rows: SubscriptionRow[],
  now: Date = new Date(),
): SubscriptionRow | undefined {
  return (
    rows.find((row) => isEntitled(row, now)) ?? rows.find((row) => isPayable(row.status)) ?? rows[0]
  );
}

export async function readAccountSubscription(
  db: Database,
  userId: string,
): Promise<AccountSubscription> {
  const rows = await listSubscriptionsForUser(db, userId);
  const relevant = pickRelevantSubscription(rows);
  const plan = relevant && isEntitled(relevant) ? 'pro' : 'free';
  return {
    plan,
    subscription: relevant
      ? {
          status: relevant.status,
          currentPeriodEnd: relevant.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: relevant.cancelAtPeriodEnd,
        }
      : null,
  };
}
