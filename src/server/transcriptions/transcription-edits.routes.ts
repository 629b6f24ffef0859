import type { JobQueue } from '../jobs/job-queue.js';
import { enqueueWordAlignment } from './processing/word-alignment-jobs.js';
import { segmentsWithWords } from '../speech/engines/segment-words.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type OriginalTranscriptDto,
  type TranscriptionDto,
  originalTranscriptSchema,
  transcriptionIdParams,
  transcriptionPatchBody,
  transcriptionSchema,
} from '../../core/api/transcriptions.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { DatabaseHandle } from '../db/database.js';
import { editTranscription, hasWordsToAlign } from './edit-transcription.js';
import { findAccessibleTranscription } from './accessible-transcription.js';
import { transcriptionViewer } from './transcription-viewer.js';
import { findTranscriptDeletesAt } from './transcript-deletes-at.js';
import { toTranscriptionDto } from './transcription-dto.js';
import type { OriginOf } from '../http/request-origin.js';
import type { TranscriptionSignals } from '../live/transcription-signals.js';
import { apiErrorSchema } from '../../core/api/common.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const documented = { tags: ['Transcriptions'], security: SESSION_SECURITY };

export interface TranscriptionEditsRoutesOptions {
  /** RETENTION_MAX_DAYS, for the date a transcript is deleted. */
  retentionMaxDays: number | null;
  database: DatabaseHandle;
  /** Takes the alignment job of lines a person rewrote, and the job remembering voices named. */
  queue: JobQueue;
  /** Share links are absolute on the origin the owner uses (BASE_URL when set). */
  originOf: OriginOf;
  /** Tells other open pages of the transcript (a team's readers) that a new version was saved. */
  signals: TranscriptionSignals;
}

/** Correcting a transcript: PATCH it (with the version it was edited on), read the machine's one. */
export async function transcriptionEditsRoutes(
  parent: FastifyInstance,
  options: TranscriptionEditsRoutesOptions,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, queue, originOf } = options;
  const { db } = database;

  app.patch(
    '/api/transcriptions/:id',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary:
          'Rename a transcript, correct its segments or rename its speakers (409 when the version is stale)',
        params: transcriptionIdParams,
        body: transcriptionPatchBody,
        response: { 200: transcriptionSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply): Promise<TranscriptionDto> => {
      const user = authenticatedUser(request);
      const { row, access } = await findAccessibleTranscription(
        db,
        user.id,
        request.params.id,
        'edit',
      );
      const updated = await editTranscription(
        { database, queue },
        row,
        request.body,
        request.headers['if-match'],
        user.id,
      );
      await options.signals.notify({
        transcriptionId: updated.id,
        userId: updated.userId,
        teamId: updated.teamId,
      });
      // The edit is saved with the new words spread over their lines; a worker aligns them next.
      if (hasWordsToAlign(updated))
        await enqueueWordAlignment(queue, { transcriptionId: updated.id }).catch((error: unknown) =>
          request.log.warn({ err: error }, 'could not queue the alignment of edited words'),
        );
      reply.header('etag', `"${updated.version}"`).header('cache-control', 'private, no-store');
      return toTranscriptionDto(
        updated,
        originOf(request),
        await findTranscriptDeletesAt(database.db, options.retentionMaxDays, updated),
        await transcriptionViewer(db, access, updated),
      );
    },
  );

  app.get(
    '/api/transcriptions/:id/original',
    {
      config: { auth: 'session' },
      schema: {
        ...documented,
        summary: 'The machine’s first transcript, before any edit',
        params: transcriptionIdParams,
        response: { 200: originalTranscriptSchema, ...errors },
      },
    },
    async (request): Promise<OriginalTranscriptDto> => {
      const user = authenticatedUser(request);
      const { row } = await findAccessibleTranscription(db, user.id, request.params.id, 'read');
      return {
        text: row.originalText ?? row.text,
        segments: segmentsWithWords(row.originalSegments ?? row.segments),
      };
    },
  );
}
