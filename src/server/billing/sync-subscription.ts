import type { Database } from '../db/database.js';
import type { PaidStateChanges } from './paid-state-cache.js';
import { findCustomerByProviderId } from './billing-customer.repository.js';
import type { ProviderName, ProviderSubscription } from './providers/billing-provider.js';
import {
  findSubscriptionByProviderId,
  upsertSubscription,
  type SubscriptionRow,
} from './subscription.repository.js';

/**
 * Stores what the provider says about a subscription, whoever asked. The owner is the user we
 * already stored it for, or else the user whose provider customer it belongs to; a subscription
 * of nobody we know is ignored. With `onlyForUserId`, a subscription owned by anyone else is
 * left alone too, so a user can never attach another user's subscription to themselves.
 * Inside a transaction, tell `paidStates` again once it has committed: a read between the two
 * would remember the old plan.
 */
export async function syncSubscription(
  { db, paidStates }: { db: Database; paidStates: PaidStateChanges },
  provider: ProviderName,
  state: ProviderSubscription,
  options: { onlyForUserId?: string } = {},
): Promise<SubscriptionRow | null> {
  const stored = await findSubscriptionByProviderId(db, provider, state.id);
  const ownerId =
    stored?.userId ?? (await findCustomerByProviderId(db, provider, state.customerId))?.userId;
  if (ownerId === undefined) return null;
  if (options.onlyForUserId !== undefined && ownerId !== options.onlyForUserId) return null;
  const row = await upsertSubscription(db, ownerId, provider, state);
  await paidStates.changed(ownerId);
  return row;
}
