import type { Plan } from '../../../core/plans.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { TranscriptionSignals } from '../../live/transcription-signals.js';
import type { AnnounceTranscription } from '../../webhooks/transcription-webhooks.js';
import { deleteTranscription } from './delete-transcription.js';
import { restoreDeletedTranscription } from './restore-deleted-transcription.js';

export interface TrashDeps {
  database: DatabaseHandle;
  /** Wakes a running job (it stops) and open event streams (they hear the change). */
  signals: TranscriptionSignals;
  /** Webhooks: `transcription.deleted` is sent when the user deletes, not when the row is purged. */
  announce?: AnnounceTranscription;
}

/**
 * What "Delete" does for one transcript, from one route or many: deleted at once, running work
 * stopped, open pages told, webhooks sent. Undefined when the uploader `userId` has no such
 * transcript (the caller checked the reader's right to delete it). `actorId` is who deletes it,
 * for the audit trail: null for the retention job.
 */
export async function trashTranscription(
  deps: TrashDeps,
  userId: string,
  id: string,
  now: Date = new Date(),
  actorId: string | null = userId,
): Promise<{ restorableUntil: Date } | undefined> {
  const deleted = await deleteTranscription(deps.database.db, userId, id, now, actorId);
  if (!deleted) return undefined;
  await deps.signals.notify({ transcriptionId: id, userId, teamId: deleted.teamId });
  await deps.announce?.({ id, userId }, 'transcription.deleted');
  return { restorableUntil: deleted.restorableUntil };
}

/** What "Undo" does for one transcript: throws the single route's refusal when it cannot. */
export async function untrashTranscription(
  deps: TrashDeps,
  plan: Plan,
  userId: string,
  id: string,
  actorId: string = userId,
): Promise<void> {
  const { teamId } = await restoreDeletedTranscription(deps.database, plan, userId, id, actorId);
  await deps.signals.notify({ transcriptionId: id, userId, teamId });
}
