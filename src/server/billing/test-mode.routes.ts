import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  advanceClockBody,
  confirmPaymentAnswer,
  confirmPaymentBody,
  paymentIntentAnswer,
  paymentIntentQuery,
  testClockSchema,
} from '../../core/api/billing-test-mode.js';
import { apiErrorSchema } from '../../core/api/common.js';
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

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** The test-mode card form's calls (what Stripe.js does against Stripe), and the test clock. */
export async function testModeRoutes(parent: FastifyInstance, options: TestModeRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, controls } = options;
  // Checked and shaped like every route, but kept out of the OpenAPI document: no live server has them.
  const signedIn = { config: { auth: 'session' as const } };
  const customerOf = async (userId: string) =>
    (await findCustomerForUser(db, userId, 'test'))?.providerCustomerId;

  app.get(
    '/api/billing/test-mode/payment-intent',
    {
      ...signedIn,
      schema: {
        hide: true,
        querystring: paymentIntentQuery,
        response: { 200: paymentIntentAnswer, ...errors },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      return {
        paymentIntent: await controls.retrievePaymentIntent(
          request.query.client_secret,
          await customerOf(user.id),
        ),
      };
    },
  );

  app.post(
    '/api/billing/test-mode/confirm-payment',
    {
      ...signedIn,
      schema: {
        hide: true,
        body: confirmPaymentBody,
        response: { 200: confirmPaymentAnswer, ...errors },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      return controls.confirmPayment({
        clientSecret: request.body.clientSecret,
        customerId: await customerOf(user.id),
        card: request.body.card,
      });
    },
  );

  if (!options.clockEnabled) return;

  // The caller's own clock: it moves their subscription only, never anyone else's.
  app.get(
    '/api/billing/test-mode/clock',
    { ...signedIn, schema: { hide: true, response: { 200: testClockSchema, ...errors } } },
    async (request) => {
      const user = authenticatedUser(request);
      return { now: (await controls.now(await customerOf(user.id))).toISOString() };
    },
  );

  app.post(
    '/api/billing/test-mode/clock/advance',
    {
      ...signedIn,
      schema: { hide: true, body: advanceClockBody, response: { 200: testClockSchema, ...errors } },
    },
    async (request) => {
      const user = authenticatedUser(request);
      const { days, seconds } = request.body;
      const customerId = await customerOf(user.id);
      if (customerId === undefined) {
        throw new AppError(
          'bad_request',
          "Start a checkout first: the test clock is your own subscription's.",
        );
      }
      const now = await controls.advanceClock(customerId, (days * 24 * 60 * 60 + seconds) * 1000);
      return { now: now.toISOString() };
    },
  );
}
