import type { BillingConfigDto, SubscriptionCheckoutDto } from '../../../core/api/billing';
import { getJson, HttpError, throwIfNotOk } from '../../lib/api-client';

export const BILLING_CONFIG_KEY = ['/api/billing/config'] as const;

/** Browser storage between checkout and the return from the payment provider (the spec's key). */
export const SUBSCRIPTION_STORAGE_KEY = 'current_subscription_id';

export async function fetchBillingConfig(): Promise<BillingConfigDto> {
  const config = await getJson<BillingConfigDto>(BILLING_CONFIG_KEY[0]);
  if (!config) throw new Error('The billing configuration is missing');
  return config;
}

export async function getOrCreateSubscription(): Promise<SubscriptionCheckoutDto> {
  const response = await fetch('/api/get-or-create-subscription', {
    method: 'POST',
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return (await response.json()) as SubscriptionCheckoutDto;
}

/**
 * Asks the server to read the subscription from the provider. Resolves to whether the answer was
 * ok (the spec reads only that); rejects when the call itself failed.
 */
export async function updateSubscriptionStatus(subscriptionId: string): Promise<boolean> {
  const response = await fetch('/api/update-subscription-status', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ subscriptionId, status: 'active' }),
    credentials: 'include',
  });
  return response.ok;
}

/** The server's message from a failed call, when it sent one. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof HttpError ? error.serverMessage : undefined;
}
