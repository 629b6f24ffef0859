import { FIELD_PURPOSES } from '../db/encryption/encrypted-columns.js';
import { decryptField } from '../db/encryption/field-envelope.js';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { planFor } from '../../core/plans.js';
import type { DatabaseHandle } from '../db/database.js';
import { withRawTransaction } from '../db/raw-transaction.js';
import { recordTranscriptionEventIn } from '../audit/record-transcription-event.js';
import { editEvent } from '../audit/transcription-events.js';
import { transcriptions } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { WORK_PRIORITY } from '../speech/engines/engine.js';
import { transcriptionWindow } from './create-transcription.js';
import { assertMonthlyQuota, countTranscription, lockUserQuota } from '../quota/monthly-quota.js';
import { findTranscriptionForUser, type TranscriptionRow } from './transcription.repository.js';
import { enqueueTranscription } from './processing/transcription-jobs.js';
import type { StoredSegment } from '../db/schema.js';
import { keepReplacedState, type TranscriptState } from './versions/record-version.js';

export const NOT_FOUND = 'Transcription not found';
export const STILL_RUNNING =
  'This transcription is still being processed. Try again once it has finished.';
export const NO_RECORDING =
  'The recording was deleted by your retention setting, so it cannot be transcribed again.';
export const WHOLE_FILE_IS_PRO =
  'Transcribing the whole file is part of Pro: the Free plan transcribes the first 30 seconds of each file. Upgrade to Pro, then transcribe the whole file.';

export interface RetranscribeDeps {
  database: DatabaseHandle;
  queue: JobQueue;
}

export interface RetranscribeRequest {
  /** The uploader, whose plan and month pay for it. */
  userId: string;
  /** Who asks, for the audit trail; the uploader when not given. */
  actorId?: string;
  isPaid: boolean;
  transcriptionId: string;
  /** The user asked for the whole file ("Transcribe the whole file"): refused when the plan cuts it. */
  wholeFile: boolean;
}

/** The row as the requeue's RETURNING gives it (raw column names), less the version it set. */
function replacedState(transcriptionId: string, returned: unknown): TranscriptState {
  const row = returned as { version: number; filename: string; segments: StoredSegment[] | string };
  return {
    transcriptionId,
    version: row.version - 1,
    filename: row.filename,
    // Read by raw SQL: the column's text, encrypted (or plain, from before encryption).
    segments:
      typeof row.segments === 'string'
        ? (JSON.parse(
            decryptField(FIELD_PURPOSES.transcriptSegments, row.segments),
          ) as StoredSegment[])
        : row.segments,
  };
}

const RUNNING_STATUSES: Array<TranscriptionRow['status']> = ['queued', 'processing'];

/**
 * Runs a finished transcription again, in place (same id), from the whole stored audio, with the
 * plan and the engine of today: counted like a new transcription. The old transcript stays while
 * the job waits; once it runs, the new transcript grows in its place as chunks finish.
 */
export async function retranscribeTranscription(
  deps: RetranscribeDeps,
  request: RetranscribeRequest,
): Promise<TranscriptionRow> {
  const { db } = deps.database;
  const { userId, transcriptionId } = request;
  const row = await findTranscriptionForUser(db, userId, transcriptionId);
  if (!row) throw new AppError('not_found', NOT_FOUND);
  if (RUNNING_STATUSES.includes(row.status)) throw new AppError('conflict', STILL_RUNNING);
  if (row.audioDeletedAt !== null) throw new AppError('gone', NO_RECORDING);
  const plan = planFor(request.isPaid);
  const window = transcriptionWindow(plan, row.durationInSeconds);
  if (request.wholeFile && plan.limits.transcriptSeconds !== null && window.isTruncated)
    throw new AppError('forbidden', WHOLE_FILE_IS_PRO);

  const requeue = db
    .update(transcriptions)
    .set({
      status: 'queued',
      progress: 0,
      error: null,
      transcribeSeconds: window.transcribeSeconds,
      // The new run is the machine's transcript from now on: the old original goes, and an
      // editor still open on the old text gets a 409 instead of overwriting the new one.
      originalText: null,
      originalSegments: null,
      version: sql`${transcriptions.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(transcriptions.id, row.id),
        eq(transcriptions.userId, userId),
        notInArray(transcriptions.status, RUNNING_STATUSES),
        isNull(transcriptions.deletedAt),
      ),
    )
    // The lines and name are not changed here: what is returned is the state being replaced.
    .returning({
      version: transcriptions.version,
      filename: transcriptions.filename,
      segments: transcriptions.segments,
      completedAt: transcriptions.completedAt,
      updatedAt: transcriptions.updatedAt,
    })
    .toSQL();
  await withRawTransaction(deps.database, async (executeSql) => {
    await lockUserQuota(executeSql, userId);
    await assertMonthlyQuota(executeSql, db, plan, userId);
    // Conditional, so a second click that raced the first finds the job already queued.
    const { rows } = await executeSql(requeue.sql, requeue.params);
    if (rows.length === 0) throw new AppError('conflict', STILL_RUNNING);
    // The transcript as it was (corrections and all) stays a version its owner can restore.
    await keepReplacedState(
      executeSql,
      replacedState(row.id, rows[0]),
      row.completedAt ?? row.createdAt,
    );
    await countTranscription(executeSql, db, userId, new Date());
    await recordTranscriptionEventIn(
      executeSql,
      editEvent(request.actorId ?? userId, row.id, { kind: 'retranscribed' }),
    );
    const priority = plan.priorityProcessing ? WORK_PRIORITY.priority : WORK_PRIORITY.standard;
    await enqueueTranscription(deps.queue, { transcriptionId: row.id, priority }, executeSql);
  });
  const updated = await findTranscriptionForUser(db, userId, row.id);
  if (!updated) throw new AppError('not_found', NOT_FOUND);
  return updated;
}
