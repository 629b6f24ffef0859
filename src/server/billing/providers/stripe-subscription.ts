import type Stripe from 'stripe';
import type { ProviderSubscription } from './billing-provider.js';

/** The latest invoice's payment secret, while that invoice is still open for payment. */
function openInvoiceSecret(invoice: Stripe.Subscription['latest_invoice']): string | null {
  if (invoice === null || typeof invoice === 'string' || invoice.status !== 'open') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

export function fromStripeSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  // Since API version 2025-03-31 the billing period lives on each item.
  const periodEnds = subscription.items.data.map((item) => item.current_period_end);
  return {
    id: subscription.id,
    customerId:
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    currentPeriodEnd: periodEnds.length > 0 ? new Date(Math.max(...periodEnds) * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    clientSecret: openInvoiceSecret(subscription.latest_invoice),
  };
}
