import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { subscriptions } from '../db/schema.js';
import type { ProviderName, ProviderSubscription } from './providers/billing-provider.js';
import { ENDED_STATUSES } from './subscription-states.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function findSubscriptionByProviderId(
  db: Database,
  provider: ProviderName,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Newest first. */
export async function listSubscriptionsForUser(
  db: Database,
  userId: string,
  provider?: ProviderName,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      provider === undefined
        ? eq(subscriptions.userId, userId)
        : and(eq(subscriptions.userId, userId), eq(subscriptions.provider, provider)),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

export async function countEndedSubscriptionsForUser(
  db: Database,
  userId: string,
  provider: ProviderName,
): Promise<number> {
  const rows = await db
    .select({ value: count() })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, provider),
        inArray(subscriptions.status, [...ENDED_STATUSES]),
      ),
    );
  return rows[0]?.value ?? 0;
}

/** Writes the provider's absolute state for one subscription, creating the row the first time. */
export async function upsertSubscription(
  db: Database,
  userId: string,
  provider: ProviderName,
  state: ProviderSubscription,
): Promise<SubscriptionRow> {
  const values = {
    providerCustomerId: state.customerId,
    status: state.status,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    updatedAt: new Date(),
  };
  const rows = await db
    .insert(subscriptions)
    .values({ id: randomUUID(), userId, provider, providerSubscriptionId: state.id, ...values })
    .onConflictDoUpdate({
      target: [subscriptions.provider, subscriptions.providerSubscriptionId],
      set: values,
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error(`subscription ${state.id} was not stored`);
  return row;
}
