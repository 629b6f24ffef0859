import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchHitSchema, searchQuery, type SearchHitDto } from '../../core/api/search.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import { apiErrorSchema } from '../../core/api/common.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';
import { searchTerms } from './search-query.js';
import { searchTranscripts } from './search-transcripts.js';
import { resolveLibrary } from '../team-access/library-scope.js';

/**
 * `GET /api/search?q=&speaker=&team=`: the library's (the user's own, or a team's) transcripts holding the words typed so far,
 * optionally only those in which a speaker has that name.
 */
export async function searchRoutes(parent: FastifyInstance, options: { db: Database }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  app.get(
    '/api/search',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['Transcriptions'],
        summary: 'Your transcripts holding the words typed so far',
        security: SESSION_SECURITY,
        querystring: searchQuery,
        response: {
          200: z.array(searchHitSchema),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply): Promise<SearchHitDto[]> => {
      const user = authenticatedUser(request);
      reply.header('cache-control', 'private, no-store');
      const library = await resolveLibrary(db, user.id, request.query.team);
      const terms = searchTerms(request.query.q ?? '');
      return terms ? searchTranscripts(db, library, terms, request.query.speaker ?? null) : [];
    },
  );
}
