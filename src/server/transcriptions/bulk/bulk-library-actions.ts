import type { BulkResultDto } from '../../../core/api/bulk-actions.js';
import { planFor } from '../../../core/plans.js';
import { isUserPaid } from '../../billing/is-user-paid.js';
import { AppError } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { TRANSCRIPTION_NOT_FOUND } from '../owned-transcription.js';
import { retranscribeTranscription } from '../retranscribe-transcription.js';
import {
  type TrashDeps,
  trashTranscription,
  untrashTranscription,
} from '../trash/trash-transcription.js';
import { runBulkAction } from './bulk-action.js';

export type BulkDeps = TrashDeps & { queue: JobQueue };

/** "Delete N": each as a single delete (webhooks, stopped jobs, undo for 30 s). */
export function bulkDeleteTranscriptions(
  deps: BulkDeps,
  userId: string,
  ids: readonly string[],
): Promise<BulkResultDto> {
  return runBulkAction(deps.database.db, userId, ids, async (id) => {
    const deleted = await trashTranscription(deps, userId, id);
    if (!deleted) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
  });
}

/** The "Undo" of "Delete N": each restored as a single undo, while the storage holds them. */
export async function bulkRestoreTranscriptions(
  deps: BulkDeps,
  userId: string,
  ids: readonly string[],
): Promise<BulkResultDto> {
  const plan = planFor(await isUserPaid(deps.database.db, userId));
  return runBulkAction(deps.database.db, userId, ids, (id) =>
    untrashTranscription(deps, plan, userId, id),
  );
}

/**
 * "Transcribe again" for each, as the single button: counted against the month (the ones past the
 * plan's limit are refused with its message), and an edited transcript keeps its corrected state
 * as a version to restore.
 */
export async function bulkRetranscribeTranscriptions(
  deps: BulkDeps,
  userId: string,
  ids: readonly string[],
): Promise<BulkResultDto> {
  const isPaid = await isUserPaid(deps.database.db, userId);
  return runBulkAction(deps.database.db, userId, ids, async (id) => {
    await retranscribeTranscription(
      { database: deps.database, queue: deps.queue },
      { userId, isPaid, transcriptionId: id, wholeFile: false },
    );
    await deps.signals.notify({ transcriptionId: id, userId });
  });
}
