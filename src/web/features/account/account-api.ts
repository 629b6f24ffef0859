import { apiRequest } from '../../lib/api-client';

/** Mirrors AccountSubscriptionDto in src/server/billing/billing-dto.ts. */
export interface AccountSubscription {
  plan: 'free' | 'pro';
  subscription: {
    status: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
}

export const ACCOUNT_SUBSCRIPTION_KEY = ['/api/billing/subscription'] as const;

export async function changeRenewal(action: 'cancel' | 'resume'): Promise<AccountSubscription> {
  const response = await apiRequest('POST', `/api/billing/subscription/${action}`);
  return (await response.json()) as AccountSubscription;
}

export async function deleteAccount(): Promise<void> {
  await apiRequest('DELETE', '/api/account', { confirm: true });
}
