import type { BillingConfigDto } from '../../../core/api/billing';
import { loadStripeJs } from './stripe-js';
import { retrieveTestPaymentIntent } from './test-mode-api';

/** The payment intent behind a client secret, from whichever provider took the payment. */
export async function retrievePaymentIntentStatus(
  config: BillingConfigDto,
  clientSecret: string,
): Promise<string> {
  if (config.provider === 'test') return (await retrieveTestPaymentIntent(clientSecret)).status;
  if (!config.publishableKey) throw new Error('The payment provider is not configured');
  const stripe = await loadStripeJs(config.publishableKey);
  const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
  if (!paymentIntent) throw new Error(error?.message ?? 'The payment could not be found');
  return paymentIntent.status;
}

/** Where the provider sends the browser after paying: this very page. */
export function currentPageUrl(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

/** What Stripe.js appends to the return address; test mode appends the same. */
export function returnUrlFor(
  returnUrl: string,
  intent: { id: string; status: string },
  clientSecret: string,
): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent', intent.id);
  url.searchParams.set('payment_intent_client_secret', clientSecret);
  url.searchParams.set('redirect_status', intent.status);
  return url.toString();
}
