import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type DefaultLanguage,
  defaultLanguageBody,
  defaultLanguageSchema,
} from '../../core/api/account.js';
import { apiErrorSchema } from '../../core/api/common.js';
import type { Database } from '../db/database.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';
import { authenticatedUser } from './authenticate.js';
import { findDefaultLanguage, saveDefaultLanguage } from './default-language.repository.js';

/** The signed-in user's default language for uploads (account settings). */
const documented = { tags: ['Account'], security: SESSION_SECURITY };

export async function defaultLanguageRoutes(parent: FastifyInstance, options: { db: Database }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = options;

  app.get(
    '/api/account/default-language',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'The language your uploads use when they name none',
        response: { 200: defaultLanguageSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<DefaultLanguage> => ({
      language: await findDefaultLanguage(db, authenticatedUser(request).id),
    }),
  );

  app.put(
    '/api/account/default-language',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Change the language your uploads use when they name none',
        body: defaultLanguageBody,
        response: { 200: defaultLanguageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<DefaultLanguage> => {
      const { language } = request.body;
      await saveDefaultLanguage(db, authenticatedUser(request).id, language);
      return { language };
    },
  );
}
