import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { transcriptions } from '../../db/schema.js';
import { RESTORABLE_SECONDS } from './trash-window.js';
import { recordTranscriptionEvent } from '../../audit/record-transcription-event.js';
import { deleteEvent } from '../../audit/transcription-events.js';

/**
 * Deletes the owner's transcript at once for everything that reads it (the list, search, usage,
 * share links, the API, a running job, which stops as when cancelled), while keeping its row and
 * audio for RESTORABLE_SECONDS so the owner can undo; the sweep then deletes both for good.
 * Undefined when the owner has no such transcript. `actorId` is who deletes it for the audit trail:
 * null for the retention job.
 */
export async function deleteTranscription(
  db: Database,
  userId: string,
  id: string,
  now: Date = new Date(),
  actorId: string | null = userId,
): Promise<{ restorableUntil: Date; teamId: string | null } | undefined> {
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(transcriptions)
      .set({
        deletedAt: now,
        // A queued or running job ends as cancelled: an undo gives back what it had made so far.
        status: sql`case when ${transcriptions.status} in ('queued', 'processing') then 'cancelled' else ${transcriptions.status} end`,
        updatedAt: now,
      })
      .where(
        and(
          eq(transcriptions.id, id),
          eq(transcriptions.userId, userId),
          isNull(transcriptions.deletedAt),
        ),
      )
      .returning({ id: transcriptions.id, teamId: transcriptions.teamId });
    if (deleted) await recordTranscriptionEvent(tx, deleteEvent(actorId, id));
    return deleted;
  });
  if (!row) return undefined;
  return {
    restorableUntil: new Date(now.getTime() + RESTORABLE_SECONDS * 1000),
    teamId: row.teamId,
  };
}
