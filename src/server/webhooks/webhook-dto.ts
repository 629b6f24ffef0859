import type { CreatedWebhookDto, WebhookDeliveryDto, WebhookDto } from '../../core/api/webhooks.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../core/api/webhooks.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhook-endpoints.repository.js';

const isEvent = (event: string): event is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(event);

export function toWebhookDto(row: WebhookEndpointRow): WebhookDto {
  return {
    id: row.id,
    url: row.url,
    events: row.events.filter(isEvent),
    teamId: row.teamId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The creation answer: the only one with the secret. */
export function toCreatedWebhookDto(row: WebhookEndpointRow): CreatedWebhookDto {
  return { ...toWebhookDto(row), secret: row.secret };
}

export function toWebhookDeliveryDto(row: WebhookDeliveryRow): WebhookDeliveryDto {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}
