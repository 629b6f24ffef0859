import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../accounts/auth.js';
import { requireSessionUser } from '../accounts/current-user.js';
import { AppError } from '../errors/app-error.js';
import { readAccountSubscription } from './account-subscription.js';
import type { BillingDeps } from './billing-deps.js';
import { billingRateLimit } from './billing-rate-limit.js';
import type {
  AccountSubscriptionDto,
  BillingConfigDto,
  SubscriptionCheckoutDto,
} from '../../core/api-types.js';
import { changeRenewal } from './change-renewal.js';
import { getOrCreateSubscription } from './get-or-create-subscription.js';
import { refreshSubscription } from './refresh-subscription.js';

export interface BillingRoutesOptions {
  auth: Auth;
  deps: BillingDeps;
}

/** Provider ids are short tokens; anything else is refused before it reaches the provider. */
const providerId = z.string().regex(/^[A-Za-z0-9_]{1,255}$/);
const updateStatusBody = z.object({
  subscriptionId: providerId,
  status: z.string().max(64).optional(),
});

export async function billingRoutes(app: FastifyInstance, options: BillingRoutesOptions) {
  const { auth, deps } = options;
  /** Routes that call the payment provider share one rate limit; reads from our database do not. */
  const providerCall = { onRequest: billingRateLimit(app) };

  app.get('/api/billing/config', async (): Promise<BillingConfigDto> => ({
    provider: deps.provider.name,
    publishableKey: deps.provider.publishableKey,
  }));

  app.post(
    '/api/get-or-create-subscription',
    providerCall,
    async (request): Promise<SubscriptionCheckoutDto> => {
      const user = await requireSessionUser(auth, request);
      return getOrCreateSubscription(deps, user);
    },
  );

  app.post('/api/update-subscription-status', providerCall, async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = updateStatusBody.safeParse(request.body);
    if (!body.success) throw new AppError('bad_request', 'A subscriptionId is required');
    // body.status is deliberately ignored: the provider says what the status is.
    await refreshSubscription(deps, user.id, body.data.subscriptionId);
    return { ok: true };
  });

  app.get('/api/billing/subscription', async (request): Promise<AccountSubscriptionDto> => {
    const user = await requireSessionUser(auth, request);
    return readAccountSubscription(deps.db, user.id);
  });

  app.post(
    '/api/billing/subscription/cancel',
    providerCall,
    async (request): Promise<AccountSubscriptionDto> => {
      const user = await requireSessionUser(auth, request);
      await changeRenewal(deps, user.id, false);
      return readAccountSubscription(deps.db, user.id);
    },
  );

  app.post(
    '/api/billing/subscription/resume',
    providerCall,
    async (request): Promise<AccountSubscriptionDto> => {
      const user = await requireSessionUser(auth, request);
      await changeRenewal(deps, user.id, true);
      return readAccountSubscription(deps.db, user.id);
    },
  );
}
