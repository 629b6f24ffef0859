import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../core/api/common.js';
import {
  createdInvitationSchema,
  createInvitationBody,
  invitationPreviewSchema,
  invitationTokenParams,
  teamIdParams,
  teamInvitationParams,
  teamInvitationSchema,
  teamSchema,
  type CreatedInvitationDto,
  type InvitationPreviewDto,
} from '../../core/api/teams.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import { ANONYMOUS_SECURITY } from '../http/api-schemas.js';
import { perAddressRateLimit } from '../http/per-address-rate-limit.js';
import { acceptInvitation } from './accept-invitation.js';
import { createInvitation } from './create-invitation.js';
import { deliverInvitation } from './deliver-invitation.js';
import { findUsableInvitation } from './invitation-by-token.js';
import { invitationUrl } from './invitation-token.js';
import { requireTeamRole } from './team-access.js';
import { teamActorOf } from './team-actor.js';
import { listPendingInvitations, revokeInvitation } from './team-invitations.js';
import { NO_CONTENT, TEAM_ERRORS, TEAMS_TAG } from './team-route-schemas.js';
import type { TeamsRoutesOptions } from './teams.routes.js';

/** Looking up links by guessing tokens is slowed down per client address. */
const LINK_LOOKUPS_PER_MINUTE = 60;

/** Invitations: owners and admins send and withdraw them; the invited account accepts once. */
export async function teamInvitationsRoutes(parent: FastifyInstance, options: TeamsRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, originOf } = options;

  app.post(
    '/api/teams/:id/invitations',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...TEAMS_TAG,
        summary:
          'Invite an email address (owner or admin): the link is emailed with SMTP set up, otherwise pass it on',
        params: teamIdParams,
        body: createInvitationBody,
        response: {
          201: createdInvitationSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          ...TEAM_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const actor = await teamActorOf(db, authenticatedUser(request));
      const invitation = await createInvitation(db, actor, request.params.id, {
        ...request.body,
        perHour: options.invitationsPerHour,
      });
      const url = invitationUrl(originOf(request), invitation.token);
      const emailed = await deliverInvitation(mailer, request.log, invitation, actor.name, url);
      const answer: CreatedInvitationDto = {
        id: invitation.id,
        url,
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
        emailed,
      };
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/api/teams/:id/invitations',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...TEAMS_TAG,
        summary: 'The team’s pending invitations (owner or admin)',
        params: teamIdParams,
        response: { 200: z.array(teamInvitationSchema), ...TEAM_ERRORS },
      },
    },
    async (request) => {
      const teamId = request.params.id;
      await requireTeamRole(db, teamId, authenticatedUser(request).id, 'manageMembers');
      return (await listPendingInvitations(db, teamId)).map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      }));
    },
  );

  app.delete(
    '/api/teams/:id/invitations/:invitationId',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...TEAMS_TAG,
        summary: 'Withdraw a pending invitation (owner or admin): its link stops working',
        params: teamInvitationParams,
        response: { 204: NO_CONTENT, ...TEAM_ERRORS },
      },
    },
    async (request, reply) => {
      const actor = await teamActorOf(db, authenticatedUser(request));
      await revokeInvitation(db, actor, request.params.id, request.params.invitationId);
      return reply.status(204).send('');
    },
  );

  app.get(
    '/api/invitations/:token',
    {
      config: { rateLimit: perAddressRateLimit(LINK_LOOKUPS_PER_MINUTE, '1 minute') },
      schema: {
        tags: ['Teams'],
        security: ANONYMOUS_SECURITY,
        summary: 'What an invitation link invites to (anyone with the link)',
        params: invitationTokenParams,
        response: {
          200: invitationPreviewSchema,
          404: apiErrorSchema,
          410: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply): Promise<InvitationPreviewDto> => {
      void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      const invitation = await findUsableInvitation(db, request.params.token);
      return {
        teamName: invitation.teamName,
        invitedBy: invitation.invitedBy,
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      config: {
        auth: 'session-or-key',
        rateLimit: perAddressRateLimit(LINK_LOOKUPS_PER_MINUTE, '1 minute'),
      },
      schema: {
        ...TEAMS_TAG,
        summary:
          'Join the team (signed in as the invited address); answers the team with your new role',
        params: invitationTokenParams,
        response: { 200: teamSchema, 409: apiErrorSchema, 410: apiErrorSchema, ...TEAM_ERRORS },
      },
    },
    async (request) => {
      const actor = await teamActorOf(db, authenticatedUser(request));
      return acceptInvitation(db, actor, request.params.token);
    },
  );
}
