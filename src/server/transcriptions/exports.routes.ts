import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EXPORT_FORMATS } from '../../core/api-types.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import { apiErrorSchema, SESSION_OR_KEY_SECURITY } from '../http/api-schemas.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { attachmentDisposition, transcriptFilename } from './content-disposition.js';
import { exportTranscript } from './exports/export-transcript.js';
import { findOwnedTranscription } from './owned-transcription.js';
import {
  downloadQuerySchema,
  fileResponseSchema,
  transcriptionIdParams,
} from './transcription-schemas.js';

export interface ExportsRoutesOptions {
  db: Database;
}

const FORMAT_MESSAGE = `format must be one of ${EXPORT_FORMATS.join(', ')}.`;
const VERSION_MESSAGE = 'version must be "original" (or left out for the current transcript).';

const downloadQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: FORMAT_MESSAGE }).default('txt'),
  version: z.enum(['original', 'current'], { error: VERSION_MESSAGE }).default('current'),
});

/** `GET /api/download/:id?format=&version=original`: the transcript as a file; TXT by default. */
export async function exportsRoutes(app: FastifyInstance, options: ExportsRoutesOptions) {
  const { db } = options;

  app.get(
    '/api/download/:id',
    {
      config: { auth: 'session-or-key' },
      schema: {
        tags: ['Transcriptions'],
        security: SESSION_OR_KEY_SECURITY,
        summary: 'Download a transcript as a file (txt, srt, vtt, docx, pdf, json, md)',
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
      const row = await findOwnedTranscription(db, user.id, request.params);
      const query = downloadQuery.safeParse(request.query);
      if (!query.success) {
        throw new AppError('bad_request', query.error.issues[0]?.message ?? FORMAT_MESSAGE);
      }
      const { format, version } = query.data;
      const original = version === 'original';
      const file = await exportTranscript(format, {
        filename: row.filename,
        text: original ? (row.originalText ?? row.text) : row.text,
        segments: original ? (row.originalSegments ?? row.segments) : row.segments,
        durationInSeconds: row.durationInSeconds,
        language: row.language,
        createdAt: row.createdAt,
      });
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          attachmentDisposition(transcriptFilename(row.filename, file.extension)),
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
