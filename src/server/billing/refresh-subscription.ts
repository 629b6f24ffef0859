import type { BillingDeps } from './billing-deps.js';
import { findSubscriptionByProviderId } from './subscription.repository.js';
import { syncSubscription } from './sync-subscription.js';

/**
 * What the browser calls after paying. The body's claimed status is never read: the server asks
 * the provider and stores its answer, and only for the caller's own subscription.
 */
export async function refreshSubscription(
  { db, provider, paidStates }: BillingDeps,
  userId: string,
  subscriptionId: string,
): Promise<void> {
  const stored = await findSubscriptionByProviderId(db, provider.name, subscriptionId);
  if (stored && stored.userId !== userId) return;
  const fresh = await provider.retrieveSubscription(subscriptionId);
  if (!fresh) return;
  await syncSubscription({ db, paidStates }, provider.name, fresh, { onlyForUserId: userId });
}
