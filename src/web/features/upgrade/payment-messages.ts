import type { Toast } from '../toasts/toast-store';

type ToastInput = Omit<Toast, 'id'>;

/** The payment toasts and texts of the spec, letter for letter. */
export const PAYMENT_MESSAGES = {
  alreadySubscribed: {
    title: 'Already subscribed',
    description: 'You are already on the Pro plan!',
  },
  activeFound: {
    title: 'Active Subscription Found',
    description: 'Your Pro subscription is active. Taking you to your dashboard...',
  },
  paymentSuccessful: {
    title: 'Payment Successful',
    description: 'Welcome to Pro! Your account has been upgraded.',
  },
  paymentProcessing: {
    title: 'Payment Processing',
    description: "Your payment is processing. We'll update your account when payment completes.",
  },
  paymentNotSuccessful: {
    title: 'Payment Failed',
    description: 'Your payment was not successful, please try again.',
    variant: 'destructive',
  },
  accountUpdateFailed: {
    title: 'Account Update Failed',
    description:
      "Your payment was successful, but we couldn't update your account. Please contact support.",
    variant: 'destructive',
  },
  accountUpdateError: {
    title: 'Account Update Error',
    description: 'There was an error updating your account. Please contact support.',
    variant: 'destructive',
  },
  priceConfiguration: {
    title: 'Stripe Configuration Error',
    description: 'There is an issue with the Stripe price configuration. Please contact support.',
    variant: 'destructive',
  },
} satisfies Record<string, ToastInput>;

export const DEFAULT_PAYMENT_FAILED = 'There was an error processing your payment';
export const DEFAULT_PAYMENT_ERROR = 'An unexpected error occurred';
export const DEFAULT_INLINE_ERROR = 'An error occurred with your payment';
export const DEFAULT_SUBSCRIPTION_ERROR = 'Failed to create subscription. Please try again later.';

export const paymentStatusToast = (status: string): ToastInput => ({
  title: `Payment Status: ${status}`,
});

export const paymentFailedToast = (message: string | undefined): ToastInput => ({
  title: 'Payment Failed',
  description: message || DEFAULT_PAYMENT_FAILED,
  variant: 'destructive',
});

export const paymentErrorToast = (message: string | undefined): ToastInput => ({
  title: 'Payment Error',
  description: message || DEFAULT_PAYMENT_ERROR,
  variant: 'destructive',
});

/** A bad price is the operator's mistake: say so, rather than the raw provider message. */
export function subscriptionErrorToast(serverMessage: string | undefined): ToastInput {
  if (
    serverMessage &&
    (serverMessage.includes('price ID is invalid') || serverMessage.includes('No such price'))
  ) {
    return PAYMENT_MESSAGES.priceConfiguration;
  }
  return {
    title: 'Subscription Error',
    description: serverMessage || DEFAULT_SUBSCRIPTION_ERROR,
    variant: 'destructive',
  };
}
