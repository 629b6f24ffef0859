import { eq, type SQL } from 'drizzle-orm';
import { webhookEndpoints } from '../db/schema.js';

/** Whose endpoints: a user's own, told of their own library, or a team's, told of the team's. */
export type WebhookOwner = { userId: string; teamId?: never } | { teamId: string; userId?: never };

/** The endpoints of this owner (an upload's own `webhook_url` is its uploader's). */
export function ownedBy(owner: WebhookOwner): SQL {
  return owner.teamId !== undefined
    ? eq(webhookEndpoints.teamId, owner.teamId)
    : eq(webhookEndpoints.userId, owner.userId);
}
