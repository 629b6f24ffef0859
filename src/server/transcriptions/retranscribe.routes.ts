import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TranscriptionDto } from '../../core/api-types.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import { isUserPaid } from '../billing/is-user-paid.js';
import type { DatabaseHandle } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { OriginOf } from '../http/request-origin.js';
import { apiErrorSchema, SESSION_SECURITY } from '../http/api-schemas.js';
import {
  retranscribeBody,
  transcriptionIdParams,
  transcriptionSchema,
} from './transcription-schemas.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { NOT_FOUND, retranscribeTranscription } from './retranscribe-transcription.js';
import { toTranscriptionDto } from './transcription-dto.js';

export interface RetranscribeRoutesOptions {
  database: DatabaseHandle;
  queue: JobQueue;
  originOf: OriginOf;
}

const params = z.object({ id: z.string().min(1).max(100) });
const body = z.object({ wholeFile: z.boolean().optional() }).strict().nullish();

/** `POST /api/transcriptions/:id/retranscribe`, body optional: `{ "wholeFile": true }`. */
export async function retranscribeRoutes(app: FastifyInstance, options: RetranscribeRoutesOptions) {
  const { database, queue, originOf } = options;

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
        },
      },
    },
    async (request, reply): Promise<TranscriptionDto> => {
      const user = authenticatedUser(request);
      const id = params.safeParse(request.params);
      if (!id.success) throw new AppError('not_found', NOT_FOUND);
      const input = body.safeParse(request.body);
      if (!input.success)
        throw new AppError('bad_request', 'Send no body, or { "wholeFile": true }.');
      const row = await retranscribeTranscription(
        { database, queue },
        {
          userId: user.id,
          isPaid: await isUserPaid(database.db, user.id),
          transcriptionId: id.data.id,
          wholeFile: input.data?.wholeFile ?? false,
        },
      );
      reply.status(202);
      return toTranscriptionDto(row, originOf(request));
    },
  );
}
