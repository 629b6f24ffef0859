import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../core/api/common.js';
import { type Vocabulary, vocabularyBody, vocabularySchema } from '../../core/api/vocabulary.js';
import type { Database } from '../db/database.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';
import { authenticatedUser } from './authenticate.js';
import { findVocabulary, saveVocabulary } from './vocabulary.repository.js';

export interface VocabularyRoutesOptions {
  db: Database;
}

const documented = { tags: ['Account'], security: SESSION_SECURITY };

/** The signed-in user's custom vocabulary (settings): every transcription listens for it. */
export async function vocabularyRoutes(parent: FastifyInstance, options: VocabularyRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = options;

  app.get(
    '/api/vocabulary',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Your custom vocabulary',
        response: { 200: vocabularySchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<Vocabulary> => {
      const user = authenticatedUser(request);
      return { terms: await findVocabulary(db, user.id) };
    },
  );

  app.put(
    '/api/vocabulary',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Replace your custom vocabulary',
        body: vocabularyBody,
        response: { 200: vocabularySchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<Vocabulary> => {
      const user = authenticatedUser(request);
      const { terms } = request.body;
      await saveVocabulary(db, user.id, terms);
      return { terms };
    },
  );
}
