import type { FastifyInstance } from 'fastify';
import { handleStripeWebhook, type StripeWebhookDeps } from './stripe-webhook.js';

export const STRIPE_WEBHOOK_PATH = '/api/billing/webhook';

/** Its own plugin scope, so only this route receives its JSON body as raw bytes for the signature. */
export async function stripeWebhookRoutes(app: FastifyInstance, deps: StripeWebhookDeps) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(STRIPE_WEBHOOK_PATH, async (request) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    const { duplicate } = await handleStripeWebhook(
      deps,
      rawBody,
      typeof signature === 'string' ? signature : undefined,
    );
    return { received: true, duplicate };
  });
}
