import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { findTranscriptionForUser, type TranscriptionRow } from './transcription.repository.js';

export const TRANSCRIPTION_NOT_FOUND = 'Transcription not found';

/** The user's transcription named by the route's `:id`; anyone else's (or none) is a 404. */
export async function findOwnedTranscription(
  db: Database,
  userId: string,
  id: string,
): Promise<TranscriptionRow> {
  const row = await findTranscriptionForUser(db, userId, id);
  if (!row) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
  return row;
}
