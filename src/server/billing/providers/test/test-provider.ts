import { addMonths } from 'date-fns';
import { and, eq, notInArray, type SQL } from 'drizzle-orm';
import { PLANS } from '../../../../core/plans.js';
import type { Database } from '../../../db/database.js';
import { testBillingPaymentIntents, testBillingSubscriptions } from '../../../db/schema.js';
import { AppError } from '../../../errors/app-error.js';
import type { BillingProvider, ProviderSubscription } from '../billing-provider.js';
import type { TestCardInput } from './test-cards.js';
import { advanceTestClock, readAllTestClocks, readTestClock } from './test-clock.js';
import {
  confirmTestPayment,
  retrieveTestPaymentIntent,
  type TestConfirmResult,
  type TestPaymentIntentView,
} from './test-payments.js';
import {
  customerIdFor,
  loadTestSubscription,
  newClientSecret,
  newPaymentIntentId,
  newSubscriptionId,
  TEST_CURRENCY,
} from './test-records.js';
import { runTestRenewals } from './test-renewals.js';

/** What only test mode has: its card form's calls, and a clock tests can move. */
export interface TestModeControls {
  /** The customer's provider time (the wall clock for a user who never checked out). */
  now(customerId: string | undefined): Promise<Date>;
  /** Moves one customer's provider time forward, then does the renewals that came due. */
  advanceClock(customerId: string, milliseconds: number): Promise<Date>;
  runRenewals(): Promise<void>;
  retrievePaymentIntent(
    clientSecret: string,
    customerId: string | undefined,
  ): Promise<TestPaymentIntentView>;
  confirmPayment(input: {
    clientSecret: string;
    customerId: string | undefined;
    card: TestCardInput;
  }): Promise<TestConfirmResult>;
}

export interface TestModeOptions {
  db: Database;
  /** Test mode's webhook: called with the new state after every change the provider makes on its own. */
  onSubscriptionChanged: (subscription: ProviderSubscription) => Promise<void>;
}

const ENDED = ['canceled', 'incomplete_expired'];
const PRICE_CENTS = PLANS.pro.priceCents;

/** The built-in provider: Stripe's states and answers, kept in our own database, no money moves. */
export function createTestModeProvider(options: TestModeOptions): {
  provider: BillingProvider;
  controls: TestModeControls;
} {
  const { db } = options;

  async function load(id: string): Promise<ProviderSubscription> {
    const subscription = await loadTestSubscription(db, id);
    if (!subscription) throw new AppError('not_found', `No such subscription: '${id}'`);
    return subscription;
  }
  async function announce(ids: string[]): Promise<void> {
    for (const id of ids) await options.onSubscriptionChanged(await load(id));
  }
  async function cancelNow(where: SQL, now: Date): Promise<string[]> {
    const canceled = await db
      .update(testBillingSubscriptions)
      .set({ status: 'canceled', endedAt: now, cancelAtPeriodEnd: false })
      .where(and(where, notInArray(testBillingSubscriptions.status, ENDED)))
      .returning({
        id: testBillingSubscriptions.id,
        intentId: testBillingSubscriptions.latestPaymentIntentId,
      });
    for (const row of canceled) {
      await db
        .update(testBillingPaymentIntents)
        .set({ status: 'canceled' })
        .where(
          and(
            eq(testBillingPaymentIntents.id, row.intentId),
            eq(testBillingPaymentIntents.status, 'requires_payment_method'),
          ),
        );
    }
    return canceled.map((row) => row.id);
  }
  async function runRenewals(): Promise<void> {
    await announce(await runTestRenewals(db, await readAllTestClocks(db), PRICE_CENTS));
  }

  const provider: BillingProvider = {
    name: 'test',
    publishableKey: null,
    createCustomer: async ({ idempotencyKey }) => customerIdFor(idempotencyKey),
    async deleteCustomer(customerId) {
      await announce(
        await cancelNow(
          eq(testBillingSubscriptions.customerId, customerId),
          await readTestClock(db, customerId),
        ),
      );
    },
    async createSubscription({ customerId, idempotencyKey }) {
      const now = await readTestClock(db, customerId);
      const subscriptionId = newSubscriptionId();
      const intentId = newPaymentIntentId();
      await db.transaction(async (tx) => {
        const created = await tx
          .insert(testBillingSubscriptions)
          .values({
            id: subscriptionId,
            idempotencyKey,
            customerId,
            status: 'incomplete',
            currentPeriodStart: now,
            currentPeriodEnd: addMonths(now, 1),
            latestPaymentIntentId: intentId,
            createdAt: now,
          })
          .onConflictDoNothing({ target: testBillingSubscriptions.idempotencyKey })
          .returning({ id: testBillingSubscriptions.id });
        if (created.length === 0) return;
        await tx.insert(testBillingPaymentIntents).values({
          id: intentId,
          clientSecret: newClientSecret(intentId),
          subscriptionId,
          amount: PRICE_CENTS,
          currency: TEST_CURRENCY,
          status: 'requires_payment_method',
        });
      });
      // The same key gives the same subscription, as Stripe's idempotency keys do.
      const rows = await db
        .select({ id: testBillingSubscriptions.id })
        .from(testBillingSubscriptions)
        .where(eq(testBillingSubscriptions.idempotencyKey, idempotencyKey));
      return load(rows[0]?.id ?? subscriptionId);
    },
    retrieveSubscription: (subscriptionId) => loadTestSubscription(db, subscriptionId),
    async setCancelAtPeriodEnd(subscriptionId, cancelAtPeriodEnd) {
      const current = await load(subscriptionId);
      if (ENDED.includes(current.status)) {
        throw new AppError('bad_request', 'A canceled subscription can no longer be changed.');
      }
      await db
        .update(testBillingSubscriptions)
        .set({ cancelAtPeriodEnd })
        .where(eq(testBillingSubscriptions.id, subscriptionId));
      return load(subscriptionId);
    },
    async cancelImmediately(subscriptionId) {
      const { customerId } = await load(subscriptionId);
      await cancelNow(
        eq(testBillingSubscriptions.id, subscriptionId),
        await readTestClock(db, customerId),
      );
      return load(subscriptionId);
    },
  };

  const controls: TestModeControls = {
    now: (customerId) => readTestClock(db, customerId),
    async advanceClock(customerId, milliseconds) {
      const now = await advanceTestClock(db, customerId, milliseconds);
      await runRenewals();
      return now;
    },
    runRenewals,
    retrievePaymentIntent: (clientSecret, customerId) =>
      retrieveTestPaymentIntent(db, clientSecret, customerId),
    async confirmPayment(input) {
      const { result, paidSubscriptionId } = await confirmTestPayment(db, {
        ...input,
        now: await readTestClock(db, input.customerId),
      });
      if (paidSubscriptionId) await announce([paidSubscriptionId]);
      return result;
    },
  };

  return { provider, controls };
}
