import type {
  CreateWebhookBody,
  CreatedWebhookDto,
  WebhookDeliveryDto,
} from '../../../core/api/webhooks';
import { apiRequest } from '../../lib/api-client';

export const WEBHOOKS_KEY = ['/api/webhooks'] as const;
/** The list of a team's endpoints, or with no team the user's own. */
export const webhooksKey = (team: string | undefined) =>
  team === undefined ? WEBHOOKS_KEY : ([`/api/webhooks?team=${encodeURIComponent(team)}`] as const);
export const deliveriesKey = (id: string) =>
  [`/api/webhooks/${encodeURIComponent(id)}/deliveries`] as const;

export async function createWebhook(body: CreateWebhookBody): Promise<CreatedWebhookDto> {
  const response = await apiRequest('POST', '/api/webhooks', body);
  return (await response.json()) as CreatedWebhookDto;
}

export async function deleteWebhook(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/webhooks/${encodeURIComponent(id)}`);
}

export async function sendTestEvent(id: string): Promise<WebhookDeliveryDto> {
  const response = await apiRequest('POST', `/api/webhooks/${encodeURIComponent(id)}/test`);
  return (await response.json()) as WebhookDeliveryDto;
}
