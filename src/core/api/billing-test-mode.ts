import { z } from 'zod';

/**
 * Test-mode billing: the card form's calls (what Stripe.js does against Stripe) and the test
 * clock. Never in the OpenAPI document, but checked and shaped like every other route.
 */

const clientSecret = z.string().min(1).max(200);

export const paymentIntentQuery = z.object({ client_secret: clientSecret });

export const testCardSchema = z.object({
  number: z.string().max(32),
  /** "MM / YY", "MM/YY" or "MMYY". */
  expiry: z.string().max(16),
  cvc: z.string().max(8),
});
export type TestCard = z.infer<typeof testCardSchema>;

export const confirmPaymentBody = z.object({ clientSecret, card: testCardSchema });

/** What the browser may see of a payment intent, shaped like Stripe.js's answer. */
export const testPaymentIntentSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  lastPaymentError: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type TestPaymentIntent = z.infer<typeof testPaymentIntentSchema>;

export const paymentIntentAnswer = z.object({ paymentIntent: testPaymentIntentSchema });

/** A refused card in Stripe's words, or a payment intent that can no longer be paid. */
export const testPaymentErrorSchema = z.object({
  type: z.string(),
  code: z.string(),
  declineCode: z.string().optional(),
  message: z.string(),
});

export const confirmPaymentAnswer = z.union([
  paymentIntentAnswer,
  z.object({ error: testPaymentErrorSchema }),
]);
export type TestConfirmResult = z.infer<typeof confirmPaymentAnswer>;

/** No body moves the clock by nothing. */
export const advanceClockBody = z.preprocess(
  (body) => body ?? {},
  z.object({
    days: z.number().min(0).max(3660).default(0),
    seconds: z.number().min(0).max(1e9).default(0),
  }),
);

/** The caller's own provider time. */
export const testClockSchema = z.object({ now: z.string().describe('An ISO date.') });
