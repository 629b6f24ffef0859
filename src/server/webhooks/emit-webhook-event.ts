import { and, eq, isNull, or } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/database.js';
import { withRawTransaction } from '../db/raw-transaction.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { enqueueWebhookDelivery } from './webhook-delivery-jobs.js';
import { ownedBy, type WebhookOwner } from './webhook-owner.js';
import { newMessageId } from './webhook-secret.js';

export interface WebhookEventInput {
  type: string;
  /**
   * Only this endpoint, whatever it listens for (the test event); or the endpoints of the library
   * a transcription is in (its uploader's own, or its team's), with the upload's own `webhook_url`,
   * which hears only its own transcription.
   */
  to: { endpointId: string } | { owner: WebhookOwner; transcriptionId: string };
  data: Record<string, unknown>;
}

export interface WebhookEmitterDeps {
  database: DatabaseHandle;
  queue: JobQueue;
}

/** Tells the endpoints that want it; a transcription's place in the pipeline calls this. */
export type EmitWebhookEvent = (event: WebhookEventInput) => Promise<string[]>;

/**
 * Writes one delivery per endpoint that listens for the event, and its job, in one transaction:
 * an event is either queued for every endpoint or for none. Answers the deliveries' ids.
 */
export async function emitWebhookEvent(
  deps: WebhookEmitterDeps,
  event: WebhookEventInput,
): Promise<string[]> {
  const { db } = deps.database;
  const { to } = event;
  const scope =
    'endpointId' in to
      ? eq(webhookEndpoints.id, to.endpointId)
      : or(
          and(ownedBy(to.owner), isNull(webhookEndpoints.transcriptionId)),
          // Only the upload that named it makes an endpoint for a transcription's id.
          eq(webhookEndpoints.transcriptionId, to.transcriptionId),
        );
  const endpoints = await db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(scope);
  const listening = endpoints.filter(
    (endpoint) => 'endpointId' in to || endpoint.events.includes(event.type),
  );
  if (listening.length === 0) return [];
  const payload = { type: event.type, timestamp: new Date().toISOString(), data: event.data };
  const ids = listening.map(() => newMessageId());
  await withRawTransaction(deps.database, async (executeSql) => {
    for (const [index, endpoint] of listening.entries()) {
      const id = ids[index] as string;
      const insert = db
        .insert(webhookDeliveries)
        .values({ id, endpointId: endpoint.id, event: event.type, payload })
        .toSQL();
      await executeSql(insert.sql, insert.params);
      await enqueueWebhookDelivery(deps.queue, id, executeSql);
    }
  });
  return ids;
}
