import { inArray } from 'drizzle-orm';
import type { BulkResultDto } from '../../../core/api/bulk-actions.js';
import type { TeamPermission } from '../../../core/teams/team-permissions.js';
import type { Database } from '../../db/database.js';
import { transcriptions } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { accessTo } from '../accessible-transcription.js';
import { TRANSCRIPTION_NOT_FOUND } from '../owned-transcription.js';

/** The transcription a bulk action acts on; `userId` is its uploader. */
export interface BulkTarget {
  id: string;
  userId: string;
  teamId: string | null;
}

/**
 * Runs one transcript's action for each id, one after the other, and says which were done and
 * which were refused with the single action's reason. Access is checked here for each first, as
 * the single route checks it (`permission`): an id the user cannot read (someone else's, or none
 * at all, deleted ones included) is "Transcription not found", the same answer for both, so
 * nothing about others leaks; a team role without the permission is refused with its reason.
 * `act` throws an AppError to refuse; any other error ends the whole request.
 */
export async function runBulkAction(
  db: Database,
  userId: string,
  ids: readonly string[],
  permission: TeamPermission,
  act: (target: BulkTarget) => Promise<void>,
): Promise<BulkResultDto> {
  const unique = [...new Set(ids)];
  const rows =
    unique.length === 0
      ? []
      : await db
          .select({
            id: transcriptions.id,
            userId: transcriptions.userId,
            teamId: transcriptions.teamId,
          })
          .from(transcriptions)
          .where(inArray(transcriptions.id, unique));
  const found = new Map(rows.map((row) => [row.id, row]));
  const result: BulkResultDto = { done: [], refused: [] };
  for (const id of unique) {
    const target = found.get(id);
    try {
      if (!target) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
      await accessTo(db, userId, target, permission);
      await act(target);
      result.done.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.refused.push({ id, message: error.message });
    }
  }
  return result;
}
