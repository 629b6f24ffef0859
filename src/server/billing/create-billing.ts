import type Stripe from 'stripe';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { BillingDeps } from './billing-deps.js';
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
}

export interface CreateBillingOptions {
  billing: Config['billing'];
  db: Database;
  log: (details: object, message: string) => void;
  /** Tests point the Stripe SDK at a local fake Stripe. */
  stripeApi?: StripeApiAddress;
}

/** The one place that picks the provider: Stripe when its four keys are set, test mode otherwise. */
export function createBilling({ billing, db, log, stripeApi }: CreateBillingOptions): Billing {
  if (billing.provider === 'stripe') {
    const client = createStripeClient(billing.secretKey, stripeApi);
    const provider = createStripeProvider({
      stripe: client,
      publishableKey: billing.publishableKey,
      priceId: billing.priceId,
      log,
    });
    return {
      deps: { db, provider },
      stripe: { client, webhookSecret: billing.webhookSecret },
      testMode: null,
    };
  }
  const { provider, controls } = createTestModeProvider({
    db,
    // Test mode's webhook: the provider reports each change and we store it.
    onSubscriptionChanged: async (state) => {
      await syncSubscription(db, 'test', state);
    },
  });
  return { deps: { db, provider }, stripe: null, testMode: controls };
}
