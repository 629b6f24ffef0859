import { toast } from '../toasts/toast-store';
import {
  fetchBillingConfig,
  SUBSCRIPTION_STORAGE_KEY,
  updateSubscriptionStatus,
} from './billing-api';
import { PAYMENT_MESSAGES, paymentErrorToast, paymentStatusToast } from './payment-messages';
import { retrievePaymentIntentStatus } from './payment-intents';

/** succeeded: go to the dashboard; pending: wait for the provider; retry: show the checkout again. */
export type PaymentReturnOutcome = 'succeeded' | 'pending' | 'retry';

async function completeSucceededPayment(
  refreshUser: () => Promise<void>,
): Promise<PaymentReturnOutcome> {
  const subscriptionId = window.localStorage.getItem(SUBSCRIPTION_STORAGE_KEY);
  if (!subscriptionId) {
    console.warn('The payment succeeded, but this browser kept no subscription id to update.');
    return 'retry';
  }
  try {
    if (!(await updateSubscriptionStatus(subscriptionId))) {
      toast(PAYMENT_MESSAGES.accountUpdateFailed);
      return 'pending';
    }
    await refreshUser();
    toast(PAYMENT_MESSAGES.paymentSuccessful);
    window.localStorage.removeItem(SUBSCRIPTION_STORAGE_KEY);
    return 'succeeded';
  } catch {
    toast(PAYMENT_MESSAGES.accountUpdateError);
    return 'pending';
  }
}

/** The browser is back from the payment provider: read the payment intent and act on its status. */
export async function handlePaymentReturn(
  clientSecret: string,
  refreshUser: () => Promise<void>,
): Promise<PaymentReturnOutcome> {
  let status: string;
  try {
    status = await retrievePaymentIntentStatus(await fetchBillingConfig(), clientSecret);
  } catch (error) {
    toast(paymentErrorToast(error instanceof Error ? error.message : undefined));
    return 'retry';
  }
  switch (status) {
    case 'succeeded':
      return completeSucceededPayment(refreshUser);
    case 'processing':
      toast(PAYMENT_MESSAGES.paymentProcessing);
      return 'pending';
    case 'requires_payment_method':
      toast(PAYMENT_MESSAGES.paymentNotSuccessful);
      return 'retry';
    default:
      toast(paymentStatusToast(status));
      return 'retry';
  }
}
