import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createHighlightBody,
  highlightIdParams,
  highlightListSchema,
  highlightSchema,
  type HighlightDto,
} from '../../core/api/comments.js';
import { apiErrorSchema } from '../../core/api/common.js';
import { transcriptionIdParams } from '../../core/api/transcriptions.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import { SESSION_OR_KEY_SECURITY } from '../http/api-schemas.js';
import type { TranscriptionSignals } from '../live/transcription-signals.js';
import { findAccessibleTranscription } from '../transcriptions/accessible-transcription.js';
import { createHighlight, removeHighlight, toHighlightDto } from './highlights.js';
import { listHighlights } from './highlights.repository.js';

export interface HighlightsRoutesOptions {
  db: Database;
  signals: TranscriptionSignals;
}

const auth = { auth: 'session-or-key' } as const;
const documented = { tags: ['Comments'], security: SESSION_OR_KEY_SECURITY };
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** Marked spans of a transcript's lines (issue 33 item 3, docs/decisions/0088). */
export async function highlightsRoutes(parent: FastifyInstance, options: HighlightsRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, signals } = options;

  app.get(
    '/api/transcriptions/:id/highlights',
    {
      config: auth,
      schema: {
        ...documented,
        summary: 'The highlighted spans of a transcript’s lines, in reading order',
        params: transcriptionIdParams,
        response: { 200: highlightListSchema, ...errors },
      },
    },
    async (request): Promise<HighlightDto[]> => {
      const user = authenticatedUser(request);
      const { row } = await findAccessibleTranscription(db, user.id, request.params.id, 'read');
      return (await listHighlights(db, row.id)).map(toHighlightDto);
    },
  );

  app.post(
    '/api/transcriptions/:id/highlights',
    {
      config: auth,
      schema: {
        ...documented,
        summary: 'Highlight characters `start` to `end` of a line',
        params: transcriptionIdParams,
        body: createHighlightBody,
        response: { 201: highlightSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const { row } = await findAccessibleTranscription(db, user.id, request.params.id, 'comment');
      const created = await createHighlight(db, row, user.id, request.body);
      await signals.notifyComments(row.id);
      return reply.status(201).send(toHighlightDto(created));
    },
  );

  app.delete(
    '/api/highlights/:id',
    {
      config: auth,
      schema: {
        ...documented,
        summary: 'Remove a highlight',
        params: highlightIdParams,
        response: { 204: z.string().max(0).describe('Empty.'), ...errors },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const transcription = await removeHighlight(db, user.id, request.params.id);
      await signals.notifyComments(transcription.id);
      return reply.status(204).send('');
    },
  );
}
