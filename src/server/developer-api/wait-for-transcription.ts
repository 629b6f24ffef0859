import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { findTranscriptionForUser } from '../transcriptions/transcription.repository.js';
import type { TranscriptionRow } from '../transcriptions/transcription.repository.js';
import { OpenAiError } from './openai-error.js';

const POLL_MS = 250;

export const DELETED_IN_THE_WEB_APP =
  'This transcription was deleted in the web app before it finished; send the file again to transcribe it.';

/**
 * Waits until the job is no longer queued or running, reading the row the workers (in any
 * process) update: completed, failed, or cancelled from the web app. Undefined when the client
 * went away first: the transcript still finishes and stays in the library. A row deleted
 * meanwhile is answered at once, as a cancel is: nothing will ever finish it.
 */
export async function waitForTranscription(
  db: Database,
  request: FastifyRequest,
  userId: string,
  id: string,
): Promise<TranscriptionRow | undefined> {
  for (;;) {
    if (request.raw.socket.destroyed) return undefined;
    const row = await findTranscriptionForUser(db, userId, id);
    if (!row)
      throw new OpenAiError(
        'not_found',
        DELETED_IN_THE_WEB_APP,
        'invalid_request_error',
        'transcription_deleted',
      );
    if (row.status !== 'queued' && row.status !== 'processing') return row;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
