import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { testBillingPaymentIntents, testBillingSubscriptions } from '../../../db/schema.js';
import { AppError } from '../../../errors/app-error.js';
import { checkTestCard, type CardFailure, type TestCardInput } from './test-cards.js';
import type { TestPaymentIntentRow, TestSubscriptionRow } from './test-records.js';

/** What the browser may see of a payment intent, shaped like Stripe.js's answer. */
export interface TestPaymentIntentView {
  id: string;
  status: string;
  amount: number;
  currency: string;
  lastPaymentError: { code: string; message: string } | null;
}

export type TestConfirmResult =
  { paymentIntent: TestPaymentIntentView } | { error: CardFailure | UnexpectedState };

interface UnexpectedState {
  type: 'invalid_request_error';
  code: 'payment_intent_unexpected_state';
  message: string;
}

const NOT_FOUND = 'No such payment intent';

const unexpectedState = (status: string): UnexpectedState => ({
  type: 'invalid_request_error',
  code: 'payment_intent_unexpected_state',
  message: `You cannot confirm this PaymentIntent because it has a status of ${status}.`,
});

function toView(intent: TestPaymentIntentRow): TestPaymentIntentView {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    lastPaymentError:
      intent.lastErrorCode && intent.lastErrorMessage
        ? { code: intent.lastErrorCode, message: intent.lastErrorMessage }
        : null,
  };
}

/** The intent behind a client secret, only for the customer whose subscription it pays. */
async function findOwnIntent(
  db: Database,
  clientSecret: string,
  customerId: string | undefined,
): Promise<{ intent: TestPaymentIntentRow; subscription: TestSubscriptionRow }> {
  const rows = await db
    .select({ intent: testBillingPaymentIntents, subscription: testBillingSubscriptions })
    .from(testBillingPaymentIntents)
    .innerJoin(
      testBillingSubscriptions,
      eq(testBillingSubscriptions.id, testBillingPaymentIntents.subscriptionId),
    )
    .where(eq(testBillingPaymentIntents.clientSecret, clientSecret))
    .limit(1);
  const row = rows[0];
  if (!row || customerId === undefined || row.subscription.customerId !== customerId) {
    throw new AppError('not_found', NOT_FOUND);
  }
  return row;
}

export async function retrieveTestPaymentIntent(
  db: Database,
  clientSecret: string,
  customerId: string | undefined,
): Promise<TestPaymentIntentView> {
  return toView((await findOwnIntent(db, clientSecret, customerId)).intent);
}

/**
 * Confirms a payment with a test card. A success pays the invoice: the subscription becomes
 * active and keeps the card for renewals (save_default_payment_method: on_subscription).
 */
export async function confirmTestPayment(
  db: Database,
  input: { clientSecret: string; customerId: string | undefined; card: TestCardInput; now: Date },
): Promise<{ result: TestConfirmResult; paidSubscriptionId: string | null }> {
  const { intent, subscription } = await findOwnIntent(db, input.clientSecret, input.customerId);
  if (intent.status !== 'requires_payment_method') {
    return { result: { error: unexpectedState(intent.status) }, paidSubscriptionId: null };
  }
  const outcome = checkTestCard(input.card, input.now);
  if (!outcome.ok) {
    if (outcome.failure.type === 'card_error') {
      await db
        .update(testBillingPaymentIntents)
        .set({
          lastErrorCode: outcome.failure.declineCode ?? outcome.failure.code,
          lastErrorMessage: outcome.failure.message,
        })
        .where(eq(testBillingPaymentIntents.id, intent.id));
    }
    return { result: { error: outcome.failure }, paidSubscriptionId: null };
  }
  const paid = await db.transaction(async (tx) => {
    // Conditional, so two confirmations racing for one intent pay it once.
    const updated = await tx
      .update(testBillingPaymentIntents)
      .set({ status: 'succeeded', lastErrorCode: null, lastErrorMessage: null })
      .where(
        and(
          eq(testBillingPaymentIntents.id, intent.id),
          eq(testBillingPaymentIntents.status, 'requires_payment_method'),
        ),
      )
      .returning();
    if (updated.length === 0) return undefined;
    await tx
      .update(testBillingSubscriptions)
      .set({ status: 'active', defaultCardLast4: outcome.last4 })
      .where(eq(testBillingSubscriptions.id, subscription.id));
    return updated[0];
  });
  if (!paid) return { result: { error: unexpectedState('succeeded') }, paidSubscriptionId: null };
  return { result: { paymentIntent: toView(paid) }, paidSubscriptionId: subscription.id };
}
