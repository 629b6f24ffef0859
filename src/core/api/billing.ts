import { z } from 'zod';

/** What the billing routes take and answer with: zod validates, serializes and documents it. */

/** `GET /api/billing/config`: which payment form the upgrade page shows. */
export const billingConfigSchema = z
  .object({
    provider: z
      .enum(['stripe', 'test', 'none'])
      .describe('`none`: Pro is not on sale here (a public address without Stripe keys).'),
    publishableKey: z.string().nullable(),
  })
  .meta({ id: 'BillingConfig' });
export type BillingConfigDto = z.infer<typeof billingConfigSchema>;

/** `POST /api/get-or-create-subscription`. */
export const subscriptionCheckoutSchema = z
  .object({
    subscriptionId: z.string(),
    clientSecret: z.string().nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: 'SubscriptionCheckout' });
export type SubscriptionCheckoutDto = z.infer<typeof subscriptionCheckoutSchema>;

/** `GET /api/billing/subscription` and the renewal changes, for the account page. */
export const accountSubscriptionSchema = z
  .object({
    plan: z.enum(['free', 'pro']),
    subscription: z
      .object({
        status: z.string(),
        currentPeriodEnd: z.string().nullable(),
        cancelAtPeriodEnd: z.boolean(),
      })
      .nullable(),
  })
  .meta({ id: 'AccountSubscription' });
export type AccountSubscriptionDto = z.infer<typeof accountSubscriptionSchema>;

/** One answer to every malformed body: the page sends the id it was given, nothing else. */
const SUBSCRIPTION_ID_REQUIRED = { error: 'A subscriptionId is required' };

export const updateStatusBody = z.object(
  {
    // Provider ids are short tokens; anything else is refused before it reaches the provider.
    subscriptionId: z
      .string(SUBSCRIPTION_ID_REQUIRED)
      .regex(/^[A-Za-z0-9_]{1,255}$/, SUBSCRIPTION_ID_REQUIRED),
    status: z
      .string(SUBSCRIPTION_ID_REQUIRED)
      .max(64, SUBSCRIPTION_ID_REQUIRED)
      .optional()
      .describe('Ignored: the payment provider says what it is.'),
  },
  SUBSCRIPTION_ID_REQUIRED,
);
