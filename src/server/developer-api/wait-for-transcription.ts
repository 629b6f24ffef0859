import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { findTranscriptionForUser } from '../transcriptions/transcription.repository.js';
import type { TranscriptionRow } from '../transcriptions/transcription.repository.js';

const POLL_MS = 250;

/**
 * Waits for the job to finish, reading the row the workers (in any process) update. Undefined
 * when the client went away first: the transcript still finishes and stays in the library.
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
    if (!row) return undefined;
    if (row.status === 'completed' || row.status === 'failed') return row;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
