import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/database.js';
import { withRawTransaction, type ExecuteSql } from '../db/raw-transaction.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { namesGiven, namesMoved } from '../known-voices/remember-named-voices.js';
import { enqueueRememberVoices } from '../known-voices/remember-voices-jobs.js';
import { transcriptions, user, type StoredSegment } from '../db/schema.js';
import { FIRST_SPEAKER } from '../../core/speakers.js';
import { AppError } from '../errors/app-error.js';
import { textFromSegments } from './transcript-segments.js';
import { parsePatch, type EditedSegment, type ValidPatch } from './transcript-patch.js';
import { renameSpeakers } from './rename-speakers.js';
import { wordsAfterEdit } from './words-after-edit.js';
import type { TranscriptionPatch } from '../../core/api/transcriptions.js';
import { findTranscriptionForUser, type TranscriptionRow } from './transcription.repository.js';
import { recordVersion } from './versions/record-version.js';
import { kindOfEdit } from './versions/kind-of-edit.js';
import { editEvent } from '../audit/transcription-events.js';
import { recordTranscriptionEventIn } from '../audit/record-transcription-event.js';

export const NOT_EDITABLE = 'Only a completed transcript can be edited.';
export const staleVersionMessage = (current: number) =>
  `This transcript was changed elsewhere (it is now at version ${current}). Reload it to see the latest, then make your edit again.`;

/** How far segments may reach: the transcribed audio, or the machine's own segments if longer. */
export function editableSeconds(row: TranscriptionRow): number {
  const machineSegments = row.originalSegments ?? row.segments;
  const machineEnd = Math.max(0, ...machineSegments.map((segment) => segment.end));
  return Math.max(row.transcribeSeconds ?? row.durationInSeconds, machineEnd);
}

/**
 * Each edited line keeps the speaker of the line at its place unless the edit names one, and its
 * words unless its text changed (wordsAfterEdit).
 */
function withSpeakers(edited: EditedSegment[], current: StoredSegment[]): StoredSegment[] {
  const spoken = edited.map((segment, index) => ({
    ...segment,
    speaker: segment.speaker ?? current[index]?.speaker ?? current.at(-1)?.speaker ?? FIRST_SPEAKER,
  }));
  return wordsAfterEdit(spoken, current);
}

/** Whether the edit left lines whose words wait for the alignment job. */
export const hasWordsToAlign = (row: TranscriptionRow): boolean =>
  row.segments.some((segment) => segment.wordsToAlign === true);

/** The lines after the edit: its segments first, then its renames on the result. */
function editedSegments(patch: ValidPatch, current: StoredSegment[]): StoredSegment[] | undefined {
  const segments = patch.segments ? withSpeakers(patch.segments, current) : undefined;
  if (!patch.speakers) return segments;
  return renameSpeakers(segments ?? current, patch.speakers);
}

/** An edit that names no version is made again on the latest this many times before a 409. */
const ATTEMPTS_ON_THE_LATEST = 5;

export interface EditTranscriptionDeps {
  database: DatabaseHandle;
  /** Takes the job that remembers the voices an edit names. */
  queue: JobQueue;
}

/**
 * Applies a PATCH to a transcript the user owns. What is written is computed from the row as read
 * (speakers kept or renamed), so the write is conditional on that row's version: another tab's
 * edit in between is a 409 for an edit made on a version, and for an edit that names none, the
 * edit is made again on the latest. The machine's transcript is kept on the first edit.
 */
export async function editTranscription(
  deps: EditTranscriptionDeps,
  row: TranscriptionRow,
  body: TranscriptionPatch,
  ifMatch: string | undefined,
  authorId: string = row.userId,
): Promise<TranscriptionRow> {
  if (row.status !== 'completed') throw new AppError('conflict', NOT_EDITABLE);
  const patch = parsePatch(body, ifMatch, editableSeconds(row));
  let current = row;
  for (let attempt = 1; ; attempt += 1) {
    const updated = await writeEdit(deps, current, patch, authorId);
    if (updated) return updated;
    const latest = await findTranscriptionForUser(deps.database.db, row.userId, row.id);
    if (!latest) throw new AppError('not_found', 'Transcription not found');
    if (latest.status !== 'completed') throw new AppError('conflict', NOT_EDITABLE);
    if (patch.version !== undefined || attempt === ATTEMPTS_ON_THE_LATEST)
      throw new AppError('conflict', staleVersionMessage(latest.version));
    current = latest;
  }
}

/** What a version keeps of a row. */
export const stateOf = (row: TranscriptionRow) => ({
  transcriptionId: row.id,
  version: row.version,
  filename: row.filename,
  segments: row.segments,
});

/** Whether the owner chose to remember the voices they name, read inside the edit's transaction. */
async function remembersVoices(
  db: Database,
  executeSql: ExecuteSql,
  userId: string,
): Promise<boolean> {
  const query = db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.rememberVoices, true)))
    .toSQL();
  return (await executeSql(query.sql, query.params)).rows.length > 0;
}

/**
 * One statement for the version check and the write, so another tab's edit cannot come between.
 * In the same transaction, the job that remembers the voices the edit names (when the owner
 * chose so): a restart cannot keep the one and lose the other. The row is read back after the
 * commit (another tab's later edit, if one came in between, is what the answer then shows).
 */
async function writeEdit(
  deps: EditTranscriptionDeps,
  row: TranscriptionRow,
  patch: ValidPatch,
  authorId: string,
): Promise<TranscriptionRow | undefined> {
  const { db } = deps.database;
  const segments = editedSegments(patch, row.segments);
  const names = segments ? namesGiven(row.segments, segments) : [];
  const moved = segments ? namesMoved(row.segments, segments) : [];
  const kind = kindOfEdit(row.segments, segments);
  const update = db
    .update(transcriptions)
    .set({
      ...(patch.filename !== undefined ? { filename: patch.filename } : {}),
      ...(segments !== undefined ? { segments, text: textFromSegments(segments) } : {}),
      originalText: sql`coalesce(${transcriptions.originalText}, ${transcriptions.text})`,
      originalSegments: sql`coalesce(${transcriptions.originalSegments}, ${transcriptions.segments})`,
      version: sql`${transcriptions.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(transcriptions.id, row.id),
        eq(transcriptions.userId, row.userId),
        eq(transcriptions.status, 'completed'),
        isNull(transcriptions.deletedAt),
        eq(transcriptions.version, patch.version ?? row.version),
      ),
    )
    .returning({ id: transcriptions.id })
    .toSQL();
  const written = await withRawTransaction(deps.database, async (executeSql) => {
    const { rows } = await executeSql(update.sql, update.params);
    if (rows.length === 0) return false;
    await recordVersion(
      executeSql,
      { state: stateOf(row), madeAt: row.completedAt ?? row.updatedAt },
      {
        transcriptionId: row.id,
        version: row.version + 1,
        filename: patch.filename ?? row.filename,
        segments: segments ?? row.segments,
      },
      { kind, authorId, at: new Date() },
    );
    await recordTranscriptionEventIn(executeSql, editEvent(authorId, row.id, { kind }));
    if (names.length + moved.length > 0 && (await remembersVoices(db, executeSql, row.userId)))
      await enqueueRememberVoices(
        deps.queue,
        { transcriptionId: row.id, names, moved },
        executeSql,
      );
    return true;
  });
  return written ? findTranscriptionForUser(db, row.userId, row.id) : undefined;
}
