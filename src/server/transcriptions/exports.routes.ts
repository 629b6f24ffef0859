import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticatedUser } from '../accounts/authenticate.js';
import { apiErrorSchema } from '../../core/api/common.js';
import { SESSION_OR_KEY_SECURITY } from '../http/api-schemas.js';
import type { Database } from '../db/database.js';
import { attachmentDisposition, transcriptFilename } from './content-disposition.js';
import type { ExportCommentThread, ExportFile } from './exports/export-format.js';
import { exportSourceOf } from './exports/export-source.js';
import type { ExportThreadPool } from './exports/export-thread-pool.js';
import { findAccessibleTranscription } from './accessible-transcription.js';
import { downloadQuerySchema, transcriptionIdParams } from '../../core/api/transcriptions.js';
import { fileResponseSchema } from './transcription-schemas.js';
import { recordTranscriptionEvent } from '../audit/record-transcription-event.js';
import { exportEvent } from '../audit/transcription-events.js';

export interface ExportsRoutesOptions {
  db: Database;
  /** Builds the files off the event loop. */
  exportThreads: ExportThreadPool;
  /** The transcript's comment threads, for `comments=true`. */
  commentThreads: (transcriptionId: string) => Promise<ExportCommentThread[]>;
}

/** A Buffer or a stream, which Fastify sends as it is: the response schema only documents it. */
function sendAttachment(reply: FastifyReply, file: ExportFile, filename: string) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/** `GET /api/download/:id?format=&version=original`: the transcript as a file; TXT by default. */
export async function exportsRoutes(parent: FastifyInstance, options: ExportsRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, exportThreads } = options;

  app.get(
    '/api/download/:id',
    {
      config: { auth: 'session-or-key' },
      schema: {
        tags: ['Transcriptions'],
        security: SESSION_OR_KEY_SECURITY,
        summary:
          'Download a transcript as a file (txt, srt, vtt, docx, pdf, json, md), with its comments in json and docx when asked',
        params: transcriptionIdParams,
        querystring: downloadQuerySchema,
        response: {
          200: fileResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const { row } = await findAccessibleTranscription(db, user.id, request.params.id, 'read');
      const { format, version, comments } = request.query;
      const source = exportSourceOf(row, version);
      if (comments === 'true') source.comments = await options.commentThreads(row.id);
      const file = await exportThreads.run(format, source);
      await recordTranscriptionEvent(db, exportEvent(user.id, [row.id], { format, version }));
      return sendAttachment(reply, file, transcriptFilename(row.filename, file.extension));
    },
  );
}
