import type Stripe from 'stripe';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { BillingDeps } from './billing-deps.js';
import type { PaidStateChanges } from './paid-state-cache.js';
import { createStripeClient, type StripeApiAddress } from './providers/stripe-client.js';
import { createStripeProvider } from './providers/stripe-provider.js';
import { createTestModeProvider, type TestModeControls } from './providers/test/test-provider.js';
import { syncSubscription } from './sync-subscription.js';

export interface Billing {
  deps: BillingDeps;
  /** Present with Stripe only: the client, for verifying webhooks. */
  stripe: { client: Stripe; webhookSecret: string } | null;
  /** Present in test mode only. */
  testMode: TestModeControls | null;
  /** False on a public address without Stripe keys: nobody can start a checkout. */
  onSale: boolean;
}

export interface CreateBillingOptions {
  billing: Config['billing'];
  db: Database;
  paidStates: PaidStateChanges;
  log: (details: object, message: string) => void;
  /** Tests point the Stripe SDK at a local fake Stripe. */
  stripeApi?: StripeApiAddress;
}

/**
 * The one place that picks the provider: Stripe when its four keys are set, else test mode where
 * the configuration allows it, else none (Pro not on sale).
 */
export function createBilling({
  billing,
  db,
  paidStates,
  log,
  stripeApi,
}: CreateBillingOptions): Billing {
  if (billing.provider === 'stripe') {
    const client = createStripeClient(billing.secretKey, stripeApi);
    const provider = createStripeProvider({
      stripe: client,
      publishableKey: billing.publishableKey,
      priceId: billing.priceId,
      log,
    });
    return {
      deps: { db, provider, paidStates },
      stripe: { client, webhookSecret: billing.webhookSecret },
      testMode: null,
      onSale: true,
    };
  }
  const { provider, controls } = createTestModeProvider({
    db,
    // Test mode's webhook: the provider reports each change and we store it.
    onSubscriptionChanged: async (state) => {
      await syncSubscription({ db, paidStates }, 'test', state);
    },
  });
  // Not on sale: the test provider stays only to end what an earlier test-mode run left (account
  // deletion); its card form, clock and renewals are off.
  if (billing.provider === 'none') {
    return { deps: { db, provider, paidStates }, stripe: null, testMode: null, onSale: false };
  }
  return { deps: { db, provider, paidStates }, stripe: null, testMode: controls, onSale: true };
}
