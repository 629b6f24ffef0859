import type { FastifyInstance } from 'fastify';
import type { OriginalTranscriptDto, TranscriptionDto } from '../../core/api-types.js';
import type { Auth } from '../accounts/auth.js';
import { requireSessionUser } from '../accounts/current-user.js';
import type { Database } from '../db/database.js';
import { editTranscription } from './edit-transcription.js';
import { findOwnedTranscription } from './owned-transcription.js';
import { toTranscriptionDto } from './transcription-dto.js';

export interface TranscriptionEditsRoutesOptions {
  auth: Auth;
  db: Database;
  baseUrl: string;
}

/** Correcting a transcript: PATCH it (with the version it was edited on), read the machine's one. */
export async function transcriptionEditsRoutes(
  app: FastifyInstance,
  options: TranscriptionEditsRoutesOptions,
) {
  const { auth, db, baseUrl } = options;

  app.patch('/api/transcriptions/:id', async (request, reply): Promise<TranscriptionDto> => {
    const user = await requireSessionUser(auth, request);
    const row = await findOwnedTranscription(db, user.id, request.params);
    const updated = await editTranscription(db, row, request.body, request.headers['if-match']);
    reply.header('etag', `"${updated.version}"`).header('cache-control', 'private, no-store');
    return toTranscriptionDto(updated, baseUrl);
  });

  app.get('/api/transcriptions/:id/original', async (request): Promise<OriginalTranscriptDto> => {
    const user = await requireSessionUser(auth, request);
    const row = await findOwnedTranscription(db, user.id, request.params);
    return { text: row.originalText ?? row.text, segments: row.originalSegments ?? row.segments };
  });
}
