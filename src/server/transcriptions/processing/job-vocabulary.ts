import { withoutRepeats } from '../../../core/api/vocabulary.js';
import { findVocabulary } from '../../accounts/vocabulary.repository.js';
import type { Database } from '../../db/database.js';
import type { TranscriptionRow } from '../transcription.repository.js';

/**
 * The terms a run listens for: the upload's own first (the user named them for this file), then
 * the account's, read when the run starts so a re-transcription hears terms added since.
 */
export async function jobVocabulary(
  db: Database,
  row: Pick<TranscriptionRow, 'userId' | 'vocabulary'>,
): Promise<string[]> {
  return withoutRepeats([...(row.vocabulary ?? []), ...(await findVocabulary(db, row.userId))]);
}
