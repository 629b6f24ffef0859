/** Texts the billing endpoints answer with; the page shows them as they are. */
export const BILLING_MESSAGES = {
  providerUnavailable: 'The payment provider is unavailable. Please try again later.',
  subscriptionNeedsAttention: 'Your subscription needs attention. Please contact support.',
  noActiveSubscription: 'You have no active subscription.',
  notCancelled: 'Your subscription is not set to cancel.',
  invalidSignature: 'Invalid webhook signature',
} as const;
