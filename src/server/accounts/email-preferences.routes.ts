import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type EmailPreferences,
  emailPreferencesBody,
  emailPreferencesSchema,
} from '../../core/api/account.js';
import type { Database } from '../db/database.js';
import { apiErrorSchema } from '../../core/api/common.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';
import { authenticatedUser } from './authenticate.js';
import {
  findTranscriptReadyEmail,
  saveTranscriptReadyEmail,
} from './email-preferences.repository.js';

export interface EmailPreferencesRoutesOptions {
  db: Database;
  emailAvailable: boolean;
}

/** The signed-in user's own email choices (account settings). */
const documented = { tags: ['Account'], security: SESSION_SECURITY };

export async function emailPreferencesRoutes(
  parent: FastifyInstance,
  options: EmailPreferencesRoutesOptions,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, emailAvailable } = options;

  app.get(
    '/api/account/email-preferences',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Your email choices',
        response: { 200: emailPreferencesSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<EmailPreferences> => {
      const user = authenticatedUser(request);
      return { emailAvailable, transcriptReady: await findTranscriptReadyEmail(db, user.id) };
    },
  );

  app.put(
    '/api/account/email-preferences',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'Change your email choices',
        body: emailPreferencesBody,
        response: { 200: emailPreferencesSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<EmailPreferences> => {
      const user = authenticatedUser(request);
      const { transcriptReady } = request.body;
      await saveTranscriptReadyEmail(db, user.id, transcriptReady);
      return { emailAvailable, transcriptReady };
    },
  );
}
