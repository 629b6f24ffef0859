import type { BulkResultDto } from '../../../core/api/bulk-actions.js';
import { type Plan, planFor } from '../../../core/plans.js';
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
  return runBulkAction(deps.database.db, userId, ids, 'manageTranscriptions', async (target) => {
    const deleted = await trashTranscription(deps, target.userId, target.id, new Date(), userId);
    if (!deleted) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
  });
}

/** The "Undo" of "Delete N": each restored as a single undo, while the storage holds them. */
export async function bulkRestoreTranscriptions(
  deps: BulkDeps,
  userId: string,
  ids: readonly string[],
): Promise<BulkResultDto> {
  // Each counts against its uploader's storage, so each uploader's plan decides.
  const plans = new Map<string, Plan>();
  const planOf = async (uploaderId: string) => {
    const plan = plans.get(uploaderId) ?? planFor(await isUserPaid(deps.database.db, uploaderId));
    plans.set(uploaderId, plan);
    return plan;
  };
  return runBulkAction(deps.database.db, userId, ids, 'manageTranscriptions', async (target) =>
    untrashTranscription(deps, await planOf(target.userId), target.userId, target.id, userId),
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
  // Each counts against its uploader's month, so each uploader's plan decides.
  const paid = new Map<string, boolean>();
  const isPaidOf = async (uploaderId: string) => {
    const isPaid = paid.get(uploaderId) ?? (await isUserPaid(deps.database.db, uploaderId));
    paid.set(uploaderId, isPaid);
    return isPaid;
  };
  return runBulkAction(deps.database.db, userId, ids, 'edit', async (target) => {
    await retranscribeTranscription(
      { database: deps.database, queue: deps.queue },
      {
        userId: target.userId,
        actorId: userId,
        isPaid: await isPaidOf(target.userId),
        transcriptionId: target.id,
        wholeFile: false,
      },
    );
    await deps.signals.notify({
      transcriptionId: target.id,
      userId: target.userId,
      teamId: target.teamId,
    });
  });
}
