import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../core/api/common.js';
import { teamIdParams, teamNameBody, teamSchema, teamSummarySchema } from '../../core/api/teams.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import type { OriginOf } from '../http/request-origin.js';
import type { Mailer } from '../mail/mailer.js';
import { teamActorOf } from './team-actor.js';
import { NO_CONTENT, TEAM_ERRORS, TEAMS_TAG } from './team-route-schemas.js';
import { teamInvitationsRoutes } from './team-invitations.routes.js';
import { teamMembersRoutes } from './team-members.routes.js';
import { createTeam, deleteTeam, renameTeam } from './teams.js';
import { listTeamsOfUser } from './teams.repository.js';

export interface TeamsRoutesOptions {
  db: Database;
  mailer: Mailer;
  /** Invitation links are absolute on the origin the inviter uses (BASE_URL when set). */
  originOf: OriginOf;
  /** Invitations one person may send in an hour, all teams together. */
  invitationsPerHour: number;
}

/** Teams (issue 33, docs/decisions/0087): an API key acts as its user, with the user's roles. */
export async function teamsRoutes(parent: FastifyInstance, options: TeamsRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const actor = (request: Parameters<typeof authenticatedUser>[0]) =>
    teamActorOf(db, authenticatedUser(request));

  app.post(
    '/api/teams',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...TEAMS_TAG,
        summary: 'Create a team (you become its owner)',
        body: teamNameBody,
        response: {
          201: teamSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTeam(db, await actor(request), request.body.name)),
  );

  app.get(
    '/api/teams',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...TEAMS_TAG,
        summary: 'Your teams, with your role and the number of members',
        response: { 200: z.array(teamSummarySchema), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => listTeamsOfUser(db, authenticatedUser(request).id),
  );

  app.patch(
    '/api/teams/:id',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...TEAMS_TAG,
        summary: 'Rename a team (owner or admin)',
        params: teamIdParams,
        body: teamNameBody,
        response: { 200: teamSchema, ...TEAM_ERRORS },
      },
    },
    async (request) => renameTeam(db, await actor(request), request.params.id, request.body.name),
  );

  app.delete(
    '/api/teams/:id',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...TEAMS_TAG,
        summary: 'Delete a team (owner); its transcriptions go back to their uploaders',
        params: teamIdParams,
        response: { 204: NO_CONTENT, ...TEAM_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteTeam(db, await actor(request), request.params.id);
      return reply.status(204).send('');
    },
  );

  await app.register(teamMembersRoutes, { db });
  await app.register(teamInvitationsRoutes, options);
}
