import { and, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { transcriptions } from '../../db/schema.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import { RESTORABLE_SECONDS } from './trash-window.js';

/** Rows purged per statement, so one sweep after a long outage stays a series of small ones. */
const BATCH = 100;

/**
 * Deletes for good the transcripts deleted longer ago than they can be restored: the audio first,
 * then the row (with its versions and lines), so a failure leaves the row for the next sweep
 * rather than audio nobody can reach. Answers how many were purged.
 */
export async function purgeDeletedTranscriptions(
  db: Database,
  storage: ObjectStorage,
): Promise<number> {
  let purged = 0;
  for (;;) {
    const due = await db
      .select({ id: transcriptions.id, audioKey: transcriptions.audioKey })
      .from(transcriptions)
      .where(
        and(
          isNotNull(transcriptions.deletedAt),
          lt(transcriptions.deletedAt, sql`now() - make_interval(secs => ${RESTORABLE_SECONDS})`),
        ),
      )
      .limit(BATCH);
    if (due.length === 0) return purged;
    for (const row of due) await storage.delete(row.audioKey);
    await db.delete(transcriptions).where(
      and(
        inArray(
          transcriptions.id,
          due.map((row) => row.id),
        ),
        isNotNull(transcriptions.deletedAt),
      ),
    );
    purged += due.length;
  }
}
