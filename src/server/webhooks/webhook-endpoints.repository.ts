import { and, desc, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '../../core/api/webhooks.js';
import type { Database } from '../db/database.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { newWebhookSecret } from './webhook-secret.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Deliveries an endpoint's page lists: the latest ones. */
const DELIVERIES_LISTED = 50;

export async function createWebhookEndpoint(
  db: Database,
  input: {
    userId: string;
    url: string;
    events: readonly WebhookEvent[];
    /** Set for an upload's own `webhook_url`: the endpoint hears only that transcription. */
    transcriptionId?: string;
  },
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id: randomUUID(),
      userId: input.userId,
      transcriptionId: input.transcriptionId ?? null,
      url: input.url,
      events: [...new Set(input.events)],
      secret: newWebhookSecret(),
    })
    .returning();
  if (!row) throw new Error('webhook endpoint not inserted');
  return row;
}

/** The account's own endpoints (not the uploads' one-job endpoints), oldest first. */
export function listWebhookEndpoints(db: Database, userId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), isNull(webhookEndpoints.transcriptionId)))
    .orderBy(webhookEndpoints.createdAt);
}

/** One of the user's endpoints (an upload's too), or undefined: another's is not found. */
export async function findWebhookEndpoint(db: Database, userId: string, id: string) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function deleteWebhookEndpoint(db: Database, userId: string, id: string) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export function listWebhookDeliveries(db: Database, endpointId: string) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(DELIVERIES_LISTED);
}
