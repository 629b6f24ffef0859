/** The JSON the billing endpoints answer with (mirrored in the web app's billing api files). */
export interface SubscriptionCheckoutDto {
  subscriptionId: string;
  clientSecret: string | null;
  isActive: boolean;
}

export interface BillingConfigDto {
  provider: 'stripe' | 'test';
  publishableKey: string | null;
}

export interface AccountSubscriptionDto {
  plan: 'free' | 'pro';
  subscription: {
    status: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
}
