import type { WebhookEvent } from '../../core/api/webhooks.js';
import { teamRoleCan } from '../../core/teams/team-permissions.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { OutboundPolicy } from '../outbound/outbound-policy.js';
import { findTeamRole } from '../team-access/team-membership.js';
import { lockTeamForChange, requireTeamRole, teamRoleRefusal } from '../teams/team-access.js';
import type { TeamActor } from '../teams/team-actor.js';
import {
  countWebhookEndpoints,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  type WebhookEndpointRow,
} from './webhook-endpoints.repository.js';
import type { WebhookOwner } from './webhook-owner.js';
import { checkWebhookUrl } from './webhook-url.js';

export const WEBHOOK_NOT_FOUND = 'Webhook endpoint not found.';
/** An owner's endpoints at most (an account's, a team's): each event is sent to every one. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

/**
 * Whose endpoints a request means: the caller's own, or with `teamId` the team's, which only its
 * owner and admins manage (404 to outsiders, 403 to other members, as every team route).
 */
export async function webhookOwnerOf(
  db: Database,
  userId: string,
  teamId: string | undefined,
): Promise<WebhookOwner> {
  if (teamId === undefined) return { userId };
  await requireTeamRole(db, teamId, userId, 'manageWebhooks');
  return { teamId };
}

/**
 * An endpoint the user may manage: their own (an upload's one-job endpoint too), or a team's they
 * may manage webhooks of. Anyone else's is not found; a team member without the right gets 403.
 */
export async function managedWebhookEndpoint(
  db: Database,
  userId: string,
  id: string,
): Promise<WebhookEndpointRow> {
  const endpoint = await findWebhookEndpoint(db, id);
  if (endpoint && endpoint.userId === userId) return endpoint;
  if (endpoint?.teamId) {
    const role = await findTeamRole(db, endpoint.teamId, userId);
    if (role && !teamRoleCan(role, 'manageWebhooks'))
      throw new AppError('forbidden', teamRoleRefusal(role));
    if (role) return endpoint;
  }
  throw new AppError('not_found', WEBHOOK_NOT_FOUND);
}

/** A new endpoint for the actor or their team; a team's is recorded in the team's trail. */
export async function addWebhookEndpoint(
  db: Database,
  policy: OutboundPolicy,
  actor: TeamActor,
  input: { url: string; events: readonly WebhookEvent[]; team?: string | undefined },
): Promise<WebhookEndpointRow> {
  return db.transaction(async (tx) => {
    // The team's row is locked so two admins adding at once cannot both pass the limit.
    if (input.team !== undefined)
      await lockTeamForChange(tx, input.team, actor.id, 'manageWebhooks');
    const owner: WebhookOwner =
      input.team === undefined ? { userId: actor.id } : { teamId: input.team };
    const url = checkWebhookUrl(policy, input.url);
    if ((await countWebhookEndpoints(tx, owner)) >= MAX_WEBHOOK_ENDPOINTS)
      throw new AppError(
        'forbidden',
        owner.teamId === undefined
          ? `An account has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first.`
          : `A team has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first.`,
      );
    const row = await createWebhookEndpoint(tx, {
      owner,
      createdBy: actor.id,
      url,
      events: input.events,
    });
    if (owner.teamId !== undefined)
      await recordAuditEvent(tx, {
        action: 'team.webhook-added',
        actor,
        teamId: owner.teamId,
        detail: { url: row.url, events: row.events.join(', ') },
      });
    return row;
  });
}

/** Deletes an endpoint the actor may manage (its pending deliveries go with it). */
export async function removeWebhookEndpoint(
  db: Database,
  actor: TeamActor,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const endpoint = await managedWebhookEndpoint(tx, actor.id, id);
    if (!(await deleteWebhookEndpoint(tx, endpoint.id)))
      throw new AppError('not_found', WEBHOOK_NOT_FOUND);
    if (endpoint.teamId !== null)
      await recordAuditEvent(tx, {
        action: 'team.webhook-removed',
        actor,
        teamId: endpoint.teamId,
        detail: { url: endpoint.url },
      });
  });
}
