import { z } from 'zod';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { findTranscriptionForUser, type TranscriptionRow } from './transcription.repository.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
export const TRANSCRIPTION_NOT_FOUND = 'Transcription not found';

/** The user's transcription named by the route's `:id`; anyone else's (or none) is a 404. */
export async function findOwnedTranscription(
  db: Database,
  userId: string,
  params: unknown,
): Promise<TranscriptionRow> {
  const parsed = idParams.safeParse(params);
  const row = parsed.success
    ? await findTranscriptionForUser(db, userId, parsed.data.id)
    : undefined;
  if (!row) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
  return row;
}
