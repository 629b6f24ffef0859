import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeySchema, createApiKeyBody, createdApiKeySchema } from '../../core/api/api-keys.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { apiErrorSchema, idParams, okSchema } from '../../core/api/common.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.js';
import { authenticatedUser } from './authenticate.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const common = { tags: ['API keys'], security: SESSION_SECURITY };

/** Session-only: an API key cannot mint or revoke keys. */
export async function apiKeysRoutes(
  parent: FastifyInstance,
  options: {
    db: Database;
    /** Tells every process that the user's credentials changed, so streams of the key end. */
    sessions: { revokeUser(userId: string): Promise<void> };
  },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = options;

  app.post(
    '/api/keys',
    {
      config: { auth: 'session' },
      schema: {
        ...common,
        summary: 'Create an API key (the secret is in this answer only)',
        body: createApiKeyBody,
        response: { 201: createdApiKeySchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const created = await createApiKey(db, user.id, request.body.name);
      return reply.status(201).send({
        id: created.id,
        name: created.name,
        key: created.key,
        prefix: created.prefix,
        createdAt: created.createdAt.toISOString(),
      });
    },
  );

  app.get(
    '/api/keys',
    {
      config: { auth: 'session' },
      schema: {
        ...common,
        summary: 'List your API keys',
        response: { 200: z.array(apiKeySchema), ...errors },
      },
    },
    async (request) => {
      const keys = await listApiKeys(db, authenticatedUser(request).id);
      return keys.map((key) => ({
        id: key.id,
        name: key.name,
        prefix: key.prefix,
        createdAt: key.createdAt.toISOString(),
        lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      }));
    },
  );

  app.delete(
    '/api/keys/:id',
    {
      config: { auth: 'session' },
      schema: {
        ...common,
        summary: 'Revoke an API key (it stops working at once)',
        params: idParams,
        response: { 200: okSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { id: userId } = authenticatedUser(request);
      const revoked = await revokeApiKey(db, userId, request.params.id);
      if (!revoked) throw new AppError('not_found', 'No such API key.');
      await options.sessions.revokeUser(userId);
      return { ok: true as const };
    },
  );
}
