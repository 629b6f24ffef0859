import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema, type AuditQuery } from '../../core/api/audit.js';
import { apiErrorSchema, idParams } from '../../core/api/common.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import { SESSION_OR_KEY_SECURITY } from '../http/api-schemas.js';
import type { AuditScope } from './list-audit-events.js';
import { auditCsvStream, readAuditPage, teamAuditScope } from './read-audit-trail.js';

export interface AuditRoutesOptions {
  db: Database;
}

const documented = { tags: ['Audit trail'], security: SESSION_OR_KEY_SECURITY };
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };
const CSV_NOTE = ' With `?format=csv`, the whole (filtered) trail as a CSV file.';

/** Answers the JSON page, or streams the whole trail as a CSV attachment. */
function sendTrail(
  db: Database,
  scope: AuditScope,
  query: AuditQuery,
  reply: FastifyReply,
  filename: string,
) {
  reply.header('cache-control', 'private, no-store');
  if (query.format === 'json') return readAuditPage(db, scope, query);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(auditCsvStream(db, scope, query));
}

const today = () => new Date().toISOString().slice(0, 10);

/** The audit trail (issue 33, docs/decisions/0089): the user's own, and a team's for its admins. */
export async function auditRoutes(parent: FastifyInstance, options: AuditRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = options;

  app.get(
    '/api/audit',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...documented,
        summary: `Your activity, newest first: what you did, and what was done to you or your data.${CSV_NOTE}`,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      return sendTrail(db, { userId: user.id }, request.query, reply, `activity-${today()}.csv`);
    },
  );

  app.get(
    '/api/teams/:id/audit',
    {
      config: { auth: 'session-or-key' },
      schema: {
        ...documented,
        summary: `The team's activity, newest first (its owner and admins).${CSV_NOTE}`,
        params: idParams,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 403: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const scope = await teamAuditScope(db, user.id, request.params.id);
      return sendTrail(db, scope, request.query, reply, `team-activity-${today()}.csv`);
    },
  );
}
