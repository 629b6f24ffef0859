import type { ExecuteSql } from '../db/raw-transaction.js';
import type { JobAttempt, JobQueue, QueueDefinition, QueuedJob } from '../jobs/job-queue.js';

export const WEBHOOK_QUEUE = 'webhook-delivery';
/** Retries end this long after the event: Standard Webhooks' usual day. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Retries never wait longer than this apart. */
export const WEBHOOK_RETRY_DELAY_MAX_SECONDS = 4 * 60 * 60;
/**
 * Enough retries to span the day from a 30 s start: doubling delays reach the 4 h cap after about
 * 6 h, then four more at the cap. The 24-hour window, not this count, usually ends them.
 */
const WEBHOOK_RETRY_LIMIT = 16;

/**
 * One job per delivery; a failed attempt throws and pg-boss retries it with doubling delays (with
 * jitter), from the database, so a restart of every process loses none.
 */
export function webhookQueue(retryDelaySeconds: number): QueueDefinition {
  return {
    name: WEBHOOK_QUEUE,
    retryLimit: WEBHOOK_RETRY_LIMIT,
    retryDelaySeconds,
    retryBackoff: true,
    retryDelayMaxSeconds: WEBHOOK_RETRY_DELAY_MAX_SECONDS,
    expireInSeconds: 5 * 60,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
    // No `notify`: workers woken by NOTIFY poll only every 30 s, and a retry's due time sends none.
  };
}

export interface WebhookJobData {
  deliveryId: string;
}

export async function enqueueWebhookDelivery(
  queue: JobQueue,
  deliveryId: string,
  executeSql: ExecuteSql,
): Promise<void> {
  await queue.send(WEBHOOK_QUEUE, { deliveryId } satisfies WebhookJobData, { executeSql });
}

/** The latest the next retry comes, as pg-boss computes it (its jitter makes it sooner). */
export function latestRetryDelaySeconds(retryDelaySeconds: number, attempt: JobAttempt): number {
  return Math.min(
    WEBHOOK_RETRY_DELAY_MAX_SECONDS,
    retryDelaySeconds * 2 ** Math.min(16, attempt.retryCount),
  );
}

export async function workWebhookDeliveries(
  queue: JobQueue,
  handler: (data: WebhookJobData, attempt: JobAttempt) => Promise<void>,
): Promise<void> {
  await queue.work(WEBHOOK_QUEUE, { concurrency: 4 }, async (job: QueuedJob<WebhookJobData>) =>
    handler(job.data, job.attempt),
  );
}
