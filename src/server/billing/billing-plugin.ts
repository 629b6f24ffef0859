import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { billingRoutes } from './billing.routes.js';
import type { Billing } from './create-billing.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';
import { testModeRoutes } from './test-mode.routes.js';

export type { Billing } from './create-billing.js';

export interface BillingOptions {
  db: Database;
  billing: Billing;
  /** Test mode's clock may be moved (never in production). */
  clockEnabled: boolean;
}

/** Billing's routes: Stripe's webhook, or in test mode its card form's routes. */
export async function registerBilling(
  app: FastifyInstance,
  { db, billing, clockEnabled }: BillingOptions,
): Promise<void> {
  const { deps, stripe, testMode } = billing;
  if (stripe) {
    await app.register(stripeWebhookRoutes, {
      db,
      provider: deps.provider,
      paidStates: deps.paidStates,
      stripe: stripe.client,
      webhookSecret: stripe.webhookSecret,
    });
  }
  if (testMode) await app.register(testModeRoutes, { db, controls: testMode, clockEnabled });
  await app.register(billingRoutes, { deps, onSale: billing.onSale });
}
