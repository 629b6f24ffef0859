export type ProviderName = 'stripe' | 'test';

/** A subscription as the payment provider reports it: the truth our own rows copy. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The provider's vocabulary: incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused. */
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The secret that lets the browser pay the latest invoice, while that invoice awaits payment. */
  clientSecret: string | null;
}

export interface CreateCustomerInput {
  userId: string;
  email: string;
  name: string;
  idempotencyKey: string;
}

export interface CreateSubscriptionInput {
  customerId: string;
  userId: string;
  /** One key per checkout attempt: a repeated or concurrent attempt gets the same subscription. */
  idempotencyKey: string;
}

/** Everything billing asks of a payment provider; one implementation per provider. */
export interface BillingProvider {
  readonly name: ProviderName;
  /** The key the browser's payment form needs; null when the form needs none. */
  readonly publishableKey: string | null;
  createCustomer(input: CreateCustomerInput): Promise<string>;
  /** Removes the customer and what the provider keeps about them (cards, email). */
  deleteCustomer(customerId: string): Promise<void>;
  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  /** Null when the provider has no such subscription. */
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  setCancelAtPeriodEnd(
    subscriptionId: string,
    cancelAtPeriodEnd: boolean,
  ): Promise<ProviderSubscription>;
  cancelImmediately(subscriptionId: string): Promise<ProviderSubscription>;
}
