import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../core/api/common.js';
import {
  overCapMessage,
  type RetentionDto,
  retentionBody,
  retentionSchema,
} from '../../core/api/retention.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';
import { authenticatedUser } from './authenticate.js';
import { exceedsCap } from '../../core/retention.js';
import { findRetention, saveRetention } from './retention.repository.js';

const documented = { tags: ['Account'], security: SESSION_SECURITY };

/** When the account's recordings and transcripts are deleted (docs/decisions/0085). */
export async function retentionRoutes(
  parent: FastifyInstance,
  options: { db: Database; maxDays: number | null },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, maxDays } = options;

  app.get(
    '/api/account/retention',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'When your recordings and transcripts are deleted, and the server’s cap',
        response: { 200: retentionSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<RetentionDto> => ({
      ...(await findRetention(db, authenticatedUser(request).id)),
      maxDays,
    }),
  );

  app.put(
    '/api/account/retention',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Choose when your recordings and transcripts are deleted (within the cap)',
        body: retentionBody,
        response: { 200: retentionSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<RetentionDto> => {
      const chosen = request.body;
      if (maxDays !== null && exceedsCap(chosen, maxDays))
        throw new AppError('bad_request', overCapMessage(maxDays));
      await saveRetention(db, authenticatedUser(request).id, chosen);
      return { ...chosen, maxDays };
    },
  );
}
