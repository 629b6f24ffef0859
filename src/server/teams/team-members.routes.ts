import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../core/api/common.js';
import {
  memberRoleBody,
  teamIdParams,
  teamMemberParams,
  teamMemberSchema,
  type TeamMemberDto,
} from '../../core/api/teams.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import { requireTeamRole } from './team-access.js';
import { teamActorOf } from './team-actor.js';
import { changeMemberRole, removeMember } from './team-members.js';
import { NO_CONTENT, TEAM_ERRORS, TEAMS_TAG } from './team-route-schemas.js';
import { listTeamMembers, type TeamMemberRow } from './teams.repository.js';

const toDto = (row: TeamMemberRow): TeamMemberDto => ({
  ...row,
  joinedAt: row.joinedAt.toISOString(),
});

/** A team's members: every member sees them; owners and admins change roles and remove. */
export async function teamMembersRoutes(parent: FastifyInstance, options: { db: Database }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = options;

  app.get(
    '/api/teams/:id/members',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...TEAMS_TAG,
        summary: 'The team’s members with their roles, the owner first',
        params: teamIdParams,
        response: { 200: z.array(teamMemberSchema), ...TEAM_ERRORS },
      },
    },
    async (request) => {
      await requireTeamRole(db, request.params.id, authenticatedUser(request).id, 'read');
      return (await listTeamMembers(db, request.params.id)).map(toDto);
    },
  );

  app.patch(
    '/api/teams/:id/members/:userId',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...TEAMS_TAG,
        summary:
          'Change a member’s role (owner or admin, never the owner’s); `owner` hands ownership over (owner only), the old owner becomes an admin',
        params: teamMemberParams,
        body: memberRoleBody,
        response: { 200: teamMemberSchema, 409: apiErrorSchema, ...TEAM_ERRORS },
      },
    },
    async (request) => {
      const actor = await teamActorOf(db, authenticatedUser(request));
      const { id, userId } = request.params;
      return toDto(await changeMemberRole(db, actor, id, userId, request.body.role));
    },
  );

  app.delete(
    '/api/teams/:id/members/:userId',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...TEAMS_TAG,
        summary:
          'Remove a member (owner or admin), or leave when it is yourself; the owner hands ownership over before leaving',
        params: teamMemberParams,
        response: { 204: NO_CONTENT, 409: apiErrorSchema, ...TEAM_ERRORS },
      },
    },
    async (request, reply) => {
      const actor = await teamActorOf(db, authenticatedUser(request));
      await removeMember(db, actor, request.params.id, request.params.userId);
      return reply.status(204).send('');
    },
  );
}
