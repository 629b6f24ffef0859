import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../core/api/common.js';
import {
  type TranscriptVersionListDto,
  transcriptVersionListSchema,
  transcriptVersionParams,
} from '../../../core/api/transcript-versions.js';
import {
  type TranscriptionDto,
  transcriptionIdParams,
  transcriptionSchema,
} from '../../../core/api/transcriptions.js';
import { authenticatedUser } from '../../accounts/authenticate.js';
import type { DatabaseHandle } from '../../db/database.js';
import { SESSION_OR_KEY_SECURITY, SESSION_SECURITY } from '../../http/api-schemas.js';
import type { OriginOf } from '../../http/request-origin.js';
import type { TranscriptionSignals } from '../../live/transcription-signals.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { hasWordsToAlign } from '../edit-transcription.js';
import { findAccessibleTranscription } from '../accessible-transcription.js';
import { transcriptionViewer } from '../transcription-viewer.js';
import { enqueueWordAlignment } from '../processing/word-alignment-jobs.js';
import { findTranscriptDeletesAt } from '../transcript-deletes-at.js';
import { toTranscriptionDto } from '../transcription-dto.js';
import { listVersions } from './list-versions.js';
import { restoreVersion } from './restore-version.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

export interface VersionsRoutesOptions {
  /** RETENTION_MAX_DAYS, for the date a transcript is deleted. */
  retentionMaxDays: number | null;
  database: DatabaseHandle;
  /** Takes the alignment job of restored lines whose words were never aligned. */
  queue: JobQueue;
  originOf: OriginOf;
  /** Tells other open pages of the transcript (a team's readers) that a new version was saved. */
  signals: TranscriptionSignals;
}

/** A transcript's history: every change kept as a version, any of which can be brought back. */
export async function versionsRoutes(parent: FastifyInstance, options: VersionsRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, queue, originOf } = options;
  const { db } = database;

  app.get(
    '/api/transcriptions/:id/versions',
    {
      config: { auth: 'session-or-key' },
      schema: {
        tags: ['Transcriptions'],
        security: SESSION_OR_KEY_SECURITY,
        summary: "A transcript's versions, newest first: what changed, who changed it and when",
        params: transcriptionIdParams,
        response: { 200: transcriptVersionListSchema, ...errors },
      },
    },
    async (request, reply): Promise<TranscriptVersionListDto> => {
      const user = authenticatedUser(request);
      const { row } = await findAccessibleTranscription(db, user.id, request.params.id, 'read');
      reply.header('cache-control', 'private, no-store');
      return { versions: await listVersions(db, row) };
    },
  );

  app.post(
    '/api/transcriptions/:id/versions/:version/restore',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['Transcriptions'],
        security: SESSION_SECURITY,
        summary:
          "Bring back a version's lines as a new version (the file name stays); 409 while the transcript is being transcribed",
        params: transcriptVersionParams,
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
      const restored = await restoreVersion(database, row, request.params.version, user.id);
      await options.signals.notify({
        transcriptionId: restored.id,
        userId: restored.userId,
        teamId: restored.teamId,
      });
      if (hasWordsToAlign(restored))
        await enqueueWordAlignment(queue, { transcriptionId: restored.id }).catch(
          (error: unknown) =>
            request.log.warn({ err: error }, 'could not queue the alignment of restored words'),
        );
      reply.header('etag', `"${restored.version}"`).header('cache-control', 'private, no-store');
      return toTranscriptionDto(
        restored,
        originOf(request),
        await findTranscriptDeletesAt(database.db, options.retentionMaxDays, restored),
        await transcriptionViewer(db, access, restored),
      );
    },
  );
}
