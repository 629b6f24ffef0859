import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SearchHitDto } from '../../core/api-types.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { apiErrorSchema, SESSION_SECURITY } from '../http/api-schemas.js';
import { forDocumentationOnly } from '../http/documentation-only.js';
import { searchTerms } from './search-query.js';
import { searchTranscripts } from './search-transcripts.js';

const searchQuery = z.object({
  q: z.union([z.string(), z.array(z.string())]).optional(),
});

const searchQueryDocumentation = forDocumentationOnly(
  z.object({ q: z.string().optional().describe('The words; the last may be a prefix.') }),
);

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
export async function searchRoutes(app: FastifyInstance, options: { db: Database }) {
  const { db } = options;
  app.get(
    '/api/search',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['Transcriptions'],
        summary: 'Your transcripts holding the words typed so far',
        security: SESSION_SECURITY,
        querystring: searchQueryDocumentation,
        response: { 200: z.array(searchHitSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply): Promise<SearchHitDto[]> => {
      const user = authenticatedUser(request);
      const parsed = searchQuery.safeParse(request.query);
      const q = parsed.success ? parsed.data.q : undefined;
      if (Array.isArray(q)) throw new AppError('bad_request', 'Send one q parameter.');
      reply.header('cache-control', 'private, no-store');
      const terms = searchTerms(q ?? '');
      return terms ? searchTranscripts(db, user.id, terms) : [];
    },
  );
}
