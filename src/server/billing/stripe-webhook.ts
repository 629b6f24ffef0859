import type Stripe from 'stripe';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { BILLING_MESSAGES } from './billing-messages.js';
import type { PaidStateChanges } from './paid-state-cache.js';
import type { BillingProvider } from './providers/billing-provider.js';
import { isEventProcessed, recordEvent } from './processed-event.repository.js';
import { syncSubscription } from './sync-subscription.js';

export interface StripeWebhookDeps {
  db: Database;
  provider: BillingProvider;
  paidStates: PaidStateChanges;
  stripe: Stripe;
  webhookSecret: string;
}

/** The subscription an event is about; the event itself is only a hint to go and read it. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.pending_update_applied':
    case 'customer.subscription.pending_update_expired':
    case 'customer.subscription.trial_will_end':
      return event.data.object.id;
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
    case 'invoice.payment_action_required':
    case 'invoice.marked_uncollectible': {
      const subscription = event.data.object.parent?.subscription_details?.subscription;
      if (!subscription) return null;
      return typeof subscription === 'string' ? subscription : subscription.id;
    }
    default:
      return null;
  }
}

function verify(
  deps: StripeWebhookDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Stripe.Event {
  if (!signature) throw new AppError('bad_request', BILLING_MESSAGES.invalidSignature);
  try {
    // Checks the HMAC over the raw bytes and refuses timestamps older than five minutes.
    return deps.stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
  } catch {
    throw new AppError('bad_request', BILLING_MESSAGES.invalidSignature);
  }
}

/**
 * Verified events are applied once each: the subscription is re-read from Stripe and its absolute
 * state written in the same transaction that stores the event id. A duplicate or concurrent
 * delivery of one event changes nothing more; an event arriving late writes Stripe's current
 * state, not the stale state it carries.
 */
export async function handleStripeWebhook(
  deps: StripeWebhookDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  const event = verify(deps, rawBody, signature);
  if (await isEventProcessed(deps.db, event.id)) return { duplicate: true };
  const subscriptionId = subscriptionIdOf(event);
  const fresh = subscriptionId ? await deps.provider.retrieveSubscription(subscriptionId) : null;
  const outcome = await deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, { id: event.id, type: event.type, provider: 'stripe' })))
      return { first: false, ownerId: undefined };
    const stored = fresh
      ? await syncSubscription({ db: tx, paidStates: deps.paidStates }, 'stripe', fresh)
      : null;
    return { first: true, ownerId: stored?.userId };
  });
  // Again now that it has committed: a plan read during the transaction saw the old one.
  if (outcome.ownerId !== undefined) await deps.paidStates.changed(outcome.ownerId);
  return { duplicate: !outcome.first };
}
