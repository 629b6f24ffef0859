import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type TranscriptionDto,
  retranscribeBody,
  transcriptionIdParams,
  transcriptionSchema,
} from '../../core/api/transcriptions.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import { isUserPaid } from '../billing/is-user-paid.js';
import type { DatabaseHandle } from '../db/database.js';
import type { OriginOf } from '../http/request-origin.js';
import { apiErrorSchema } from '../../core/api/common.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { retranscribeTranscription } from './retranscribe-transcription.js';
import { findTranscriptDeletesAt } from './transcript-deletes-at.js';
import { toTranscriptionDto } from './transcription-dto.js';
import { findAccessibleTranscription } from './accessible-transcription.js';
import { transcriptionViewer } from './transcription-viewer.js';

export interface RetranscribeRoutesOptions {
  /** RETENTION_MAX_DAYS, for the date a transcript is deleted. */
  retentionMaxDays: number | null;
  database: DatabaseHandle;
  queue: JobQueue;
  originOf: OriginOf;
}

/** `POST /api/transcriptions/:id/retranscribe`, body optional: `{ "wholeFile": true }`. */
export async function retranscribeRoutes(
  parent: FastifyInstance,
  options: RetranscribeRoutesOptions,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, queue, originOf, retentionMaxDays } = options;

  app.post(
    '/api/transcriptions/:id/retranscribe',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['Transcriptions'],
        summary: 'Transcribe a finished transcript again, in place, with today’s plan and engine',
        security: SESSION_SECURITY,
        params: transcriptionIdParams,
        body: retranscribeBody,
        response: {
          202: transcriptionSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (request, reply): Promise<TranscriptionDto> => {
      const user = authenticatedUser(request);
      const { row: found, access } = await findAccessibleTranscription(
        database.db,
        user.id,
        request.params.id,
        'edit',
      );
      // The uploader's plan and month pay for it, whoever in the team asks (docs/decisions/0087).
      const row = await retranscribeTranscription(
        { database, queue },
        {
          userId: found.userId,
          actorId: user.id,
          isPaid: await isUserPaid(database.db, found.userId),
          transcriptionId: request.params.id,
          wholeFile: request.body?.wholeFile ?? false,
        },
      );
      reply.status(202);
      return toTranscriptionDto(
        row,
        originOf(request),
        await findTranscriptDeletesAt(database.db, retentionMaxDays, row),
        await transcriptionViewer(database.db, access, row),
      );
    },
  );
}
