import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SearchHitDto } from '../../core/api-types.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import { apiErrorSchema, SESSION_SECURITY } from '../http/api-schemas.js';
import { searchTerms } from './search-query.js';
import { searchTranscripts } from './search-transcripts.js';

const searchQuery = z.object({
  q: z
    .string({ error: 'Send one q parameter.' })
    .optional()
    .describe('The words; the last may be a prefix.'),
});

const searchHitSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    createdAt: z.iso.datetime(),
    snippet: z
      .string()
      .describe('Text around the match, HTML-escaped, the matching words in `<mark>…</mark>`.'),
    start: z
      .number()
      .nullable()
      .describe('Where the first matching segment starts, or null when only the name matched.'),
  })
  .meta({ id: 'SearchHit' });

/** `GET /api/search?q=`: the signed-in user's transcripts holding the words typed so far. */
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
        response: { 200: z.array(searchHitSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply): Promise<SearchHitDto[]> => {
      const user = authenticatedUser(request);
      reply.header('cache-control', 'private, no-store');
      const terms = searchTerms(request.query.q ?? '');
      return terms ? searchTranscripts(db, user.id, terms) : [];
    },
  );
}
