import type { FastifyInstance } from 'fastify';
import type { Auth } from '../accounts/auth.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { PaidStateChanges } from './paid-state-cache.js';
import { startBillingJobs } from './billing-jobs.js';
import { billingRoutes } from './billing.routes.js';
import { createBilling, type Billing } from './create-billing.js';
import type { StripeApiAddress } from './providers/stripe-client.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';
import { testModeRoutes } from './test-mode.routes.js';

export type { Billing } from './create-billing.js';

export interface BillingOptions {
  auth: Auth;
  db: Database;
  config: Config;
  queue: JobQueue;
  paidStates: PaidStateChanges;
  /** This process works scheduled jobs (in-process workers). */
  runJobs: boolean;
  /** Tests point the Stripe SDK at a local fake Stripe. */
  stripeApi?: StripeApiAddress;
}

/** Billing's routes (and, in test mode, its card form's routes and renewal job) on the app. */
export async function registerBilling(
  app: FastifyInstance,
  options: BillingOptions,
): Promise<Billing> {
  const { auth, db, config } = options;
  const billing = createBilling({
    billing: config.billing,
    db,
    paidStates: options.paidStates,
    stripeApi: options.stripeApi,
    log: (details, message) => app.log.warn({ component: 'billing', ...details }, message),
  });
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
  if (testMode) {
    await app.register(testModeRoutes, {
      db,
      controls: testMode,
      clockEnabled: config.nodeEnv !== 'production',
    });
  }
  await app.register(billingRoutes, { auth, deps, onSale: billing.onSale });
  await startBillingJobs(options.queue, billing, { work: options.runJobs });
  return billing;
}
