import type { EmailPreferences } from '../../../core/api/account';
import type { AccountSubscriptionDto } from '../../../core/api/billing';
import { apiRequest } from '../../lib/api-client';

export const ACCOUNT_SUBSCRIPTION_KEY = ['/api/billing/subscription'] as const;

export async function changeRenewal(action: 'cancel' | 'resume'): Promise<AccountSubscriptionDto> {
  const response = await apiRequest('POST', `/api/billing/subscription/${action}`);
  return (await response.json()) as AccountSubscriptionDto;
}

/** The password proves it is the owner; an account with single sign-on only sends none. */
export async function deleteAccount(password: string): Promise<void> {
  await apiRequest('DELETE', '/api/account', {
    confirm: true,
    ...(password === '' ? {} : { password }),
  });
}

export const EMAIL_PREFERENCES_KEY = ['/api/account/email-preferences'] as const;

export async function saveEmailPreferences(transcriptReady: boolean): Promise<EmailPreferences> {
  const response = await apiRequest('PUT', '/api/account/email-preferences', { transcriptReady });
  return (await response.json()) as EmailPreferences;
}
