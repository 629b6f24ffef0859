import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticatedSessionUser, authenticatedUser } from '../accounts/authenticate.js';
import { AppError } from '../errors/app-error.js';
import { ANONYMOUS_SECURITY, SESSION_SECURITY } from '../http/api-schemas.js';
import { apiErrorSchema, okSchema } from '../../core/api/common.js';
import { readAccountSubscription } from './account-subscription.js';
import {
  accountSubscriptionSchema,
  billingConfigSchema,
  subscriptionCheckoutSchema,
  updateStatusBody,
  type AccountSubscriptionDto,
  type BillingConfigDto,
  type SubscriptionCheckoutDto,
} from '../../core/api/billing.js';
import type { BillingDeps } from './billing-deps.js';
import { billingRateLimit } from './billing-rate-limit.js';
import { changeRenewal } from './change-renewal.js';
import { getOrCreateSubscription } from './get-or-create-subscription.js';
import { refreshSubscription } from './refresh-subscription.js';

export interface BillingRoutesOptions {
  deps: BillingDeps;
  /** False when no payment provider may sell Pro here (public address, no Stripe keys). */
  onSale: boolean;
}

export const PRO_NOT_ON_SALE =
  'Pro is not on sale on this server: its operator has not set up payments. Everything in the free plan works as usual.';

const documented = { tags: ['Billing'], security: SESSION_SECURITY };
const signedIn = { auth: 'session' as const };
/** Refusals of the routes that call the payment provider. */
const providerErrors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
};
const renewalResponses = {
  200: accountSubscriptionSchema,
  400: apiErrorSchema,
  404: apiErrorSchema,
  ...providerErrors,
};

export async function billingRoutes(parent: FastifyInstance, options: BillingRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { deps, onSale } = options;
  /**
   * Routes that call the payment provider share one rate limit; reads from our database do not.
   * It is spent before the body is validated: a malformed request counts like any other.
   */
  const preValidation = billingRateLimit(parent);

  app.get(
    '/api/billing/config',
    {
      schema: {
        tags: ['Billing'],
        summary: 'Which payment form the upgrade page shows',
        security: ANONYMOUS_SECURITY,
        response: { 200: billingConfigSchema },
      },
    },
    async (): Promise<BillingConfigDto> => ({
      provider: onSale ? deps.provider.name : 'none',
      publishableKey: deps.provider.publishableKey,
    }),
  );

  app.post(
    '/api/get-or-create-subscription',
    {
      config: signedIn,
      preValidation,
      schema: {
        ...documented,
        summary: 'Start (or continue) buying Pro: the subscription and its payment secret',
        response: { 200: subscriptionCheckoutSchema, ...providerErrors },
      },
    },
    async (request): Promise<SubscriptionCheckoutDto> => {
      // The payment provider's customer is named after the user: the session's name and email.
      const user = authenticatedSessionUser(request);
      if (!onSale) throw new AppError('forbidden', PRO_NOT_ON_SALE);
      return getOrCreateSubscription(deps, user);
    },
  );

  app.post(
    '/api/update-subscription-status',
    {
      config: signedIn,
      preValidation,
      schema: {
        ...documented,
        summary: 'Ask the payment provider for a subscription’s status after paying',
        body: updateStatusBody,
        response: { 200: okSchema, 400: apiErrorSchema, ...providerErrors },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      // body.status is deliberately ignored: the provider says what the status is.
      await refreshSubscription(deps, user.id, request.body.subscriptionId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/billing/subscription',
    {
      config: signedIn,
      schema: {
        ...documented,
        summary: 'Your plan and subscription, for the account page',
        response: { 200: accountSubscriptionSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<AccountSubscriptionDto> => {
      const user = authenticatedUser(request);
      return readAccountSubscription(deps.db, user.id);
    },
  );

  app.post(
    '/api/billing/subscription/cancel',
    {
      config: signedIn,
      preValidation,
      schema: {
        ...documented,
        summary: 'Stop Pro renewing at the end of the period paid for',
        response: renewalResponses,
      },
    },
    async (request): Promise<AccountSubscriptionDto> => {
      const user = authenticatedUser(request);
      await changeRenewal(deps, user.id, false);
      return readAccountSubscription(deps.db, user.id);
    },
  );

  app.post(
    '/api/billing/subscription/resume',
    {
      config: signedIn,
      preValidation,
      schema: {
        ...documented,
        summary: 'Let a cancelled Pro renew again',
        response: renewalResponses,
      },
    },
    async (request): Promise<AccountSubscriptionDto> => {
      const user = authenticatedUser(request);
      await changeRenewal(deps, user.id, true);
      return readAccountSubscription(deps.db, user.id);
    },
  );
}
