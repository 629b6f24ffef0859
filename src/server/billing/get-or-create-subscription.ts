import { AppError } from '../errors/app-error.js';
import type { BillingDeps, BillingUser } from './billing-deps.js';
import { BILLING_MESSAGES } from './billing-messages.js';
import { ensureBillingCustomer } from './ensure-billing-customer.js';
import { hasEnded, isEntitled, isPayable } from './subscription-states.js';
import {
  countEndedSubscriptionsForUser,
  listSubscriptionsForUser,
} from './subscription.repository.js';
import { syncSubscription } from './sync-subscription.js';

export interface SubscriptionCheckout {
  subscriptionId: string;
  /** Pays the subscription's open invoice in the browser; null when nothing is owed. */
  clientSecret: string | null;
  isActive: boolean;
}

/**
 * The user's subscription to pay for: the active one (isActive), else the open one still awaiting
 * payment, else a new one. At most one open subscription per user: a new one is created only when
 * every earlier one has ended, under a key numbered by how many have ended, so checkouts racing
 * each other send the same key and the provider answers them with the same subscription.
 */
export async function getOrCreateSubscription(
  deps: BillingDeps,
  user: BillingUser,
): Promise<SubscriptionCheckout> {
  const { db, provider } = deps;
  const stored = await listSubscriptionsForUser(db, user.id, provider.name);
  const active = stored.find((row) => isEntitled(row));
  if (active)
    return { subscriptionId: active.providerSubscriptionId, clientSecret: null, isActive: true };

  for (const row of stored.filter((candidate) => !hasEnded(candidate.status))) {
    const fresh = await provider.retrieveSubscription(row.providerSubscriptionId);
    if (!fresh) continue;
    await syncSubscription(deps, provider.name, fresh, { onlyForUserId: user.id });
    if (isEntitled(fresh)) return { subscriptionId: fresh.id, clientSecret: null, isActive: true };
    if (isPayable(fresh.status) && fresh.clientSecret) {
      return { subscriptionId: fresh.id, clientSecret: fresh.clientSecret, isActive: false };
    }
    if (!hasEnded(fresh.status))
      throw new AppError('unavailable', BILLING_MESSAGES.subscriptionNeedsAttention);
  }

  const customerId = await ensureBillingCustomer(deps, user);
  const attempt = (await countEndedSubscriptionsForUser(db, user.id, provider.name)) + 1;
  const created = await provider.createSubscription({
    customerId,
    userId: user.id,
    idempotencyKey: `sonoscript-subscription-${user.id}-${attempt}`,
  });
  await syncSubscription(deps, provider.name, created, { onlyForUserId: user.id });
  if (isEntitled(created))
    return { subscriptionId: created.id, clientSecret: null, isActive: true };
  if (!created.clientSecret)
    throw new AppError('unavailable', BILLING_MESSAGES.providerUnavailable);
  return { subscriptionId: created.id, clientSecret: created.clientSecret, isActive: false };
}
