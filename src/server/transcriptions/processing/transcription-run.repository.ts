import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { monthlyTranscriptionCounts, transcriptions } from '../../db/schema.js';
import {
  transcriptionColumns,
  type NewTranscriptionRow,
  type TranscriptionRow,
} from '../transcription.repository.js';
import { utcMonth } from '../../quota/usage.js';

/**
 * A job's writes to its row. Each is conditional on the state the job expects, so a cancel (or a
 * deletion) that lands while the job runs is never overwritten by it.
 */

const RUNNABLE: Array<TranscriptionRow['status']> = ['queued', 'processing'];

/** Marks the row as processing and clears the last run's text; undefined when it is not to run. */
export async function startRun(db: Database, id: string): Promise<TranscriptionRow | undefined> {
  const rows = await db
    .update(transcriptions)
    .set({
      status: 'processing',
      progress: 0,
      error: null,
      text: '',
      segments: [],
      updatedAt: new Date(),
    })
    .where(and(eq(transcriptions.id, id), inArray(transcriptions.status, RUNNABLE)))
    .returning(transcriptionColumns);
  return rows[0];
}

/** Writes `values` while the row is still processing; false when it no longer is (cancelled, deleted). */
export async function updateRunningTranscription(
  db: Database,
  id: string,
  values: Partial<NewTranscriptionRow>,
): Promise<boolean> {
  const rows = await db
    .update(transcriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(transcriptions.id, id), eq(transcriptions.status, 'processing')))
    .returning({ id: transcriptions.id });
  return rows.length > 0;
}

export async function readStatus(
  db: Database,
  id: string,
): Promise<TranscriptionRow['status'] | undefined> {
  const rows = await db
    .select({ status: transcriptions.status })
    .from(transcriptions)
    // A deleted transcription is gone for its job, even while its owner may still undo.
    .where(and(eq(transcriptions.id, id), isNull(transcriptions.deletedAt)))
    .limit(1);
  return rows[0]?.status;
}

/** Stops the owner's queued or running transcription; undefined when there was nothing to stop. */
export async function cancelTranscription(
  db: Database,
  userId: string,
  id: string,
): Promise<TranscriptionRow | undefined> {
  const rows = await db
    .update(transcriptions)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(
        eq(transcriptions.id, id),
        eq(transcriptions.userId, userId),
        inArray(transcriptions.status, RUNNABLE),
      ),
    )
    .returning(transcriptionColumns);
  return rows[0];
}

/**
 * Fails a running transcription for a reason that is not the user's (the machine's, after every
 * retry) and gives back its place in the month it was counted in. Once only: a row that is no
 * longer processing is left alone.
 */
export async function failAndGiveSlotBack(
  db: Database,
  row: Pick<TranscriptionRow, 'id' | 'userId'>,
  error: string,
  countedAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const failed = await tx
      .update(transcriptions)
      .set({ status: 'failed', error, updatedAt: new Date() })
      .where(and(eq(transcriptions.id, row.id), eq(transcriptions.status, 'processing')))
      .returning({ id: transcriptions.id });
    if (failed.length === 0) return;
    await tx
      .update(monthlyTranscriptionCounts)
      .set({ count: sql`${monthlyTranscriptionCounts.count} - 1` })
      .where(
        and(
          eq(monthlyTranscriptionCounts.userId, row.userId),
          eq(monthlyTranscriptionCounts.month, utcMonth(countedAt)),
          gt(monthlyTranscriptionCounts.count, 0),
        ),
      );
  });
}
