import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../db/database.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import type { JobAttempt } from '../jobs/job-queue.js';
import { guardedRequest } from '../outbound/guarded-request.js';
import { OutboundError } from '../outbound/outbound-error.js';
import type { OutboundPolicy } from '../outbound/outbound-policy.js';
import { latestRetryDelaySeconds, WEBHOOK_RETRY_WINDOW_MS } from './webhook-delivery-jobs.js';

/** An endpoint that has not answered in this long has failed this attempt. */
const DELIVERY_TIMEOUT_MS = 15_000;

export interface DeliverWebhookDeps {
  db: Database;
  policy: OutboundPolicy;
  retryDelaySeconds: number;
  userAgent: string;
}

/** Thrown so the queue retries the delivery later. */
export class DeliveryNotAccepted extends Error {
  override name = 'DeliveryNotAccepted';
}

/** Posts once, signed; null on a 2xx, else why it failed. The address is checked on every call. */
async function post(
  deps: DeliverWebhookDeps,
  target: { url: string; secret: string; messageId: string; body: string },
): Promise<{ status: number | null; error: string | null }> {
  const timestamp = new Date();
  const signature = new Webhook(target.secret).sign(target.messageId, timestamp, target.body);
  try {
    const { response } = await guardedRequest(deps.policy, {
      url: target.url,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': deps.userAgent,
        'webhook-id': target.messageId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: target.body,
      maxRedirects: 0,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    response.resume();
    const status = response.statusCode ?? 0;
    if (status >= 200 && status < 300) return { status, error: null };
    return { status, error: `The endpoint answered ${status}.` };
  } catch (error) {
    if (error instanceof OutboundError) return { status: null, error: error.message };
    throw error;
  }
}

/**
 * One attempt at a delivery, recorded on its row: delivered on a 2xx answer; otherwise retried by
 * the queue until 24 h after the event, then failed for good. A delivery whose endpoint was
 * deleted is dropped.
 */
export async function deliverWebhook(
  deps: DeliverWebhookDeps,
  deliveryId: string,
  attempt: JobAttempt,
): Promise<void> {
  const { db } = deps;
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  const found = rows[0];
  if (!found) return;
  const { delivery } = found;
  if (delivery.status === 'delivered' || delivery.status === 'failed') return;
  const result = await post(deps, {
    url: found.url,
    secret: found.secret,
    messageId: delivery.id,
    body: JSON.stringify(delivery.payload),
  });
  const now = new Date();
  const nextDelayMs = latestRetryDelaySeconds(deps.retryDelaySeconds, attempt) * 1000;
  const retries =
    result.error !== null &&
    attempt.retryCount < attempt.retryLimit &&
    now.getTime() + nextDelayMs <= delivery.createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS;
  await db
    .update(webhookDeliveries)
    .set({
      status: result.error === null ? 'delivered' : retries ? 'retrying' : 'failed',
      attempts: delivery.attempts + 1,
      responseStatus: result.status,
      error: result.error,
      lastAttemptAt: now,
      nextAttemptAt: retries ? new Date(now.getTime() + nextDelayMs) : null,
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  if (retries) throw new DeliveryNotAccepted(result.error ?? 'not delivered');
}
