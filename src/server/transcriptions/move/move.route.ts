import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../core/api/common.js';
import {
  moveTranscriptionBody,
  type TranscriptionDto,
  transcriptionIdParams,
  transcriptionSchema,
} from '../../../core/api/transcriptions.js';
import { authenticatedUser } from '../../accounts/authenticate.js';
import type { DatabaseHandle } from '../../db/database.js';
import { SESSION_OR_KEY_SECURITY } from '../../http/api-schemas.js';
import type { OriginOf } from '../../http/request-origin.js';
import type { TranscriptionSignals } from '../../live/transcription-signals.js';
import { accessTo } from '../accessible-transcription.js';
import { findTranscriptDeletesAt } from '../transcript-deletes-at.js';
import { toTranscriptionDto } from '../transcription-dto.js';
import { transcriptionViewer } from '../transcription-viewer.js';
import { moveTranscription } from './move-transcription.js';

/** `POST /api/transcriptions/:id/move {team}`: into a team's library, or back to its uploader's. */
export function moveRoute(
  app: FastifyInstance,
  options: {
    database: DatabaseHandle;
    signals: TranscriptionSignals;
    originOf: OriginOf;
    retentionMaxDays: number | null;
  },
) {
  const { database, signals, originOf, retentionMaxDays } = options;
  const { db } = database;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/transcriptions/:id/move',
    {
      config: { auth: 'session-or-key' },
      schema: {
        tags: ['Transcriptions'],
        security: SESSION_OR_KEY_SECURITY,
        summary:
          "Move a transcript into a team's library (`team`), or back to its uploader's own (`team: null`)",
        params: transcriptionIdParams,
        body: moveTranscriptionBody,
        response: {
          200: transcriptionSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request): Promise<TranscriptionDto> => {
      const user = authenticatedUser(request);
      const row = await moveTranscription(
        { db, signals },
        user.id,
        request.params.id,
        request.body.team,
      );
      // Given back to its uploader, it may be out of the mover's reach now: say so as the uploader.
      const access = await accessTo(db, user.id, row, 'read').catch(() => 'uploader' as const);
      return toTranscriptionDto(
        row,
        originOf(request),
        await findTranscriptDeletesAt(db, retentionMaxDays, row),
        await transcriptionViewer(db, access, row),
      );
    },
  );
}
