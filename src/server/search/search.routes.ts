import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SearchHitDto } from '../../core/api-types.js';
import type { Auth } from '../accounts/auth.js';
import { requireSessionUser } from '../accounts/current-user.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { searchTerms } from './search-query.js';
import { searchTranscripts } from './search-transcripts.js';

const searchQuery = z.object({
  q: z.union([z.string(), z.array(z.string())]).optional(),
});

/** `GET /api/search?q=`: the signed-in user's transcripts holding the words typed so far. */
export async function searchRoutes(app: FastifyInstance, options: { auth: Auth; db: Database }) {
  const { auth, db } = options;
  app.get('/api/search', async (request, reply): Promise<SearchHitDto[]> => {
    const user = await requireSessionUser(auth, request);
    const parsed = searchQuery.safeParse(request.query);
    const q = parsed.success ? parsed.data.q : undefined;
    if (Array.isArray(q)) throw new AppError('bad_request', 'Send one q parameter.');
    reply.header('cache-control', 'private, no-store');
    const terms = searchTerms(q ?? '');
    return terms ? searchTranscripts(db, user.id, terms) : [];
  });
}
