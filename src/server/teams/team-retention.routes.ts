import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../core/api/common.js';
import {
  overCapMessage,
  type RetentionDto,
  retentionBody,
  retentionSchema,
} from '../../core/api/retention.js';
import { teamRoleCan, type TeamPermission } from '../../core/teams/team-permissions.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { SESSION_OR_KEY_SECURITY } from '../http/api-schemas.js';
import { exceedsCap } from '../../core/retention.js';
import { findTeamRole } from '../team-access/team-membership.js';
import { findTeamRetention, saveTeamRetention } from './team-retention.repository.js';

export const TEAM_NOT_FOUND = 'Team not found';
export const ONLY_ADMINS_SET_RETENTION =
  "Only the team's owner and admins can change when its recordings and transcripts are deleted.";

const teamParams = z.object({ id: z.string() });
const documented = { tags: ['Teams'], security: SESSION_OR_KEY_SECURITY };
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * When a team's recordings and transcripts are deleted (docs/decisions/0085): its transcriptions
 * follow the team's setting instead of their uploaders'. Members read it, admins change it.
 */
export async function teamRetentionRoutes(
  parent: FastifyInstance,
  options: { db: Database; maxDays: number | null },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, maxDays } = options;

  /** 404 for someone outside the team, 403 for a member whose role lacks the permission. */
  async function requireTeam(userId: string, teamId: string, permission: TeamPermission) {
    const role = await findTeamRole(db, teamId, userId);
    if (!role) throw new AppError('not_found', TEAM_NOT_FOUND);
    if (!teamRoleCan(role, permission)) throw new AppError('forbidden', ONLY_ADMINS_SET_RETENTION);
  }

  app.get(
    '/api/teams/:id/retention',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...documented,
        summary: "When the team's recordings and transcripts are deleted, and the server's cap",
        params: teamParams,
        response: { 200: retentionSchema, ...errors },
      },
    },
    async (request): Promise<RetentionDto> => {
      await requireTeam(authenticatedUser(request).id, request.params.id, 'read');
      return { ...(await findTeamRetention(db, request.params.id)), maxDays };
    },
  );

  app.put(
    '/api/teams/:id/retention',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...documented,
        summary: "Choose when the team's recordings and transcripts are deleted (admins)",
        params: teamParams,
        body: retentionBody,
        response: { 200: retentionSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request): Promise<RetentionDto> => {
      await requireTeam(authenticatedUser(request).id, request.params.id, 'manageMembers');
      if (maxDays !== null && exceedsCap(request.body, maxDays))
        throw new AppError('bad_request', overCapMessage(maxDays));
      await saveTeamRetention(db, request.params.id, request.body);
      return { ...request.body, maxDays };
    },
  );
}
