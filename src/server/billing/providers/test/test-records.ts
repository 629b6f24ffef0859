import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { testBillingPaymentIntents, testBillingSubscriptions } from '../../../db/schema.js';
import type { ProviderSubscription } from '../billing-provider.js';

export type TestSubscriptionRow = typeof testBillingSubscriptions.$inferSelect;
export type TestPaymentIntentRow = typeof testBillingPaymentIntents.$inferSelect;

export const TEST_CURRENCY = 'usd';
/** A test subscription that nobody pays expires after 23 hours, as Stripe's do. */
export const INCOMPLETE_EXPIRY_MS = 23 * 60 * 60 * 1000;

const token = (bytes: number) => randomBytes(bytes).toString('hex');

export const newSubscriptionId = () => `sub_test_${token(12)}`;
export const newPaymentIntentId = () => `pi_test_${token(12)}`;
export const newClientSecret = (paymentIntentId: string) =>
  `${paymentIntentId}_secret_${token(16)}`;

/** Derived from the idempotency key, so creating the same customer twice gives the same id. */
export const customerIdFor = (idempotencyKey: string) =>
  `cus_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;

export function toProviderSubscription(
  subscription: TestSubscriptionRow,
  latestIntent: TestPaymentIntentRow | null,
): ProviderSubscription {
  const awaitingPayment =
    (subscription.status === 'incomplete' || subscription.status === 'past_due') &&
    latestIntent?.status === 'requires_payment_method';
  return {
    id: subscription.id,
    customerId: subscription.customerId,
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    clientSecret: awaitingPayment && latestIntent ? latestIntent.clientSecret : null,
  };
}

export async function loadTestSubscription(
  db: Database,
  id: string,
): Promise<ProviderSubscription | null> {
  const rows = await db
    .select({ subscription: testBillingSubscriptions, intent: testBillingPaymentIntents })
    .from(testBillingSubscriptions)
    .leftJoin(
      testBillingPaymentIntents,
      eq(testBillingPaymentIntents.id, testBillingSubscriptions.latestPaymentIntentId),
    )
    .where(eq(testBillingSubscriptions.id, id))
    .limit(1);
  const row = rows[0];
  return row ? toProviderSubscription(row.subscription, row.intent) : null;
}
