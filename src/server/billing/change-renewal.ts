import { AppError } from '../errors/app-error.js';
import type { BillingDeps } from './billing-deps.js';
import { BILLING_MESSAGES } from './billing-messages.js';
import { isEntitled } from './subscription-states.js';
import { listSubscriptionsForUser } from './subscription.repository.js';
import { syncSubscription } from './sync-subscription.js';

/**
 * Cancel at period end (the user keeps Pro until then, as the terms promise) or resume before
 * it ends. The provider makes the change; we store what it answers.
 */
export async function changeRenewal(
  deps: BillingDeps,
  userId: string,
  renew: boolean,
): Promise<void> {
  const { db, provider } = deps;
  const rows = await listSubscriptionsForUser(db, userId, provider.name);
  const current = rows.find((row) => isEntitled(row));
  if (!current) throw new AppError('not_found', BILLING_MESSAGES.noActiveSubscription);
  if (renew && !current.cancelAtPeriodEnd)
    throw new AppError('bad_request', BILLING_MESSAGES.notCancelled);
  const updated = await provider.setCancelAtPeriodEnd(current.providerSubscriptionId, !renew);
  await syncSubscription(deps, provider.name, updated, { onlyForUserId: userId });
}
