import type {
  TestCard,
  TestConfirmResult,
  TestPaymentIntent,
} from '../../../core/api/billing-test-mode';
import { throwIfNotOk } from '../../lib/api-client';

/** The test-mode card form's calls: what Stripe.js does against Stripe, against our server. */
export async function confirmTestPayment(
  clientSecret: string,
  card: TestCard,
): Promise<TestConfirmResult> {
  const response = await fetch('/api/billing/test-mode/confirm-payment', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientSecret, card }),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return (await response.json()) as TestConfirmResult;
}

export async function retrieveTestPaymentIntent(clientSecret: string): Promise<TestPaymentIntent> {
  const response = await fetch(
    `/api/billing/test-mode/payment-intent?client_secret=${encodeURIComponent(clientSecret)}`,
    { credentials: 'include' },
  );
  await throwIfNotOk(response);
  return ((await response.json()) as { paymentIntent: TestPaymentIntent }).paymentIntent;
}
