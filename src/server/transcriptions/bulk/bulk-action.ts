import { and, eq, inArray } from 'drizzle-orm';
import type { BulkResultDto } from '../../../core/api/bulk-actions.js';
import type { Database } from '../../db/database.js';
import { transcriptions } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { TRANSCRIPTION_NOT_FOUND } from '../owned-transcription.js';

/**
 * Runs one transcript's action for each id, one after the other, and says which were done and
 * which were refused with the single action's reason. Ownership is checked here for all of them
 * first: an id that is not the user's (someone else's, or none at all, deleted ones included) is
 * "Transcription not found", the same answer for both, so nothing about others leaks.
 * `act` throws an AppError to refuse; any other error ends the whole request.
 */
export async function runBulkAction(
  db: Database,
  userId: string,
  ids: readonly string[],
  act: (id: string) => Promise<void>,
): Promise<BulkResultDto> {
  const unique = [...new Set(ids)];
  const owned = new Set(
    (
      await db
        .select({ id: transcriptions.id })
        .from(transcriptions)
        .where(and(eq(transcriptions.userId, userId), inArray(transcriptions.id, unique)))
    ).map((row) => row.id),
  );
  const result: BulkResultDto = { done: [], refused: [] };
  for (const id of unique) {
    if (!owned.has(id)) {
      result.refused.push({ id, message: TRANSCRIPTION_NOT_FOUND });
      continue;
    }
    try {
      await act(id);
      result.done.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.refused.push({ id, message: error.message });
    }
  }
  return result;
}
