import { addMonths } from 'date-fns';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import type { TestClocks } from './test-clock.js';
import { testBillingPaymentIntents, testBillingSubscriptions } from '../../../db/schema.js';
import {
  INCOMPLETE_EXPIRY_MS,
  newClientSecret,
  newPaymentIntentId,
  TEST_CURRENCY,
  type TestSubscriptionRow,
} from './test-records.js';

/** Renewals caught up in one pass at most (a clock moved years ahead stops here). */
const MAX_PERIODS_PER_PASS = 120;

async function expireUnpaid(db: Database, clocks: TestClocks): Promise<string[]> {
  const unpaid = await db
    .select({
      id: testBillingSubscriptions.id,
      customerId: testBillingSubscriptions.customerId,
      createdAt: testBillingSubscriptions.createdAt,
    })
    .from(testBillingSubscriptions)
    .where(eq(testBillingSubscriptions.status, 'incomplete'));
  const expired: Array<{ id: string; intentId: string }> = [];
  for (const subscription of unpaid) {
    const now = clocks(subscription.customerId);
    if (subscription.createdAt.getTime() > now.getTime() - INCOMPLETE_EXPIRY_MS) continue;
    expired.push(
      ...(await db
        .update(testBillingSubscriptions)
        .set({ status: 'incomplete_expired', endedAt: now })
        .where(
          and(
            eq(testBillingSubscriptions.id, subscription.id),
            eq(testBillingSubscriptions.status, 'incomplete'),
          ),
        )
        .returning({
          id: testBillingSubscriptions.id,
          intentId: testBillingSubscriptions.latestPaymentIntentId,
        })),
    );
  }
  if (expired.length > 0) {
    await db
      .update(testBillingPaymentIntents)
      .set({ status: 'canceled' })
      .where(
        inArray(
          testBillingPaymentIntents.id,
          expired.map((row) => row.intentId),
        ),
      );
  }
  return expired.map((row) => row.id);
}

/** Ends a subscription set to cancel, or charges the saved card for each period that has begun. */
async function settlePeriod(
  db: Database,
  subscription: TestSubscriptionRow,
  now: Date,
  amount: number,
): Promise<boolean> {
  const unchanged = and(
    eq(testBillingSubscriptions.id, subscription.id),
    eq(testBillingSubscriptions.currentPeriodEnd, subscription.currentPeriodEnd),
  );
  if (subscription.cancelAtPeriodEnd) {
    const ended = await db
      .update(testBillingSubscriptions)
      .set({ status: 'canceled', endedAt: subscription.currentPeriodEnd })
      .where(unchanged)
      .returning({ id: testBillingSubscriptions.id });
    return ended.length > 0;
  }
  let start = subscription.currentPeriodEnd;
  let end = addMonths(start, 1);
  for (let periods = 1; end <= now && periods < MAX_PERIODS_PER_PASS; periods++) {
    start = end;
    end = addMonths(start, 1);
  }
  const intentId = newPaymentIntentId();
  return db.transaction(async (tx) => {
    // Conditional on the period we read: of two passes racing, one renews and the other does nothing.
    const renewed = await tx
      .update(testBillingSubscriptions)
      .set({
        status: 'active',
        currentPeriodStart: start,
        currentPeriodEnd: end,
        latestPaymentIntentId: intentId,
      })
      .where(unchanged)
      .returning({ id: testBillingSubscriptions.id });
    if (renewed.length === 0) return false;
    await tx.insert(testBillingPaymentIntents).values({
      id: intentId,
      clientSecret: newClientSecret(intentId),
      subscriptionId: subscription.id,
      amount,
      currency: TEST_CURRENCY,
      status: 'succeeded',
    });
    return true;
  });
}

/**
 * The monthly work Stripe does on its own: renew paid subscriptions whose period has ended, end
 * those set to cancel, expire checkouts nobody paid, each by its customer's clock. Returns the
 * ids of subscriptions it changed.
 */
export async function runTestRenewals(
  db: Database,
  clocks: TestClocks,
  amount: number,
): Promise<string[]> {
  const changed = await expireUnpaid(db, clocks);
  const running = await db
    .select()
    .from(testBillingSubscriptions)
    .where(inArray(testBillingSubscriptions.status, ['active', 'trialing']));
  for (const subscription of running) {
    const now = clocks(subscription.customerId);
    if (subscription.currentPeriodEnd > now) continue;
    if (await settlePeriod(db, subscription, now, amount)) changed.push(subscription.id);
  }
  return changed;
}
