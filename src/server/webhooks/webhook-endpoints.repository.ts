import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '../../core/api/webhooks.js';
import type { Database } from '../db/database.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { ownedBy, type WebhookOwner } from './webhook-owner.js';
import { newWebhookSecret } from './webhook-secret.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Deliveries an endpoint's page lists: the latest ones. */
const DELIVERIES_LISTED = 50;

export async function createWebhookEndpoint(
  db: Database,
  input: {
    owner: WebhookOwner;
    /** Who added it: the admin who added a team's endpoint, for the record. */
    createdBy: string;
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
      userId: input.owner.userId ?? null,
      teamId: input.owner.teamId ?? null,
      createdBy: input.createdBy,
      transcriptionId: input.transcriptionId ?? null,
      url: input.url,
      events: [...new Set(input.events)],
      secret: newWebhookSecret(),
    })
    .returning();
  if (!row) throw new Error('webhook endpoint not inserted');
  return row;
}

/** The owner's endpoints (not the uploads' one-job endpoints), oldest first. */
export function listWebhookEndpoints(db: Database, owner: WebhookOwner) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(ownedBy(owner), isNull(webhookEndpoints.transcriptionId)))
    .orderBy(webhookEndpoints.createdAt);
}

/** How many endpoints the owner has (the per-owner limit counts these). */
export async function countWebhookEndpoints(db: Database, owner: WebhookOwner): Promise<number> {
  const [row] = await db
    .select({ endpoints: count() })
    .from(webhookEndpoints)
    .where(and(ownedBy(owner), isNull(webhookEndpoints.transcriptionId)));
  return row?.endpoints ?? 0;
}

/** An endpoint by id, whoever owns it: callers check the reader may manage it. */
export async function findWebhookEndpoint(db: Database, id: string) {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  return rows[0];
}

export async function deleteWebhookEndpoint(db: Database, id: string) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
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
