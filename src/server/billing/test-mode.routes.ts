import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { findCustomerForUser } from './billing-customer.repository.js';
import type { TestModeControls } from './providers/test/test-provider.js';

export interface TestModeRoutesOptions {
  db: Database;
  controls: TestModeControls;
  /** The clock endpoint exists only outside production. */
  clockEnabled: boolean;
}

const clientSecret = z.string().min(1).max(200);
const confirmBody = z.object({
  clientSecret,
  card: z.object({
    number: z.string().max(32),
    expiry: z.string().max(16),
    cvc: z.string().max(8),
  }),
});
const advanceBody = z.object({
  days: z.number().min(0).max(3660).default(0),
  seconds: z.number().min(0).max(1e9).default(0),
});

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}

/** The test-mode card form's calls (what Stripe.js does against Stripe), and the test clock. */
export async function testModeRoutes(app: FastifyInstance, options: TestModeRoutesOptions) {
  const { db, controls } = options;
  const signedIn = { config: { auth: 'session' as const } };
  const customerOf = async (userId: string) =>
    (await findCustomerForUser(db, userId, 'test'))?.providerCustomerId;

  app.get('/api/billing/test-mode/payment-intent', signedIn, async (request) => {
    const user = authenticatedUser(request);
    const secret = parse(
      clientSecret,
      (request.query as { client_secret?: unknown }).client_secret,
    );
    return {
      paymentIntent: await controls.retrievePaymentIntent(secret, await customerOf(user.id)),
    };
  });

  app.post('/api/billing/test-mode/confirm-payment', signedIn, async (request) => {
    const user = authenticatedUser(request);
    const body = parse(confirmBody, request.body);
    return controls.confirmPayment({
      clientSecret: body.clientSecret,
      customerId: await customerOf(user.id),
      card: body.card,
    });
  });

  if (!options.clockEnabled) return;

  // The caller's own clock: it moves their subscription only, never anyone else's.
  app.get('/api/billing/test-mode/clock', signedIn, async (request) => {
    const user = authenticatedUser(request);
    return { now: (await controls.now(await customerOf(user.id))).toISOString() };
  });

  app.post('/api/billing/test-mode/clock/advance', signedIn, async (request) => {
    const user = authenticatedUser(request);
    const { days, seconds } = parse(advanceBody, request.body ?? {});
    const customerId = await customerOf(user.id);
    if (customerId === undefined) {
      throw new AppError(
        'bad_request',
        "Start a checkout first: the test clock is your own subscription's.",
      );
    }
    const now = await controls.advanceClock(customerId, (days * 24 * 60 * 60 + seconds) * 1000);
    return { now: now.toISOString() };
  });
}
