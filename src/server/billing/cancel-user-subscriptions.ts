import type { BillingDeps } from './billing-deps.js';
import { hasEnded } from './subscription-states.js';
import { listSubscriptionsForUser } from './subscription.repository.js';
import { syncSubscription } from './sync-subscription.js';

/** Ends every subscription of a user now (account deletion): nothing renews, nothing more is charged. */
export async function cancelUserSubscriptions(
  { db, provider, paidStates }: BillingDeps,
  userId: string,
): Promise<void> {
  const rows = await listSubscriptionsForUser(db, userId, provider.name);
  for (const row of rows.filter((candidate) => !hasEnded(candidate.status))) {
    const ended = await provider.cancelImmediately(row.providerSubscriptionId);
    await syncSubscription({ db, paidStates }, provider.name, ended, { onlyForUserId: userId });
  }
}
