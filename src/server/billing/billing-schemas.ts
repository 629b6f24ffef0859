import { z } from 'zod';
import { forDocumentationOnly } from '../http/documentation-only.js';

/** The JSON the billing routes answer with: the OpenAPI document and the serializer read these. */

export const billingConfigSchema = z
  .object({
    provider: z
      .enum(['stripe', 'test', 'none'])
      .describe('`none`: Pro is not on sale here (a public address without Stripe keys).'),
    publishableKey: z.string().nullable(),
  })
  .meta({ id: 'BillingConfig' });

export const subscriptionCheckoutSchema = z
  .object({
    subscriptionId: z.string(),
    clientSecret: z.string().nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: 'SubscriptionCheckout' });

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

/** The handler checks it, with its own message; this documents it. */
export const updateStatusBodyDocumentation = forDocumentationOnly(
  z.object({
    subscriptionId: z.string(),
    status: z.string().optional().describe('Ignored: the payment provider says what it is.'),
  }),
);
