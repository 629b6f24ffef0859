import Stripe from 'stripe';
import { AppError } from '../../errors/app-error.js';
import { BILLING_MESSAGES } from '../billing-messages.js';
import type { BillingProvider, ProviderSubscription } from './billing-provider.js';
import { fromStripeSubscription } from './stripe-subscription.js';

export interface StripeProviderOptions {
  stripe: Stripe;
  publishableKey: string;
  priceId: string;
  log: (details: object, message: string) => void;
}

const EXPAND = ['latest_invoice.confirmation_secret'];

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing'
  );
}

/** Stripe's own words for a bad price reach the page, which shows its configuration toast. */
function toAppError(error: unknown, log: StripeProviderOptions['log']): Error {
  if (!(error instanceof Stripe.errors.StripeError))
    return error instanceof Error ? error : new Error(String(error));
  log(
    { type: error.type, code: error.code, param: error.param, statusCode: error.statusCode },
    error.message,
  );
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    /price/i.test(`${error.param ?? ''} ${error.message}`)
  ) {
    return new AppError('unavailable', `The Stripe price ID is invalid: ${error.message}`);
  }
  return new AppError('unavailable', BILLING_MESSAGES.providerUnavailable);
}

export function createStripeProvider(options: StripeProviderOptions): BillingProvider {
  const { stripe, log } = options;
  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toAppError(error, log);
    }
  }
  const update = (
    id: string,
    params: Stripe.SubscriptionUpdateParams,
  ): Promise<ProviderSubscription> =>
    call(async () =>
      fromStripeSubscription(await stripe.subscriptions.update(id, { ...params, expand: EXPAND })),
    );

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    createCustomer: ({ userId, email, name, idempotencyKey }) =>
      call(async () => {
        const customer = await stripe.customers.create(
          { email, name, metadata: { userId } },
          { idempotencyKey },
        );
        return customer.id;
      }),
    async deleteCustomer(customerId) {
      try {
        await stripe.customers.del(customerId);
      } catch (error) {
        if (!isMissing(error)) throw toAppError(error, log);
      }
    },
    createSubscription: ({ customerId, userId, idempotencyKey }) =>
      call(async () =>
        fromStripeSubscription(
          await stripe.subscriptions.create(
            {
              customer: customerId,
              items: [{ price: options.priceId }],
              payment_behavior: 'default_incomplete',
              payment_settings: { save_default_payment_method: 'on_subscription' },
              expand: EXPAND,
              metadata: { userId },
            },
            { idempotencyKey },
          ),
        ),
      ),
    async retrieveSubscription(subscriptionId) {
      try {
        return fromStripeSubscription(
          await stripe.subscriptions.retrieve(subscriptionId, { expand: EXPAND }),
        );
      } catch (error) {
        if (isMissing(error)) return null;
        throw toAppError(error, log);
      }
    },
    setCancelAtPeriodEnd: (subscriptionId, cancelAtPeriodEnd) =>
      update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd }),
    async cancelImmediately(subscriptionId) {
      try {
        return fromStripeSubscription(
          await stripe.subscriptions.cancel(subscriptionId, { expand: EXPAND }),
        );
      } catch (error) {
        // Already ended at Stripe (our copy was behind): its current state is the answer.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError))
          throw toAppError(error, log);
        const current = await call(() =>
          stripe.subscriptions.retrieve(subscriptionId, { expand: EXPAND }),
        );
        if (current.status !== 'canceled' && current.status !== 'incomplete_expired')
          throw toAppError(error, log);
        return fromStripeSubscription(current);
      }
    },
  };
}
